import Foundation

/// `xclip -selection clipboard -o -t TARGET` on a display: what another program gets off the CLIPBOARD.
public enum XClip {
    /// Reads `target`; `pumping` is called until xclip ends (a window in this process that owns the
    /// clipboard must answer it meanwhile), at most `timeout` seconds.
    public static func read(_ target: String, display: String, timeout: Double = 30,
                            pumping: (() -> Void)? = nil) throws -> (status: Int32, bytes: [UInt8]) {
        guard let path = Requirement.which("xclip") else { throw XvfbServer.Failure.didNotStart("xclip is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-selection", "clipboard", "-o", "-t", target]
        process.environment = ["DISPLAY": display]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var data = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            if let pumping { pumping() } else { usleep(2_000) }
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        done.wait()
        return (process.terminationStatus, [UInt8](data))
    }
}
