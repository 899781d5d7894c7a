/// How a stroke's sprites combine with the page, described for the renderer (QuireInk draws nothing).
public enum InkBlendMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each sprite composited over what is below (premultiplied source-over).
    case normal
    /// The stroke is drawn into a layer of its own, sprites combined by taking the larger coverage
    /// (GL_MAX), so where the stroke crosses itself it is no more opaque; the layer is then composited
    /// over the page at `StrokeRenderStyle.layerOpacity`. That is why a highlighter never darkens itself.
    case highlight
    /// Sprites remove what is below in proportion to their coverage: destination-out
    /// (dst × (1 − src alpha)); their colour is ignored.
    case erase
}

/// What a stroke's ends look like.
public enum InkLineCap: String, Hashable, Sendable, Codable, CaseIterable {
    /// The end dabs at the width the effects give them: a round end with a round brush.
    case round
    /// The first and last dab at the tool's minimum width, so the stroke starts and ends in a point.
    case tapered
}
