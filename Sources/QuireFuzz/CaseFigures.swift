import Foundation

/// What each case cost: its time and the process's peak resident memory while it ran (the peak is
/// reset before each case through /proc/self/clear_refs), the slowest and the largest of a target kept
/// for its summary line. A case whose peak passes the ceiling is a failure, named with its seed.
struct CaseFigures {
    private(set) var slowest = (seconds: 0.0, index: 0)
    private(set) var largest = (megabytes: 0.0, index: 0)

    /// Resets the kernel's peak resident count, so the next reading is the coming case's own.
    static func resetPeak() {
        _ = try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Resident memory now (VmRSS) or at its peak since the last reset (VmHWM), in megabytes; 0 where
    /// /proc cannot be read.
    static func residentMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = line.split(separator: " ").dropFirst().first(where: { !$0.isEmpty }).flatMap({ Double($0) })
        else { return 0 }
        return kilobytes / 1024
    }

    /// Notes case `index`, which took `seconds`; returns its peak resident megabytes.
    mutating func note(case index: Int, seconds: Double) -> Double {
        let peak = Self.residentMegabytes("VmHWM:")
        if seconds > slowest.seconds { slowest = (seconds, index) }
        if peak > largest.megabytes { largest = (peak, index) }
        return peak
    }

    var summary: String {
        String(format: "slowest case %.0f ms (case %d), peak resident %.0f MB (case %d)",
               slowest.seconds * 1000, slowest.index, largest.megabytes, largest.index)
    }
}
