import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real Xorg server for input tests: the `dummy` video driver (a 1280x1024x24 screen in memory) and
/// one device per `EmulatedDevice` through Xorg's built-in `inputtest` driver, which turns bytes
/// written to a UNIX socket into genuine XInput2 events — a pen with pressure, a multi-touch screen,
/// a keyboard — with no hardware. Started for a test and stopped with it; everything it writes lives in
/// a private temporary directory.
///
///     let server = try XorgServer()                       // pen, touchscreen, keyboard
///     let pen = try server.connect(EmulatedDevice.penName)
///     try pen.proximityIn(x: 100, y: 100, pressure: 0)    // device units, see InputTestDevice
///     try pen.sync()                                      // the server has delivered everything
///
/// Xorg needs root (it opens the console); CI runs the tests as root.
public final class XorgServer {
    /// The display name, e.g. ":1", for XOpenDisplay or $DISPLAY.
    public let display: String
    public let devices: [EmulatedDevice]
    /// The inputtest socket of each device, by device name.
    public let socketPaths: [String: String]
    public let width = XorgConfiguration.width
    public let height = XorgConfiguration.height
    /// The private directory holding xorg.conf, xorg.log and the sockets; removed by `stop()`.
    public let directory: URL

    public static let executable = "/usr/lib/xorg/Xorg"
    static let dummyDriver = "/usr/lib/xorg/modules/drivers/dummy_drv.so"
    static let inputtestDriver = "/usr/lib/xorg/modules/input/inputtest_drv.so"

    private let process: Process
    /// Connections the server keeps open until it stops: the inputtest driver accepts one connection
    /// per device (again only after the device is disabled and enabled), and a client that hangs up
    /// early leaves the driver polling a dead socket. So connections live exactly as long as the server.
    private var connections: [String: InputTestDevice] = [:]

    public enum Failure: Error, CustomStringConvertible {
        case notRoot
        case missing(what: String, path: String, package: String)
        case unknownDevice(String)
        case didNotStart(why: String, log: String)
        case deviceUnreachable(name: String, why: String, log: String)

        public var description: String {
            switch self {
            case .notRoot:
                return "Xorg with the inputtest driver needs root (it opens the console); run the tests as root"
            case let .missing(what, path, package):
                return "\(what) is not installed (\(path)); Debian package \(package)"
            case let .unknownDevice(name):
                return "this Xorg has no emulated device named \"\(name)\""
            case let .didNotStart(why, log):
                return "Xorg did not start: \(why)\n--- end of the Xorg log ---\n\(log)"
            case let .deviceUnreachable(name, why, log):
                return "cannot drive the emulated device \"\(name)\": \(why)\n--- end of the Xorg log ---\n\(log)"
            }
        }
    }

    /// Everything the server needs, or the first thing missing. Tests call this to skip with a reason.
    public static func unavailability() -> Failure? {
        if geteuid() != 0 { return .notRoot }
        let fileManager = FileManager.default
        if !fileManager.isExecutableFile(atPath: executable) {
            return .missing(what: "Xorg", path: executable, package: "xserver-xorg-core")
        }
        if !fileManager.fileExists(atPath: dummyDriver) {
            return .missing(what: "Xorg's dummy video driver", path: dummyDriver, package: "xserver-xorg-video-dummy")
        }
        if !fileManager.fileExists(atPath: inputtestDriver) {
            return .missing(what: "Xorg's inputtest input driver", path: inputtestDriver, package: "xserver-xorg-core (21.1 or later)")
        }
        return nil
    }

    public init(devices: [EmulatedDevice] = EmulatedDevice.penTouchKeyboard, timeout: TimeInterval = 15) throws {
        if let failure = Self.unavailability() { throw failure }
        precondition(Set(devices.map(\.name)).count == devices.count, "emulated device names must be unique")
        self.devices = devices

        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("quire-xorg-\(UUID().uuidString.prefix(8))")
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Socket paths must fit sockaddr_un's 108 bytes; names by index keep them short and plain.
        let paths = devices.indices.map { directory.appendingPathComponent("input\($0).socket").path }
        socketPaths = Dictionary(uniqueKeysWithValues: zip(devices.map(\.name), paths))

        let configuration = directory.appendingPathComponent("xorg.conf")
        let log = directory.appendingPathComponent("xorg.log")
        let stderrFile = directory.appendingPathComponent("xorg.stderr")
        do {
            try XorgConfiguration(devices: devices, socketPaths: paths).text
                .write(to: configuration, atomically: true, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }

        let displayPipe = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        // -displayfd 1: Xorg picks a free display itself and writes its number to stdout once it
        // accepts clients, so parallel test runs never collide. -config with an absolute path is
        // allowed for root only. -sharevts/-novtswitch: leave the machine's consoles alone.
        process.arguments = ["-displayfd", "1", "-config", configuration.path, "-logfile", log.path,
                             "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = displayPipe
        // A file, not a pipe: nobody reads Xorg's chatter while it runs, and a full pipe would block it.
        process.standardError = FileHandle(forWritingAtPath: stderrFile.path)
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw Failure.didNotStart(why: "cannot run \(Self.executable): \(error)", log: "")
        }

        let number = Self.readDisplayNumber(from: displayPipe.fileHandleForReading.fileDescriptor, timeout: timeout)
        guard let number else {
            let why = process.isRunning ? "no display number within \(Int(timeout)) s" : "Xorg exited (status \(process.terminationStatus))"
            Self.terminate(process)
            // Xorg fails before opening its log when, say, the config is refused: then stderr says why.
            let tail = FileManager.default.fileExists(atPath: log.path)
                ? Self.tail(of: log, lines: 25) : Self.tail(of: stderrFile, lines: 25)
            try? FileManager.default.removeItem(at: directory)
            throw Failure.didNotStart(why: why, log: tail)
        }
        display = ":\(number)"
    }

    deinit { stop() }

    /// Connects to a device's inputtest socket (handshake included). The server keeps the connection
    /// open until it stops; connecting again to the same device replaces it, which the driver only
    /// accepts after the device was disabled and enabled again.
    public func connect(_ deviceName: String) throws -> InputTestDevice {
        guard let path = socketPaths[deviceName] else { throw Failure.unknownDevice(deviceName) }
        do {
            let device = try InputTestDevice(connectingTo: path)
            connections[deviceName] = device
            return device
        } catch {
            // Usually the driver refused the device's options; the log names the reason.
            throw Failure.deviceUnreachable(name: deviceName, why: "\(error)", log: logTail())
        }
    }

    /// The last lines of the server's log, for failure messages.
    public func logTail(lines: Int = 25) -> String {
        Self.tail(of: directory.appendingPathComponent("xorg.log"), lines: lines)
    }

    /// Stops the server and removes its directory. Safe to call twice.
    public func stop() {
        Self.terminate(process)
        // Only now: a connection closed while the server runs would leave the driver spinning.
        for device in connections.values { device.close() }
        connections = [:]
        try? FileManager.default.removeItem(at: directory)
    }

    private static func terminate(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        // Xorg shuts down in milliseconds; a server stuck in a driver gets SIGKILL rather than hanging the suite.
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Reads the line Xorg writes to -displayfd, waiting with poll() so a hung server cannot hang the test.
    private static func readDisplayNumber(from fd: Int32, timeout: TimeInterval) -> Int? {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 64)
        while !text.contains("\n") {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }  // Xorg exited before writing the number.
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func tail(of file: URL, lines count: Int) -> String {
        guard let data = try? Data(contentsOf: file) else { return "(no log at \(file.path))" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(count).joined(separator: "\n")
    }
}
