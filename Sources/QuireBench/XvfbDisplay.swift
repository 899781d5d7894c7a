import Foundation

/// An Xvfb X server of the benchmark's own (GLX through Mesa's llvmpipe), on a display number it picks
/// itself (-displayfd), stopped with `stop()` or when let go.
final class XvfbDisplay {
    let name: String
    private let process = Process()

    enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(String)
        var description: String {
            switch self {
            case .notInstalled: "Xvfb is not installed (Debian package xvfb)"
            case let .didNotStart(why): "Xvfb did not start: \(why)"
            }
        }
    }

    init(width: Int, height: Int) throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/Xvfb" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { throw Failure.notInstalled }
        let number = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = number
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes its display number once it accepts clients; it exits if it cannot start.
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !text.contains("\n") {
            let data = number.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !digits.isEmpty, Int(digits) != nil else {
            process.terminate()
            process.waitUntilExit()
            throw Failure.didNotStart("no display number reported")
        }
        name = ":" + digits
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
