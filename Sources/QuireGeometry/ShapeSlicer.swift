/// The scissors cut: a closed shape sliced by an open path into the distinct regions it leaves.
///
/// The outline of the shape, cut where the scissors meet it, and the pieces of the scissors inside the
/// shape (cut also where the scissors cross themselves) form a planar arrangement; ends that go nowhere
/// (a cut that stops inside the shape) are pruned; each bounded face inside the shape is one sub-shape,
/// with any untouched holes nested inside it. A closed scissors loop that meets no outline bounds a
/// piece of its own and is a hole in the face around it. A cut from one hole into another separates
/// nothing and is dropped, so the two holes stay two holes, as a person sees them (ClippingBezier keeps
/// them too); a cut from the outline into a hole opens the hole into the outline.
struct ShapeSlicer {
    let shape: BezierPath
    let scissors: BezierPath
    let fillRule: FillRule

    func slice() -> ShapeResult {
        let outline = PathGeometry(shape.closingOpenSubpaths)
        let cut = PathGeometry(scissors)
        guard outline.isFinite && cut.isFinite else { return ShapeResult(shapes: [], problems: [.nonFiniteCoordinates]) }
        guard outline.subpaths.contains(where: { $0.isClosed }) else { return ShapeResult(shapes: [], problems: [.shapeNotClosed]) }

        let intersector = PathIntersector(cut, outline)
        let (hits, hitProblems) = intersector.resolve()
        let (selfHits, selfProblems) = PathIntersector(selfOf: cut).resolve()
        var problems = hitProblems + selfProblems

        // Vertex ids: 0..<hits for the outline meetings, then the scissors' own crossings. Meetings at
        // the same point are one vertex (scissors that pass one place on the outline twice).
        var firstAt: [Point: Int] = [:]
        let vertexOf = hits.enumerated().map { k, h in firstAt[h.point] ?? { firstAt[h.point] = k; return k }() }
        var scissorsCuts = hits.enumerated().map { PathCut(segment: $1.segA, t: $1.t, vertex: vertexOf[$0], point: $1.point) }
        for (k, h) in selfHits.enumerated() {
            scissorsCuts.append(PathCut(segment: h.segA, t: h.t, vertex: hits.count + k, point: h.point))
            scissorsCuts.append(PathCut(segment: h.segB, t: h.u, vertex: hits.count + k, point: h.point))
        }
        // One cut for each place on the outline: two cuts at one place would make a piece of the whole
        // way round between them.
        var outlineCuts: [PathCut] = []
        for (k, h) in hits.enumerated() where !outlineCuts.contains(where: { $0.segment == h.segB && $0.t == h.u }) {
            outlineCuts.append(PathCut(segment: h.segB, t: h.u, vertex: vertexOf[k], point: h.point))
        }

        var arrangement = PlanarArrangement(scale: intersector.scale)
        let classifier = PieceClassifier(shape: outline, fillRule: fillRule, scale: intersector.scale)
        for piece in cut.pieces(cutAt: scissorsCuts) where classifier.side(of: piece) == .inside {
            if piece.isLoop || (piece.startVertex == nil && piece.endVertex == nil && piece.start == piece.end) {
                // A closed loop that meets nothing (or one drawn back to its start without a close): one
                // vertex at both ends, so it bounds the piece inside it and is a hole in the face round it.
                let v = arrangement.freshVertex()
                arrangement.add(piece, from: v, to: v, isCut: true)
            } else if piece.startVertex != nil && piece.startVertex == piece.endVertex && piece.enclosesNothing(scale: intersector.scale) {
                // Out from a meeting and straight back over the same track: it bounds nothing.
                continue
            } else {
                arrangement.add(piece, from: piece.startVertex ?? arrangement.freshVertex(), to: piece.endVertex ?? arrangement.freshVertex(), isCut: true)
            }
        }
        for piece in outline.pieces(cutAt: outlineCuts) {
            if piece.startVertex == nil {
                let v = arrangement.freshVertex()
                arrangement.add(piece, from: v, to: v)
            } else {
                arrangement.add(piece, from: piece.startVertex!, to: piece.endVertex!)
            }
        }
        arrangement.pruneDanglingEdges()
        var faces = arrangement.faces()
        if arrangement.removeCutsWithinHoles(of: faces) {
            arrangement.problems = []
            faces = arrangement.faces()
        }
        problems += arrangement.problems

        var shapes: [SubShape] = []
        for face in faces where classifier.contains(arrangement.interiorPoint(of: face.outline)) {
            shapes.append(SubShape(outline: arrangement.path(of: face.outline), holes: face.holes.map { arrangement.path(of: $0) }))
        }
        return ShapeResult(shapes: shapes, problems: problems)
    }
}

extension BezierPath {
    /// The distinct closed regions left when this closed shape is cut along `scissors` (ClippingBezier's
    /// `uniqueShapesCreatedFromSlicingWithUnclosedPath`). Holes the scissors miss stay holes in the
    /// region around them; a cut into a hole opens it into that region's outline, and a cut from one
    /// hole into another leaves both holes as they were. A scissors path that stops inside the shape
    /// does not separate anything there. A closed scissors loop wholly inside the shape cuts it: the
    /// piece inside the loop, and the rest with a hole where the loop went.
    public func uniqueShapes(slicedBy scissors: BezierPath, fillRule: FillRule = .nonZero) -> ShapeResult {
        ShapeSlicer(shape: self, scissors: scissors, fillRule: fillRule).slice()
    }
}

extension PathPiece {
    /// A piece that comes back to where it started with no area inside (it retraces itself).
    func enclosesNothing(scale: Double) -> Bool {
        abs(curves.reduce(0.0) { $0 + $1.areaContribution }) <= 1e-12 * scale * scale
    }
}
