/// Where a piece of one path lies relative to a filled shape.
enum PieceSide: Sendable {
    case inside, outside
    /// Running along the shape's outline.
    case along
}

/// Classifies pieces of a cut path by testing two points just either side of each piece's middle: both
/// inside or both outside says where the piece is; one of each says the piece runs along the outline.
/// Testing either side, rather than the middle itself, keeps a piece lying on the outline from being
/// decided by rounding.
struct PieceClassifier {
    let shape: PathGeometry
    let fillRule: FillRule
    let offset: Double

    init(shape: PathGeometry, fillRule: FillRule, scale: Double) {
        self.shape = shape
        self.fillRule = fillRule
        offset = 1e-6 * scale
    }

    func side(of piece: PathPiece) -> PieceSide {
        let (m, tangent) = piece.midpoint
        let n = tangent.perpendicular
        let left = contains(m + n * offset), right = contains(m - n * offset)
        if left != right { return .along }
        return left ? .inside : .outside
    }

    func contains(_ p: Point) -> Bool {
        let w = shape.winding(at: p)
        return fillRule == .nonZero ? w != 0 : w & 1 != 0
    }
}
