import Foundation

/// The `QUIRE_*` environment variables that change how the window runs, read once as Quire starts
/// (tests and benchmarks set them; nobody needs them to use Quire). `QUIRE_RESOURCES`, where the
/// brushes are, is `ResourceLocator`'s.
public struct EnvironmentSwitches: Sendable, Equatable {
    /// `QUIRE_FRAME_STATS=1`: frames counted and printed (tests and `make bench-live` read them).
    public var frameStatistics = false
    /// `QUIRE_LATENCY_STATS=1`: input → swap latency printed.
    public var latencyStatistics = false
    /// `QUIRE_INTERFACE=hidden`: the window starts with the toolbar and status hidden (pixel tests of the page).
    public var interfaceHidden = false
    /// `QUIRE_FULL_FRAMES=1`: every frame presents the whole window, even where the server could take a part.
    public var fullFrames = false

    public init() {}

    public init(environment: [String: String]) {
        frameStatistics = environment["QUIRE_FRAME_STATS"] == "1"
        latencyStatistics = environment["QUIRE_LATENCY_STATS"] == "1"
        interfaceHidden = environment["QUIRE_INTERFACE"] == "hidden"
        fullFrames = environment["QUIRE_FULL_FRAMES"] == "1"
    }

    /// This process's switches.
    public static let current = EnvironmentSwitches(environment: ProcessInfo.processInfo.environment)
}
