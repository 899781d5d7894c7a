import QuireX11

/// Input → swap latency, measured for every frame whose content input drove: from the oldest event
/// not yet shown to the moment the frame's presentation (swap or sub-buffer copy) returns. No glFinish
/// is added for it (the frame loop has none): with llvmpipe the frame is rasterized and handed to the
/// X server by then; a GPU driver may return while it still draws. Three parts are kept, each in its
/// own ring:
/// - total: from the X server's time stamp on the event (when the server took it from the device), on
///   the server's clock, which Xorg and Xvfb keep as CLOCK_MONOTONIC milliseconds in 32 bits;
/// - app: from the moment Quire read the event from its connection: Quire's own part, waiting for the
///   frame's slot (`FramePacer`) included;
/// - drawing: from the frame's beginning to its presentation;
/// - newest: from the moment Quire read the newest event the frame shows to its presentation: how far the
///   ink on screen lags the pen. With frames paced to the display the oldest event waits up to a
///   refresh for its frame's slot; the newest one is drawn at once.
struct InputLatency {
    /// Frames kept: the overlay shows the last `shownFrames`, the statistics lines all that are kept.
    static let capacity = 4096
    static let shownFrames = 120

    private(set) var total = LatencyRing(capacity: capacity)
    private(set) var app = LatencyRing(capacity: capacity)
    private(set) var drawing = LatencyRing(capacity: capacity)
    private(set) var newest = LatencyRing(capacity: capacity)
    /// The oldest input taken in that no frame has shown yet.
    private(set) var unshown: InputArrival?
    /// The newest input taken in that no frame has shown yet.
    private(set) var newestUnshown: InputArrival?

    /// Input frames measured so far.
    var frames: Int { app.recorded + app.discarded }

    /// Notes a batch's oldest and newest input events (nil: the batch had none); the oldest unshown
    /// one is kept, and the newest.
    mutating func inputArrived(_ arrival: InputArrival?, newest latest: InputArrival? = nil) {
        if unshown == nil { unshown = arrival }
        if let latest = latest ?? arrival { newestUnshown = latest }
    }

    /// The input taken in since the last frame asked for no frame (a hover with nothing to show): it
    /// is not the start of any frame's latency.
    mutating func inputNeedsNoFrame() {
        unshown = nil
        newestUnshown = nil
    }

    /// A frame that began at `began` and was presented at `presented` (monotonic seconds) showed the
    /// input taken in so far. `serverClockIsMonotonic` false: the server's time stamps are on another
    /// clock, and the total is not known.
    mutating func frameShown(began: Double, presented: Double, serverClockIsMonotonic: Bool) {
        guard let arrival = unshown else { return }
        unshown = nil
        let latest = newestUnshown ?? arrival
        newestUnshown = nil
        if serverClockIsMonotonic {
            total.record(Self.milliseconds(since: arrival.serverTime, at: presented))
        }
        app.record((presented - arrival.received) * 1000)
        drawing.record((presented - began) * 1000)
        newest.record((presented - latest.received) * 1000)
    }

    /// The median and p99 of each part over the last `last` input frames (all kept when nil); nil
    /// before the first. Sorts copies: for a report a few times a second, not for every frame.
    mutating func summary(last: Int? = nil) -> LatencySummary? {
        guard frames > 0 else { return nil }
        func percentiles(_ ring: inout LatencyRing) -> LatencySummary.Percentiles? {
            ring.percentiles([0.5, 0.99], last: last).map { LatencySummary.Percentiles(p50: $0[0], p99: $0[1]) }
        }
        return LatencySummary(frames: min(frames, last ?? frames), total: percentiles(&total), app: percentiles(&app),
                              drawing: percentiles(&drawing), newest: percentiles(&newest),
                              discarded: total.discarded + app.discarded + drawing.discarded + newest.discarded)
    }

    /// Milliseconds from the server time stamp `serverTime` to `now` (monotonic seconds), on the
    /// server's 32-bit millisecond clock: a stamp taken before the clock wrapped past 2³² is still
    /// placed right, as long as it is less than 2³¹ ms (24 days) old. A stamp ahead of `now` comes out
    /// negative, and is discarded by the ring.
    static func milliseconds(since serverTime: UInt32, at now: Double) -> Double {
        guard now.isFinite, abs(now) < 1e12 else { return .nan }
        let nowMilliseconds = now * 1000
        let wholeNow = nowMilliseconds.rounded(.down)
        let wrappedNow = UInt32(truncatingIfNeeded: Int64(wholeNow))
        let whole = Double(Int32(bitPattern: wrappedNow &- serverTime))
        return whole + (nowMilliseconds - wholeNow)
    }
}
