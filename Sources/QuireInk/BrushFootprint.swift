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
    /// How wide vectors draw this brush's ink, as a share of its dabs' width. A soft round dab fades
    /// from its centre ((1 − r²)^1.5 in make-brushes.py), so a line of them overlapping at its spacing is
    /// half dark well inside its rim; a hard-edged outline as wide as the dabs would be a sixth too heavy.
    /// At 0.86 of the width it is half dark where the sprites are and carries as much ink across the
    /// line (measured against the renderer: 34 px of a 40 px line, `SoftBrushVectorExportTests`).
    /// Brushes with a hard rim are drawn their full width.
    public var vectorWidthFraction: Double { name == Brush.softRound.name ? 0.86 : 1 }

    /// What one dab covers (see `BrushFootprint`).
    public var footprint: BrushFootprint {
        // make-brushes.py: chisel is max(|u|, 3|v|) ≤ 1, a nib a third as tall as it is wide.
        name == Brush.chisel.name ? .rectangle(aspect: 1.0 / 3.0) : .disc
    }
}
