import QuireGeometry

/// Fingers on a touchscreen: one pans, two pinch (zoom about their midpoint) and pan together. Fingers
/// rejected as palms are followed only so that their end is recognised.
struct TouchGestures {
    private var touches: [Int: Point] = [:]
    private var rejected: Set<Int> = []

    mutating func began(_ id: Int, at point: Point, isPalm: Bool) {
        if isPalm { rejected.insert(id) } else { touches[id] = point }
    }

    /// Moves a finger, changing `view` as the gesture says.
    mutating func moved(_ id: Int, to point: Point, view: inout PageView) {
        guard let previous = touches[id] else { return }
        if touches.count == 1 {
            view.pan(by: point - previous)
        } else if let (_, other) = touches.first(where: { $0.key != id }) {
            let oldMid = (previous + other) / 2, newMid = (point + other) / 2
            let oldSpan = previous.distance(to: other), newSpan = point.distance(to: other)
            view.pan(by: newMid - oldMid)
            if oldSpan > 1, newSpan > 1 { view.zoom(by: newSpan / oldSpan, around: newMid) }
        }
        touches[id] = point
    }

    /// The fingers on the glass (palms left out), window pixels.
    var fingers: [Int: Point] { touches }

    /// Follows a finger without moving the view (another gesture is using it), so that when that gesture
    /// ends the fingers left carry on from where they are.
    mutating func track(_ id: Int, to point: Point) {
        if touches[id] != nil { touches[id] = point }
    }

    mutating func ended(_ id: Int, at point: Point, view: inout PageView) {
        moved(id, to: point, view: &view)
        touches[id] = nil
        rejected.remove(id)
    }

    /// The touchscreen went away: X sends no more events for its fingers.
    mutating func removeAll() {
        touches.removeAll()
        rejected.removeAll()
    }
}
