import Foundation

/// Four corners in clockwise order on a y-down page: upper-left, upper-right, lower-right, lower-left.
public struct Quadrilateral: Hashable, Sendable, Codable {
    public var upperLeft: Point
    public var upperRight: Point
    public var lowerRight: Point
    public var lowerLeft: Point

    public init(upperLeft: Point, upperRight: Point, lowerRight: Point, lowerLeft: Point) {
        (self.upperLeft, self.upperRight, self.lowerRight, self.lowerLeft) = (upperLeft, upperRight, lowerRight, lowerLeft)
    }

    public init(_ r: Rect) {
        self.init(
            upperLeft: Point(r.minX, r.minY), upperRight: Point(r.maxX, r.minY),
            lowerRight: Point(r.maxX, r.maxY), lowerLeft: Point(r.minX, r.maxY))
    }

    public var corners: [Point] { [upperLeft, upperRight, lowerRight, lowerLeft] }

    /// The smallest rectangle holding the four corners.
    public var bounds: Rect { corners.reduce(Rect.null) { $0.union($1) } }

    /// The order in which to take four touches so they run clockwise (on a y-down page) from the one
    /// nearest the upper-left: sort by angle about their centroid, then start at the touch whose angle
    /// is closest to the upper-left diagonal. The gesture sorts once, at its start, and keeps each
    /// touch in its corner as the fingers move. Nil unless there are exactly four finite touches.
    public static func clockwiseOrder(of touches: [Point]) -> [Int]? {
        guard touches.count == 4, touches.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let c = touches.reduce(Point.zero, +) / 4
        let angle = touches.map { atan2($0.y - c.y, $0.x - c.x) }
        // With y down, increasing atan2 turns clockwise on screen.
        let sorted = touches.indices.sorted { (angle[$0], $0) < (angle[$1], $1) }
        let upperLeftDirection = -3 * Double.pi / 4
        func gap(_ a: Double) -> Double {
            let d = abs(a - upperLeftDirection).truncatingRemainder(dividingBy: 2 * .pi)
            return min(d, 2 * .pi - d)
        }
        let start = sorted.indices.min { (gap(angle[sorted[$0]]), $0) < (gap(angle[sorted[$1]]), $1) }!
        return (0..<4).map { sorted[(start + $0) % 4] }
    }

    /// Four touches as a quadrilateral in clockwise order (see `clockwiseOrder`).
    public init?(touches: [Point]) {
        guard let order = Self.clockwiseOrder(of: touches) else { return nil }
        self.init(upperLeft: touches[order[0]], upperRight: touches[order[1]], lowerRight: touches[order[2]], lowerLeft: touches[order[3]])
    }

    /// Loose Leaf's averaged quadrilateral: a parallelogram that keeps the midpoints of the top and
    /// bottom edges and gives both edges the average of their two edge vectors. Unlike the raw quad of
    /// touches it can never turn concave, so the homography between two of them stays smooth.
    public var averagedParallelogram: Quadrilateral {
        let topMid = (upperLeft + upperRight) / 2, bottomMid = (lowerLeft + lowerRight) / 2
        let half = ((upperRight - upperLeft) + (lowerRight - lowerLeft)) / 4
        return Quadrilateral(upperLeft: topMid - half, upperRight: topMid + half, lowerRight: bottomMid + half, lowerLeft: bottomMid - half)
    }

    /// The average of the top and bottom edge vectors (the parallelogram's horizontal side).
    var acrossVector: Point { ((upperRight - upperLeft) + (lowerRight - lowerLeft)) / 2 }
    /// From the middle of the top edge to the middle of the bottom edge (its other side).
    var downVector: Point { (lowerLeft + lowerRight) / 2 - (upperLeft + upperRight) / 2 }
}
