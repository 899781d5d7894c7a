/// The pull-apart gesture of seed 004: four touches on a scrap, their quadrilateral at the start and
/// now, and the homography between the two averaged parallelograms, which the scrap follows until it
/// snaps into two copies.
public struct StretchGesture: Hashable, Sendable {
    /// Touch indices in corner order, fixed when the gesture began.
    public let order: [Int]
    public let start: Quadrilateral

    /// Nil unless there are four touches in general position.
    public init?(touches: [Point]) {
        guard let order = Quadrilateral.clockwiseOrder(of: touches) else { return nil }
        self.order = order
        start = Quadrilateral(upperLeft: touches[order[0]], upperRight: touches[order[1]], lowerRight: touches[order[2]], lowerLeft: touches[order[3]])
    }

    /// The same touches now, kept in the corners they started in.
    public func quadrilateral(for touches: [Point]) -> Quadrilateral? {
        guard touches.count == 4 else { return nil }
        return Quadrilateral(upperLeft: touches[order[0]], upperRight: touches[order[1]], lowerRight: touches[order[2]], lowerLeft: touches[order[3]])
    }

    /// The map to apply to the scrap: from the starting averaged parallelogram to the current one. Nil
    /// when either has collapsed (touches in a line), in which case the scrap keeps its last transform.
    public func transform(for touches: [Point]) -> Homography? {
        guard let now = quadrilateral(for: touches) else { return nil }
        return Homography(from: start.averagedParallelogram.corners, to: now.averagedParallelogram.corners)
    }

    /// How much each axis of the scrap has stretched: the parallelogram's across and down sides now,
    /// over the same sides at the start. Nil for a collapsed side.
    public func stretch(for touches: [Point]) -> (across: Double, down: Double)? {
        guard let now = quadrilateral(for: touches) else { return nil }
        let a0 = start.acrossVector.length, d0 = start.downVector.length
        guard a0 > 0, d0 > 0 else { return nil }
        let across = now.acrossVector.length / a0, down = now.downVector.length / d0
        guard across.isFinite, down.isFinite else { return nil }
        return (across, down)
    }

    /// Loose Leaf's split rule: the scrap snaps into two copies once its stretch along one axis is more
    /// than twice its stretch along the other.
    public func shouldSplit(for touches: [Point]) -> Bool {
        guard let (across, down) = stretch(for: touches) else { return false }
        if down == 0 { return across > 0 }
        if across == 0 { return true }
        return across > 2 * down || down > 2 * across
    }
}
