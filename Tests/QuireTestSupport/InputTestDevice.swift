import CInputTestProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client of one `inputtest` device: it writes the driver's binary events to the device's UNIX socket,
/// and the X server turns them into real input events (XI2 motion with valuators, touches, keys).
///
/// Coordinates are **device units**: 0…65535 on both axes over the whole screen, as a tablet reports
/// them. The server maps a value v to the screen pixel v · width / 65536 (so on a 1280-wide screen
/// 51.2 units make one pixel); `units(fromPixel:extent:)` converts. XI2 events carry the pixel position
/// in event_x/root_x and the raw units in the "Abs X"/"Abs Y" valuators.
/// Pen pressure is 0…1000 ("Abs Pressure", axis 4); touch pressure 0…2047 ("Abs MT Pressure").
///
/// Every call only queues bytes in the socket: call `sync()` to wait until the server has processed
/// them all and delivered the resulting events to X clients.
public final class InputTestDevice {
    public let path: String
    public let serverVersion: (major: Int, minor: Int)
    private var fd: Int32

    /// The device-unit range of the position axes.
    public static let axisMaximum = 65535.0
    public static let axisUnitsPerScreen = 65536.0
    /// The pen's pressure range ("Abs Pressure").
    public static let penPressureMaximum = 1000.0
    /// The touchscreen's pressure range ("Abs MT Pressure").
    public static let touchPressureMaximum = 2047.0

    public enum Failure: Error, CustomStringConvertible {
        case cannotConnect(path: String, reason: String)
        case unexpectedResponse(String)
        /// The driver closed the connection: the device was disabled, or the server stopped.
        case closed(path: String)
        case io(path: String, reason: String)

        public var description: String {
            switch self {
            case let .cannotConnect(path, reason): return "cannot connect to the inputtest socket \(path): \(reason)"
            case let .unexpectedResponse(what): return "unexpected inputtest response: \(what)"
            case let .closed(path): return "the inputtest driver closed \(path) (device disabled or server stopped)"
            case let .io(path, reason): return "inputtest socket \(path): \(reason)"
            }
        }
    }

    /// Device units for a pixel position on an axis `extent` pixels long (the inverse of the server's mapping).
    public static func units(fromPixel pixel: Double, extent: Int) -> Double {
        min(pixel * axisUnitsPerScreen / Double(extent), axisMaximum)
    }

    /// Connects and performs the version handshake. Retries while the socket is not there yet (the
    /// driver creates it during server start-up); `timeout` also bounds every later wait for the server.
    public init(connectingTo path: String, timeout: TimeInterval = 10) throws {
        self.path = path
        fd = -1
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let attempt = try Self.connectOnce(path)
            if case let .success(descriptor) = attempt { fd = descriptor; break }
            if case let .failure(code) = attempt, code != ENOENT && code != ECONNREFUSED || Date() > deadline {
                throw Failure.cannotConnect(path: path, reason: String(cString: strerror(code)))
            }
            usleep(5_000)
        }
        // A bounded wait for every response, so a server that never answers fails the test instead of hanging it.
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

