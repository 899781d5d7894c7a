/// A touch while a pen draws, or soon after one was seen, is a palm resting on the screen. XI2 has no
/// proximity events, so "the pen is near" means a pen event within `InputSettings.palmRejectionSeconds`.
struct PalmRejection {
    /// When a pen or eraser was last seen (server seconds).
    private var lastPenTime: Double?

    mutating func notePen(at time: Double) {
        lastPenTime = time
    }

    func isPalm(at time: Double, penDrawing: Bool, window: Double) -> Bool {
        if penDrawing { return true }
        guard let last = lastPenTime else { return false }
        return time - last < window
    }
}
