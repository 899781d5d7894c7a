import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end with its wall time and its own peak resident memory, its output to a file.
/// The peak is the kernel's count for the program's own memory (/proc/PID/status VmHWM, which starts
/// afresh at exec), read every 10 ms while it runs: wait4's rusage would give at least this process's
/// own peak, which posix_spawn's child inherits up to its exec.
struct MeasuredProcess {
    var status: Int32
    var seconds: Double
    var peakResidentMegabytes: Double

    static func run(_ path: String, _ arguments: [String], outputTo log: String) throws -> MeasuredProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw NSError(domain: "quire-bench", code: Int(spawned),
                          userInfo: [NSLocalizedDescriptionKey: "\(path) could not be started: \(String(cString: strerror(spawned)))"])
        }
        var status: Int32 = 0
        var peak = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { break }
            peak = max(peak, ProcessStatus.kilobytes("VmHWM:", of: String(pid)))
            usleep(10_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Exited normally: the status's second byte; killed by a signal: 128 + the signal, as a shell says.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return MeasuredProcess(status: code, seconds: seconds, peakResidentMegabytes: Double(peak) / 1024)
    }
}
