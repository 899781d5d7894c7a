import QuireGeometry

extension VectorInk {
    /// Dabs along the centre line with the style's brush and spacing, width, colour and rotation
    /// interpolated between nodes: the same walk the engines make, so the vector form of a whole stroke
    /// gives back its sprites, and a cut piece draws as the part of the stroke it came from.
    public func sprites() -> [Sprite] {
        guard let start, let first = nodes.first else { return [] }
        var inker = SegmentInker(brush: style.brush)
        var sprites: [Sprite] = []
        inker.start(at: first.dab(at: start), into: &sprites)
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            inker.ink(curve, from: nodes[i].dab(at: curve.p0), to: nodes[i + 1].dab(at: curve.p3), into: &sprites)
        }
        return sprites
    }
}
