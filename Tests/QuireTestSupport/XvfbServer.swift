import Foundation

/// A real Xvfb X server (GLX through Mesa), started for a test and stopped with it. The server picks a
/// free display number itself (-displayfd), so tests never collide with each other or a desktop.
public final class XvfbServer {
    public let display: String
    public let width: Int
    public let height: Int
    private let process: Process

    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(String)
        public var description: String {
            switch self {
            case .notInstalled: return "Xvfb is not installed (Debian package xvfb)"
            case let .didNotStart(why): return "Xvfb did not start: \(why)"
            }
        }
    }

    public init(width: Int = 1280, height: Int = 1024) throws {
        guard let xvfb = Requirement.which("Xvfb") else { throw Failure.notInstalled }
        self.width = width
        self.height = height
        let displayPipe = Pipe()
        let errors = Pipe()
        process = Process()
        // Xvfb writes its display number to the descriptor named by -displayfd once it accepts
        // clients; its log goes to stderr, so stdout carries the number alone.
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = displayPipe
        process.standardError = errors
        try process.run()

        var number = ""
        let deadline = Date().addingTimeInterval(15)
        let reader = displayPipe.fileHandleForReading
        while Date() < deadline {
            let data = reader.availableData
            if data.isEmpty { break }
            number += String(decoding: data, as: UTF8.self)
            if number.contains("\n") { break }
        }
        number = number.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, Int(number) != nil else {
            process.terminate()
            let log = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
            throw Failure.didNotStart(log.isEmpty ? "no display number reported" : log)
        }
        display = ":" + number
    }

    deinit {
        stop()
    }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
