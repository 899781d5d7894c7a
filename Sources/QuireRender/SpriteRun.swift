import QuireInk

/// Neighbouring strokes alike in style whose sprites lie side by side on the GPU, gathered so they draw
/// in one call: how the page's own ink (`drawItems`) and a scrap's ink (`drawPlainInk`) batch.
struct SpriteRun {
    private var span = SpriteSpan.empty
    private var style: StrokeRenderStyle?

    /// Adds a stroke's sprites drawn in `style`. Returns the run gathered so far when they cannot join
    /// it (another style, or not right after it on the GPU): the caller draws that now.
    mutating func add(_ next: SpriteSpan, style nextStyle: StrokeRenderStyle) -> (SpriteSpan, StrokeRenderStyle)? {
        if nextStyle == style, let joined = span.joined(with: next) {
            span = joined
            return nil
        }
        defer {
            span = next
            style = nextStyle
        }
        return take()
    }

    /// The run gathered so far, if it has sprites, and an empty run after it.
    mutating func take() -> (SpriteSpan, StrokeRenderStyle)? {
        defer {
            span = .empty
            style = nil
        }
        guard let style, span.count > 0 else { return nil }
        return (span, style)
    }
}
