/// A path split by a closed shape (ClippingBezier's red, green and blue segments).
public struct ShapeSplit: Sendable {
    /// Pieces of the path inside the shape ("red").
    public var inside: [BezierPath]
    /// Pieces of the path outside the shape ("green").
    public var outside: [BezierPath]
    /// Pieces of the path that run along the shape's outline (neither in nor out).
    public var alongBorder: [BezierPath]
    /// The shape's outline cut where the path crosses it or leaves it ("blue").
    public var border: [BezierPath]
    public var problems: [GeometryProblem]
}

extension BezierPath {
    /// Splits this path where it crosses `shape` into the pieces inside and outside it, and cuts the
    /// shape's outline at the same places. A touch does not split a piece. Open subpaths of the shape
    /// are filled as if closed.
    public func split(by shape: BezierPath, fillRule: FillRule = .nonZero) -> ShapeSplit {
        let path = PathGeometry(self), outline = PathGeometry(shape.closingOpenSubpaths)
        let intersector = PathIntersector(path, outline)
        let (hits, problems) = intersector.resolve()
        if !path.isFinite || !outline.isFinite {
            return ShapeSplit(inside: [], outside: [], alongBorder: [], border: [], problems: problems)
        }
        let classifier = PieceClassifier(shape: outline, fillRule: fillRule, scale: intersector.scale)
        let pathCuts = hits.enumerated().map { PathCut(segment: $1.segA, t: $1.t, vertex: $0, point: $1.point) }
        let pieces = path.pieces(cutAt: pathCuts)
        var split = ShapeSplit(inside: [], outside: [], alongBorder: [], border: [], problems: problems)
        for (side, run) in Self.joinedRuns(pieces, sides: pieces.map(classifier.side)) {
            switch side {
            case .inside: split.inside.append(run)
            case .outside: split.outside.append(run)
            case .along: split.alongBorder.append(run)
            }
        }
        let borderCuts = hits.enumerated().filter { $1.kind != .touch }
            .map { PathCut(segment: $1.segB, t: $1.u, vertex: $0, point: $1.point) }
        split.border = outline.pieces(cutAt: borderCuts).map(\.path)
        return split
    }

    /// Consecutive pieces on the same side joined into one path (a touch cuts without changing side),
    /// including the join round a closed subpath from its last piece to its first.
    static func joinedRuns(_ pieces: [PathPiece], sides: [PieceSide]) -> [(PieceSide, BezierPath)] {
        var runs: [(PieceSide, PathPiece)] = []
        for (piece, side) in zip(pieces, sides) {
            if let last = runs.last, last.0 == side, let end = last.1.endVertex, end == piece.startVertex {
                runs[runs.count - 1].1.curves += piece.curves
                runs[runs.count - 1].1.endVertex = piece.endVertex
            } else {
                runs.append((side, piece))
            }
        }
        // A closed subpath's last run may continue into its first run.
        var k = runs.count - 1
        while k > 0 {
            let (side, piece) = runs[k]
            if let firstIndex = runs.firstIndex(where: { $0.1.startVertex != nil && $0.1.startVertex == piece.endVertex }),
                firstIndex < k, runs[firstIndex].0 == side, !piece.isLoop
            {
                runs[firstIndex].1.curves = piece.curves + runs[firstIndex].1.curves
                runs[firstIndex].1.startVertex = piece.startVertex
                runs.remove(at: k)
            }
            k -= 1
        }
        return runs.map { ($0.0, $0.1.startVertex != nil && $0.1.startVertex == $0.1.endVertex && $0.1.curves.count > 0 ? $0.1.closedPath : $0.1.path) }
    }

    /// Every subpath closed, so a shape drawn without a final close still bounds a region.
    var closingOpenSubpaths: BezierPath {
        BezierPath(subpaths.flatMap { sub -> [PathElement] in
            let drawsSomething = sub.elements.contains { if case .move = $0 { return false } else { return true } }
            if case .close = sub.elements.last { return sub.elements }
            return drawsSomething ? sub.elements + [.close] : sub.elements
        })
    }
}

extension PathPiece {
    /// A piece that comes back to its own start, as a closed path.
    var closedPath: BezierPath {
        var p = path
        p.close()
        return p
    }
}
