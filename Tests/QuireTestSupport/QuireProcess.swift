import Foundation

/// The real `quire` executable, launched as a user would launch it, with its output captured so a test
/// can wait for what it says ("Quire is ready", "Wrote the page to …") instead of sleeping.
// Output arrives on a Foundation reader thread; `lock` guards `collected`.
public final class QuireProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var collected = ""
    /// Set when the output pipe reached its end (the program and its children closed it).
    private var outputEnded = false

    /// The `quire` built beside the test bundle (or $QUIRE_EXECUTABLE).
    public static var executablePath: String {
        if let path = ProcessInfo.processInfo.environment["QUIRE_EXECUTABLE"] { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("quire").path
    }

    /// `directory`: the folder it runs in (where the window writes its exports); nil: the tests' own.
    public init(arguments: [String], display: String, environment extra: [String: String] = [:],
                directory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: Self.executablePath)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // A library of its own unless the test names one: tests never touch the user's notebooks.
        environment["XDG_DATA_HOME"] = NSTemporaryDirectory() + "quire-test-data-\(UUID().uuidString)"
        // Tests of the canvas read its pixels: the toolbar and status are left out unless a test of
        // the interface asks for them (QUIRE_INTERFACE=shown).
        environment["QUIRE_INTERFACE"] = "hidden"
        // Nor the user's window size and place (a test that checks them names its own folder).
        environment["XDG_STATE_HOME"] = NSTemporaryDirectory() + "quire-test-state-\(UUID().uuidString)"
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock()
            if data.isEmpty { self.outputEnded = true } else { self.collected += String(decoding: data, as: UTF8.self) }
            self.lock.unlock()
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        try process.run()
    }

    deinit {
        terminate()
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// Everything the program printed so far.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    public var isRunning: Bool { process.isRunning }
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` (SIGKILL for the crash tests) and waits for the program to die.
    public func kill(_ signal: Int32) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }
    public var exitStatus: Int32 { process.terminationStatus }
    public var exitedBySignal: Bool { process.terminationReason == .uncaughtSignal }

    /// Waits until the output contains `needle`; false on timeout or if the program exited first.
    @discardableResult
    public func waitForOutput(containing needle: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if text.contains(needle) { return true }
            if !process.isRunning { return text.contains(needle) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// The last line printed so far that starts with `prefix`.
    public func lastLine(startingWith prefix: String) -> String? {
        text.split(separator: "\n").last { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// How often `needle` occurs in the output so far.
    public func occurrences(of needle: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Waits for the program to exit by itself; false on timeout. Once it has, also waits (briefly) for
    /// the last of its output, so `text` holds all it printed as it ended.
    public func waitForExit(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return false }
        let drained = Date().addingTimeInterval(2)
        while Date() < drained {
            lock.lock()
            let ended = outputEnded
            lock.unlock()
            if ended { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    public func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// Polls `condition` until it holds or `timeout` passes. For what the X server shows after a frame:
/// there is no event that says "this pixel is on screen now".
public func eventually(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return condition()
}
