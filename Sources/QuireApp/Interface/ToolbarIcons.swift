import Foundation
import QuireGeometry
import QuireInk
import QuireRender

/// The toolbar's icons, drawn from vector paths in a 24 × 24 design box (y down) and placed into a
/// button's rectangle at any size, so they are sharp at every interface scale. Light strokes on the
/// toolbar's dark panel; the highlighter's and the colour's own hues where they carry meaning.
enum ToolbarIcons {
    static let ink = InkColor(red: 0.93, green: 0.93, blue: 0.95)

    /// The icon for `button`, fitted into `rect` (window pixels).
    static func icon(_ button: ToolbarButton, in rect: Rect) -> [OverlayItem] {
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
        case .tool(.pen):
            // A nib: a long slanted barrel ending in a point.
            return [shape([(17, 3), (21, 7), (9, 19), (4, 20), (5, 15)]),
                    shape([(6.4, 16.2), (7.8, 17.6), (5.2, 18.8)], color: InkColor(red: 0.13, green: 0.13, blue: 0.15))]
        case .tool(.marker):
            // A broad felt tip.
            return [shape([(15, 2), (22, 9), (12, 19), (5, 12)]), shape([(5, 13), (11, 19), (7, 22), (2, 17)])]
        case .tool(.highlighter):
            return [shape([(3, 17), (21, 17), (21, 22), (3, 22)], color: InkColor(red: 1, green: 0.86, blue: 0.1, alpha: 0.85)),
                    shape([(14, 2), (20, 8), (12, 16), (6, 10)]), shape([(6, 11), (11, 16), (8, 17), (5, 14)])]
        case .tool(.eraser):
            return [shape([(13, 3), (21, 11), (12, 20), (4, 12)]),
                    shape([(4, 12), (8.5, 16.5), (6, 19), (1.5, 14.5)], color: InkColor(red: 0.95, green: 0.55, blue: 0.6))]
        case .tool(.select):
            // An arrow pointer.
            return [shape([(6, 2), (6, 20), (10.5, 15.5), (13.5, 22), (16.5, 20.5), (13.5, 14.5), (19.5, 14.5)])]
        case .tool(.scissors):
            return [ring(7, 18, 3.2), ring(17, 18, 3.2),
                    line([(9.2, 15.6), (18, 2)], width: 1.8), line([(14.8, 15.6), (6, 2)], width: 1.8)]
        case .tool:
            return [ring(12, 12, 7)]
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
