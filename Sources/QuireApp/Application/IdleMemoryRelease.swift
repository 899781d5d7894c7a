import CMemoryRelease

/// Gives the memory Quire freed back to the system while the window is quiet. glibc keeps freed heap
/// memory for later allocations (`CMemoryRelease`), in the main thread's heap and in each decoding
/// thread's: on a page of 100 photos, with decoded pictures and upload copies freed as they arrive,
/// 15–25 MB more stayed resident (281 MB a minute after opening, against 298–307 MB). Released only
/// when no event was handled and no frame drawn for a moment, and at most once a second: the release
/// takes up to about 2 ms with a few hundred megabytes of heap, which a key or a pen sample must not
/// wait behind (while hovering or drawing, there is no release).
struct IdleMemoryRelease {
    /// Seconds without events or frames before a release.
    static let quiet = 0.25
    /// Seconds at least between two releases.
    static let interval = 1.0

    /// What gives the memory back (the C library's trim; tests count the calls).
    private let release: () -> Void
    private var lastWork = -Double.infinity
    private var lastRelease = -Double.infinity
    /// Whether work was done since the last release: the loop then wakes for the next.
    private var owed = false

    init(release: @escaping () -> Void = { _ = quire_release_free_memory() }) {
        self.release = release
    }

    /// Events were handled or a frame drawn at `now`.
    mutating func noteWork(at now: Double) {
        lastWork = now
        owed = true
    }

    /// When the loop is to wake for a release owed for work done (seconds from `now`); nil when none is
    /// owed. A loop woken for other things (pictures decoding in the background) releases as well.
    func secondsUntilDue(now: Double) -> Double? {
        owed ? max(0, lastWork + Self.quiet - now, lastRelease + Self.interval - now) : nil
    }

    /// Gives the memory back when the window has been quiet long enough and the last release is a
    /// second past; whether it did.
    @discardableResult
    mutating func releaseIfDue(now: Double) -> Bool {
        guard now - lastWork >= Self.quiet, now - lastRelease >= Self.interval else { return false }
        owed = false
        lastRelease = now
        release()
        return true
    }
}
