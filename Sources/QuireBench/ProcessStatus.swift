import Foundation

/// A memory figure of a process from /proc/PID/status ("VmRSS:", "VmHWM:"), in kB as the kernel
/// gives it; 0 when it cannot be read (the process has exited, or has no memory of its own yet).
enum ProcessStatus {
    static func kilobytes(_ field: String, of process: String = "self") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// CPU seconds a process has used so far (user and system, from /proc/PID/stat); 0 when it cannot be
    /// read.
    static func cpuSeconds(of process: String = "self") -> Double {
        // The command's name (in parentheses) may hold spaces: the fields are counted after it.
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are the 14th and 15th fields, the 12th and 13th after the name and state.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
