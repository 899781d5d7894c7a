import QuireDocument
import QuireGeometry
import QuireInk

/// A custom item kind's drawing in vector exports (PDF, SVG), adopted by its `CustomItemContent` type in
/// a file of its own: the parts it is drawn as, in its own coordinates (the page's, or a scrap's, which
/// the export carries onto the page). An item whose type does not adopt it is left out of vector exports.
public protocol VectorCustomItem: CustomItemContent {
    /// Its drawing as filled outlines and ink, bottom first, no further from the true shape than
    /// `tolerance` page pixels.
    func vectorParts(tolerance: Double) -> [VectorCustomPart]
}

/// One part of a custom item's vector drawing.
public enum VectorCustomPart: Sendable {
    /// `path` filled (even-odd, as the renderer fills it) in `color` at `opacity`.
    case filled(BezierPath, color: InkColor, opacity: Double)
    /// Ink, drawn as strokes of Quire's own are: by the engine its style names.
    case ink(Stroke)
}
