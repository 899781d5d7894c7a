/// Intersection, union and difference of filled shapes.
///
/// Both outlines are cut where they meet; a piece of one that runs along the other is kept once. The
/// faces of the resulting arrangement are each inside or outside each shape (tested just off an edge),
/// the operation picks faces, and the answer's outline is every edge with a picked face on exactly one
/// side, walked so the picked side is on the left.
struct ShapeBoolean {
    enum Operation { case intersection, union, difference }

    let a: BezierPath
    let b: BezierPath
    let fillRule: FillRule

    func run(_ op: Operation) -> ShapeResult {
        let ga = PathGeometry(a.closingOpenSubpaths), gb = PathGeometry(b.closingOpenSubpaths)
        guard ga.isFinite && gb.isFinite else { return ShapeResult(shapes: [], problems: [.nonFiniteCoordinates]) }
        let intersector = PathIntersector(ga, gb)
        let (hits, hitProblems) = intersector.resolve()
        var problems = hitProblems
        let scale = intersector.scale
        let inA = PieceClassifier(shape: ga, fillRule: fillRule, scale: scale)
        let inB = PieceClassifier(shape: gb, fillRule: fillRule, scale: scale)

        var arrangement = PlanarArrangement(scale: scale)
        func addAll(_ g: PathGeometry, _ cuts: [PathCut], skip: (PathPiece) -> Bool) {
            for piece in g.pieces(cutAt: cuts) where !skip(piece) {
                if let s = piece.startVertex, let e = piece.endVertex {
                    arrangement.add(piece, from: s, to: e)
                } else {
                    let v = arrangement.freshVertex()
                    arrangement.add(piece, from: v, to: v)
                }
            }
        }
        addAll(ga, hits.enumerated().map { PathCut(segment: $1.segA, t: $1.t, vertex: $0, point: $1.point) }) {
            inB.side(of: $0) == .along
        }
        addAll(gb, hits.enumerated().map { PathCut(segment: $1.segB, t: $1.u, vertex: $0, point: $1.point) }) { _ in false }

        let faces = arrangement.faces()
        problems += arrangement.problems
        let picked: [Bool] = faces.map { face in
            let p = arrangement.interiorPoint(of: face.outline)
            let (x, y) = (inA.contains(p), inB.contains(p))
            switch op {
            case .intersection: return x && y
            case .union: return x || y
            case .difference: return x && !y
            }
        }
        // Adjacent picked faces merge: drop the edges between them by rebuilding from the kept sides.
        var merged = PlanarArrangement(scale: scale)
        var faceOfHalfEdge: [Int: Int] = [:]
        for (k, face) in faces.enumerated() {
            for h in face.outline.halfEdges { faceOfHalfEdge[h] = k }
            for hole in face.holes { for h in hole.halfEdges { faceOfHalfEdge[h] = k } }
        }
        for (e, edge) in arrangement.edges.enumerated() {
            let left = faceOfHalfEdge[2 * e].map { picked[$0] } ?? false
            let right = faceOfHalfEdge[2 * e + 1].map { picked[$0] } ?? false
            if left == right { continue }
            let piece = left ? edge.piece : edge.piece.reversed
            let (from, to) = left ? (edge.from, edge.to) : (edge.to, edge.from)
            merged.add(piece, from: from, to: to)
        }
        // Kept edges run with the picked side on their left, so a picked region's outline is walked
        // forwards; a face walked backwards is a gap between picked regions.
        let result = merged.faces().filter { face in
            face.outline.halfEdges.filter { $0 % 2 == 0 }.count * 2 > face.outline.halfEdges.count
        }
        problems += merged.problems
        let shapes = result.map { SubShape(outline: merged.path(of: $0.outline), holes: $0.holes.map { merged.path(of: $0) }) }
        return ShapeResult(shapes: shapes, problems: problems)
    }
}

extension BezierPath {
    /// The region inside both this shape and `other`.
    public func intersection(_ other: BezierPath, fillRule: FillRule = .nonZero) -> ShapeResult {
        ShapeBoolean(a: self, b: other, fillRule: fillRule).run(.intersection)
    }

    /// The region inside either shape.
    public func union(_ other: BezierPath, fillRule: FillRule = .nonZero) -> ShapeResult {
        ShapeBoolean(a: self, b: other, fillRule: fillRule).run(.union)
    }

    /// The region inside this shape and outside `other`.
    public func subtracting(_ other: BezierPath, fillRule: FillRule = .nonZero) -> ShapeResult {
        ShapeBoolean(a: self, b: other, fillRule: fillRule).run(.difference)
    }
}
