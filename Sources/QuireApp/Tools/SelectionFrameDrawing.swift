import Glibc
import QuireGeometry
import QuireInk
import QuireRender

/// How a selection frame looks on screen: a thin line round the item, square grips at its corners and a
/// round turning handle on a short stem, in the interface's blue with white inside so they read on any
/// picture. Window pixels.
enum SelectionFrameDrawing {
    static let accent = InkColor(red: 0.16, green: 0.45, blue: 0.9)
    static let lineWidth = 1.5
    static let gripSize = 9.0
    static let handleRadius = 6.0

    static func overlay(for frame: SelectionFrame, pageToWindow: AffineTransform) -> [OverlayItem] {
        let corners = frame.corners.corners.map(pageToWindow.apply)
        let top = pageToWindow.apply((frame.corners.upperLeft + frame.corners.upperRight) / 2)
        let handle = pageToWindow.apply(frame.rotationHandle)
        var items: [OverlayItem] = [.polyline(corners + [corners[0]], width: lineWidth, color: accent),
                                    .polyline([top, handle], width: lineWidth, color: accent)]
        for corner in corners {
            items.append(.polygon(square(at: corner, side: gripSize + 2), color: accent))
            items.append(.polygon(square(at: corner, side: gripSize - 1), color: .white))
        }
        items.append(.polygon(circle(at: handle, radius: handleRadius + 1), color: accent))
        items.append(.polygon(circle(at: handle, radius: handleRadius - 1), color: .white))
        return items
    }

    private static func square(at c: Point, side: Double) -> [Point] {
        let h = side / 2
        return [Point(c.x - h, c.y - h), Point(c.x + h, c.y - h), Point(c.x + h, c.y + h), Point(c.x - h, c.y + h)]
    }

    private static func circle(at c: Point, radius: Double) -> [Point] {
        (0..<20).map { i in
            let angle = Double(i) / 20 * 2 * Double.pi
            return c + Point(cos(angle), sin(angle)) * radius
        }
    }
}
