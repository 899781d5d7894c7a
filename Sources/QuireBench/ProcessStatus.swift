import Foundation

/// A memory figure of a process from /proc/PID/status ("VmRSS:", "VmHWM:"), in kB as the kernel
/// gives it; 0 when it cannot be read (the process has exited, or has no memory of its own yet).
enum ProcessStatus {
    static func kilobytes(_ field: String, of process: String = "self") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
