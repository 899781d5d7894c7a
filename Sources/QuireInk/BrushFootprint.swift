import Foundation
import QuireGeometry

/// The shape one dab of a brush covers, for drawing ink as vectors (PDF, SVG) that match its sprites:
/// the textures in `Resources/Brushes/` are made by `Packaging/tools/make-brushes.py`, and this says
/// the same shapes in geometry. A brush this build does not know is taken as round.
public enum BrushFootprint: Equatable, Sendable {
    /// A disc as wide as the dab.
    case disc
    /// A rectangle as wide as the dab and `aspect` times as tall, turned by the dab's rotation.
    case rectangle(aspect: Double)

    /// The corners of a `.rectangle` dab of `diameter` at `center` turned by `rotation` (radians, as
    /// the sprite shader turns the texture: screen offset c samples the texture at R(rotation)·c, so
    /// the shape is the texture turned by −rotation on the y-down page); nil for a disc.
    public func corners(center: Point, diameter: Double, rotation: Double) -> [Point]? {
        guard case let .rectangle(aspect) = self else { return nil }
        let half = diameter / 2, halfHeight = diameter * aspect / 2
        let s = sin(rotation), k = cos(rotation)
        return [Point(-half, -halfHeight), Point(half, -halfHeight), Point(half, halfHeight), Point(-half, halfHeight)].map {
            Point(center.x + k * $0.x + s * $0.y, center.y - s * $0.x + k * $0.y)
        }
    }
}

extension Brush {
    /// What one dab covers (see `BrushFootprint`).
    public var footprint: BrushFootprint {
        // make-brushes.py: chisel is max(|u|, 3|v|) ≤ 1, a nib a third as tall as it is wide.
        name == Brush.chisel.name ? .rectangle(aspect: 1.0 / 3.0) : .disc
    }
}
