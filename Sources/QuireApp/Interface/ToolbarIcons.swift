import Foundation
import QuireGeometry
import QuireInk
import QuireRender

/// The toolbar's icons, drawn from vector paths in a 24 × 24 design box (y down) and placed into a
/// button's rectangle at any size, so they are sharp at every interface scale. Light strokes on the
/// toolbar's dark panel; the highlighter's and the colour's own hues where they carry meaning.
enum ToolbarIcons {
    static let ink = InkColor(red: 0.93, green: 0.93, blue: 0.95)

    /// The icon for `button` (a tool's being `toolIcon`), fitted into `rect` (window pixels).
    static func icon(_ button: ToolbarButton, toolIcon: ToolIcon? = nil, in rect: Rect) -> [OverlayItem] {
        let scale = min(rect.width, rect.height) / 24
        let origin = Point(rect.center.x - 12 * scale, rect.center.y - 12 * scale)
        func p(_ x: Double, _ y: Double) -> Point { Point(origin.x + x * scale, origin.y + y * scale) }
        func line(_ points: [(Double, Double)], width: Double = 1.6, color: InkColor = ink) -> OverlayItem {
            .polyline(points.map { p($0.0, $0.1) }, width: width * scale, color: color)
        }
        func shape(_ points: [(Double, Double)], color: InkColor = ink) -> OverlayItem {
            .polygon(points.map { p($0.0, $0.1) }, color: color)
        }
        func ring(_ cx: Double, _ cy: Double, _ r: Double) -> OverlayItem {
            line((0...16).map { i in
                let a = Double(i) / 16 * 2 * Double.pi
                return (cx + r * cos(a), cy + r * sin(a))
            })
        }
        switch button {
        case .tool:
            // A tool's own icon, from its offer (`ToolOffer.icon`); a ring for one without.
            guard let toolIcon else { return [ring(12, 12, 7)] }
            return toolIcon.parts.map { part in
                switch part {
                case let .shape(points, color): .polygon(points.map { p($0.x, $0.y) }, color: color ?? ink)
                case let .line(points, width): .polyline(points.map { p($0.x, $0.y) }, width: width * scale, color: ink)
                case let .ring(center, radius): ring(center.x, center.y, radius)
                }
            }
        case .notebooks:
            // Two notebooks, one behind the other, the front one with a spine and a label.
            return [line([(8, 3), (20, 3), (20, 18)], width: 1.6),
                    shape([(4, 6), (17, 6), (17, 22), (4, 22)]),
                    shape([(6.5, 6), (7.6, 6), (7.6, 22), (6.5, 22)], color: InkColor(red: 0.13, green: 0.13, blue: 0.15)),
                    shape([(9.5, 10), (15, 10), (15, 12.5), (9.5, 12.5)], color: InkColor(red: 0.13, green: 0.13, blue: 0.15))]
        case .pages:
            // Four pages in a grid: the sorter.
            let page = { (x: Double, y: Double) in shape([(x, y), (x + 7.5, y), (x + 7.5, y + 9), (x, y + 9)]) }
            return [page(3.5, 2), page(13, 2), page(3.5, 13), page(13, 13)]
        case .undo, .redo:
            // A hooked arrow, turned round for redo.
            let flip = button == .redo
            func x(_ value: Double) -> Double { flip ? 24 - value : value }
            let arc = (0...12).map { i -> (Double, Double) in
                let a = -Double.pi / 2 + Double(i) / 12 * Double.pi
                return (x(13 + 6 * cos(a)), 13 + 6 * sin(a))
            }
            return [line([(x(6), 7)] + arc + [(x(9), 19)], width: 2),
                    shape([(x(3), 7), (x(8), 2.5), (x(8), 11.5)])]
        }
    }
}
