import Glibc

/// This machine's CLOCK_MONOTONIC, the clock Xorg and Xvfb stamp input events with (in milliseconds,
/// 32 bits): read here directly, so a latency measured against an event's server time compares like
/// with like whatever clock another library's "now" happens to use.
public enum MonotonicClock {
    public static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