        var hello = quire_it_client_version()
        var response = xf86ITResponseServerVersion()
        do {
            try Self.send(&hello, length: hello.header.length, fd: fd, path: path)
            try Self.receive(&response, length: quire_it_server_version_size(), fd: fd, path: path)
            guard response.header.type == XF86IT_RESPONSE_SERVER_VERSION else {
                throw Failure.unexpectedResponse("type \(response.header.type.rawValue) instead of the server version")
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        serverVersion = (Int(response.major), Int(response.minor))
    }

    deinit { close() }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    // MARK: Pen (and any pointer)

    /// The pen enters proximity at a position. Send pressure 0 here: the tip is not down yet.
    public func proximityIn(x: Double, y: Double, pressure: Double? = 0) throws {
        var event = quire_it_proximity(1)
        set(&event.valuators, x: x, y: y, pressure: pressure)
        try send(&event, length: event.header.length)
    }

    public func proximityOut() throws {
        var event = quire_it_proximity(0)
        try send(&event, length: event.header.length)
    }

    /// An absolute motion; nil leaves an axis out of the event (the server keeps its last value).
    public func motion(x: Double, y: Double, pressure: Double? = nil) throws {
        var event = quire_it_motion(1)
        set(&event.valuators, x: x, y: y, pressure: pressure)
        try send(&event, length: event.header.length)
    }

    /// A button press or release; button 1 is the pen's tip, 2 and 3 its side buttons.
    /// Valuators given here move the device with the button, as a tablet's tip-down sample does.
    public func button(_ button: Int, down: Bool, x: Double? = nil, y: Double? = nil, pressure: Double? = nil) throws {
        var event = quire_it_button(Int32(button), down ? 1 : 0)
        set(&event.valuators, x: x, y: y, pressure: pressure)
        try send(&event, length: event.header.length)
    }

    // MARK: Keyboard

    /// A key press or release by X keycode (evdev code + 8 under the default XKB rules: 38 is "a").
    public func key(_ keycode: Int, down: Bool) throws {
        var event = quire_it_key(Int32(keycode), down ? 1 : 0)
        try send(&event, length: event.header.length)
    }

    // MARK: Touchscreen

    /// `id` is the driver's touch slot id; XI2 events carry a touch id the server assigns instead.
    public func touchBegin(id: Int, x: Double, y: Double, pressure: Double? = nil) throws {
        try touch(id: id, type: UInt32(QUIRE_IT_TOUCH_BEGIN), x: x, y: y, pressure: pressure)
    }

    public func touchUpdate(id: Int, x: Double, y: Double, pressure: Double? = nil) throws {
        try touch(id: id, type: UInt32(QUIRE_IT_TOUCH_UPDATE), x: x, y: y, pressure: pressure)
    }

    public func touchEnd(id: Int, x: Double, y: Double, pressure: Double? = nil) throws {
        try touch(id: id, type: UInt32(QUIRE_IT_TOUCH_END), x: x, y: y, pressure: pressure)
    }

    private func touch(id: Int, type: UInt32, x: Double, y: Double, pressure: Double?) throws {
        var event = quire_it_touch(UInt32(id), type)
        set(&event.valuators, x: x, y: y, pressure: pressure)
        try send(&event, length: event.header.length)
    }

    // MARK: Synchronisation

    /// Blocks until the server has processed every event sent so far and handed the resulting X events
    /// to its clients. A client that then round-trips (XSync) has them all in its queue: no sleeps.
    public func sync() throws {
        var request = quire_it_wait_for_sync()
        try send(&request, length: request.header.length)
        var response = xf86ITResponseSyncFinished()
        try receive(&response, length: quire_it_response_header_size())
        guard response.header.type == XF86IT_RESPONSE_SYNC_FINISHED else {
            throw Failure.unexpectedResponse("type \(response.header.type.rawValue) instead of sync finished")
        }
    }

    // MARK: Bytes

    private func set(_ valuators: inout xf86ITValuatorData, x: Double?, y: Double?, pressure: Double?) {
        if let x { quire_it_set_axis(&valuators, Int32(QUIRE_IT_AXIS_X), x) }
        if let y { quire_it_set_axis(&valuators, Int32(QUIRE_IT_AXIS_Y), y) }
        if let pressure { quire_it_set_axis(&valuators, Int32(QUIRE_IT_AXIS_PRESSURE), pressure) }
    }

    private func send<Event>(_ event: inout Event, length: UInt32) throws {
        guard fd >= 0 else { throw Failure.closed(path: path) }
        try Self.send(&event, length: length, fd: fd, path: path)
    }

    private func receive<Response>(_ response: inout Response, length: UInt32) throws {
        guard fd >= 0 else { throw Failure.closed(path: path) }
        try Self.receive(&response, length: length, fd: fd, path: path)
    }

    /// Writes the first `length` bytes of a protocol struct (its C sizeof, from the C constructor).
    private static func send<Event>(_ event: inout Event, length: UInt32, fd: Int32, path: String) throws {
        try withUnsafeBytes(of: &event) { bytes in
            precondition(bytes.count >= Int(length), "Swift's layout of \(Event.self) is shorter than C's sizeof")
            var offset = 0
            while offset < Int(length) {
                // MSG_NOSIGNAL: a socket the driver closed (device disabled) must throw, not SIGPIPE the test run.
                let sent = Glibc.send(fd, bytes.baseAddress! + offset, Int(length) - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE || errno == ECONNRESET { throw Failure.closed(path: path) }
                    throw Failure.io(path: path, reason: String(cString: strerror(errno)))
                }
                offset += sent
            }
        }
    }

    private static func receive<Response>(_ response: inout Response, length: UInt32, fd: Int32, path: String) throws {
        try withUnsafeMutableBytes(of: &response) { bytes in
            precondition(bytes.count >= Int(length))
            var offset = 0
            while offset < Int(length) {
                let got = recv(fd, bytes.baseAddress! + offset, Int(length) - offset, 0)
                if got == 0 { throw Failure.closed(path: path) }
                if got < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        throw Failure.io(path: path, reason: "no response from the server in time")
                    }
                    if errno == ECONNRESET { throw Failure.closed(path: path) }
                    throw Failure.io(path: path, reason: String(cString: strerror(errno)))
                }
                offset += got
            }
        }
    }

    private enum Attempt { case success(Int32), failure(Int32) }

    private static func connectOnce(_ path: String) throws -> Attempt {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw Failure.cannotConnect(path: path, reason: String(cString: strerror(errno)))
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            Glibc.close(descriptor)
            throw Failure.cannotConnect(path: path, reason: "path longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result == 0 { return .success(descriptor) }
        let code = errno
        Glibc.close(descriptor)
        return .failure(code)
    }
}
