import Foundation

/// The `quire` window as a separate process (the one built beside this benchmark), its output
/// collected as it comes so the benchmark can wait for what it prints.
final class WindowProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var collected = ""

    /// `quire` beside the running `quire-bench`, if it was built.
    static var executable: String? {
        let bench = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("quire").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    init(executable: String, arguments: [String], environment extra: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected += String(decoding: data, as: UTF8.self)
            self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        stop()
        output.fileHandleForReading.readabilityHandler = nil
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// The last printed line starting with `prefix`.
    func lastLine(startingWith prefix: String) -> String? {
        text.split(separator: "\n").last { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// Polls (every 20 ms) until `condition` holds or `timeout` seconds pass, or the program exits.
    func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            if !process.isRunning { return condition() }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
