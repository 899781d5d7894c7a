import QuireGeometry

extension VectorInk {
    /// The area a non-round nib (the chisel, `BrushFootprint.rectangle`) sweeps, as a few closed
    /// subpaths all wound one way, to fill non-zero: what `convexPieces` covers, in a fraction of the
    /// points, for PDF and SVG export.
    ///
    /// While the nib moves without its direction crossing one of the nib's sides (so the same two
    /// corners lie furthest to its left and to its right), the area it sweeps is the ribbon between the
    /// paths of those two corners, with the nib at each end: a Minkowski sum of the nib and the path.
    /// So the steps are taken in such runs, each one ribbon (its two corner paths thinned within
    /// `tolerance` by Douglas–Peucker) and the nib where it ends; a step that does not move is the hull
    /// of its two dabs. The hulls of every step's pair of dabs took six points a step (handwriting in
    /// marker: 92 KB of PDF for 25 strokes); a ribbon takes two before thinning and a few after.
    public func sweptOutline(tolerance: Double) -> BezierPath {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
        let dabs = sweptDabs(tolerance: tolerance)
        guard let first = dabs.first else { return BezierPath() }
        var path = BezierPath()
        // Every subpath wound as the hulls are (`convexHull`), so that non-zero fills their union.
        func append(_ polygon: [Point]) {
            guard polygon.count > 2 else { return }
            let piece = BezierPath(polygon: polygon)
            path.append(piece.signedArea < 0 ? piece.reversed : piece)
        }
        append(Self.convexHull(first))
        guard dabs.count > 1, first.count > 2, dabs.allSatisfy({ $0.count == first.count }) else {
            for (a, b) in zip(dabs, dabs.dropFirst()) { append(Self.convexHull(a + b)) }
            return path
        }
        var simplifier = DouglasPeuckerSimplifier(tolerance: tolerance)
        var kept: [Int] = []
        func thinned(_ points: [Point]) -> [Point] {
            simplifier.simplify(points, into: &kept)
            return kept.map { points[$0] }
        }
        var runStart = 0
        var runCorners: (left: Int, right: Int)?
        func endRun(at end: Int) {
            guard let corners = runCorners, end > runStart else { return }
            let left = thinned((runStart...end).map { dabs[$0][corners.left] })
            let right = thinned((runStart...end).map { dabs[$0][corners.right] })
            append(left + right.reversed())
            append(Self.convexHull(dabs[end]))
        }
        for k in 0..<(dabs.count - 1) {
            let from = Self.centre(dabs[k]), direction = Self.centre(dabs[k + 1]) - from
            guard direction.lengthSquared > 0 else {
                endRun(at: k)
                append(Self.convexHull(dabs[k] + dabs[k + 1]))
                runStart = k + 1
                runCorners = nil
                continue
            }
            // The corners furthest to the left and to the right of the way the nib moves.
            let sides = dabs[k].map { direction.cross($0 - from) }
            let corners = (left: sides.indices.max { sides[$0] < sides[$1] }!, right: sides.indices.min { sides[$0] < sides[$1] }!)
            if let current = runCorners, current != corners {
                endRun(at: k)
                runStart = k
            } else if runCorners == nil {
                runStart = k
            }
            runCorners = corners
        }
        endRun(at: dabs.count - 1)
        return path
    }

    private static func centre(_ corners: [Point]) -> Point {
        let sum = corners.reduce(Point(0, 0)) { $0 + $1 }
        return sum / Double(corners.count)
    }
}
