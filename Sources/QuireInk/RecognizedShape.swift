import QuireGeometry

/// A clean shape a hand-drawn stroke was taken for (`ShapeRecognizer`): what it is, and the path a pen
/// would take to draw it cleanly, in the stroke's own coordinates. The path starts where the hand
/// started and goes round the way the hand went, so the clean stroke can take each sample's pressure,
/// tilt and time from the hand-drawn one at the same fraction of the way along
/// (`samples(replacing:)`).
public struct RecognizedShape: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case line, triangle, rectangle, circle, ellipse, arrow
    }

    public var kind: Kind
    /// Straight segments from point to point: a closed shape's ends where it began; an ellipse's has a
    /// point every few pixels; an arrow's goes tail, tip, one barb, back to the tip, the other barb.
    public var path: [Point]

    public init(kind: Kind, path: [Point]) {
        self.kind = kind
        self.path = path
    }

    /// The length of the path.
    public var length: Double { ShapeRecognizer.pathLength(path) }
}
