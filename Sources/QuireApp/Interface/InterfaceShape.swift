import Foundation
import QuireGeometry

/// Shapes the interface is drawn with (panels, bands, buttons), as overlay polygons in window pixels.
enum InterfaceShape {
    /// A rectangle with round corners as a polygon (eight points a corner).
    static func roundedRect(_ rect: Rect, radius: Double) -> [Point] {
        let corners = [(rect.maxX - radius, rect.minY + radius, -Double.pi / 2), (rect.maxX - radius, rect.maxY - radius, 0.0),
                       (rect.minX + radius, rect.maxY - radius, Double.pi / 2), (rect.minX + radius, rect.minY + radius, Double.pi)]
        return corners.flatMap { cx, cy, start in
            (0...7).map { step in
                let angle = start + Double(step) / 7 * Double.pi / 2
                return Point(cx + radius * cos(angle), cy + radius * sin(angle))
            }
        }
    }
}
