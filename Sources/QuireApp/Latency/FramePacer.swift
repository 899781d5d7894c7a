/// At most one frame per display refresh, whatever the driver does with the swap interval: where it
/// is not honoured (llvmpipe, Xvfb, many VMs) a pen at 1 kHz would otherwise have the whole window
/// composited a thousand times a second. Input that arrives before the frame's slot is all drawn in
/// that frame (the newest samples), and the first event after a quiet spell is drawn at once.
struct FramePacer {
    /// Seconds between frames.
    let interval: Double
    /// When the last frame began (monotonic seconds), or nil before the first.
    private(set) var lastFrame: Double?
    /// Frames drawn so far.
    private(set) var framesDrawn = 0

    /// `rate` is the display's refresh in frames a second; one outside 1…1000 (or not finite) is
    /// taken as 60.
    init(rate: Double) {
        interval = 1 / (rate.isFinite && rate >= 1 && rate <= 1000 ? rate : 60)
    }

    /// Seconds until a frame may begin (0: now). A frame begins an interval after the last one began,
    /// less a little slack, so a driver that does wait for the refresh is never made to skip one.
    func wait(now: Double) -> Double {
        guard let lastFrame else { return 0 }
        return max(0, lastFrame + interval * Self.slack - now)
    }

    /// Notes a frame beginning at `now`.
    mutating func frameBegins(now: Double) {
        lastFrame = now
        framesDrawn += 1
    }

    /// The part of the interval a frame waits for: a swap that blocks until the refresh ends a frame a
    /// little after the refresh, and the next slot must not land just beyond the one after.
    static let slack = 0.95
}
