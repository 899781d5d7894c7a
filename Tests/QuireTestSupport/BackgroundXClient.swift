import CXTest
import Foundation

/// Another X client inside the test process: its own connection and a small unmapped window, with its
/// own thread answering events. A drag source or clipboard owner must answer the window under test
/// while the test is blocked in that window's `waitForEvents`, exactly as a separate program would;
/// pumping it between the test's polls would tie its replies to the test's polling rhythm and hide
/// bugs where the window only progresses because the test happened to poll. Every use of the
/// connection after `start` happens on the thread: work from the test is queued with `perform`.
final class BackgroundXClient: @unchecked Sendable {
    let display: OpaquePointer
    let window: Window
    private let lock = NSLock()
    private var queued: [() -> Void] = []
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    private var atoms: [String: Atom] = [:]

    init(display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw XvfbServer.Failure.didNotStart("cannot connect to \(name)") }
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.event_mask = PropertyChangeMask
        window = XCreateWindow(display, XDefaultRootWindow(display), -10, -10, 1, 1, 0, 0, UInt32(InputOnly), nil,
                               UInt(CWEventMask), &attributes)
        XSync(display, 0)
    }

    /// Starts answering: `handle` sees every event, on the client's thread.
    func start(_ handle: @escaping @Sendable (inout XEvent) -> Void) {
        let thread = Thread { [self] in
            while true {
                lock.lock()
                let work = queued
                queued.removeAll()
                let stop = stopping
                lock.unlock()
                if stop { break }
                for item in work { item() }
                XFlush(display)
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    handle(&event)
                }
                XFlush(display)
                // A short poll rather than a wake-up pipe: queued work waits at most 10 ms.
                var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 10)
            }
            finished.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Runs `work` on the client's thread, between events.
    func perform(_ work: @escaping () -> Void) {
        lock.lock()
        queued.append(work)
        lock.unlock()
    }

    /// Stops the thread and closes the connection (the server then drops whatever the client owned).
    func stop() {
        lock.lock()
        let wasRunning = thread != nil && !stopping
        let closed = stopping
        stopping = true
        lock.unlock()
        guard !closed else { return }
        if wasRunning { finished.wait() }
        thread = nil
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Atoms are interned on first use; call only from the client's thread (or before `start`).
    func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }

    func name(of atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// Takes the selection `name` at a real server time (before `start`); the client is stopped and an
    /// error thrown when the server kept another owner.
    func own(_ name: String) throws {
        let selection = atom(name)
        XSetSelectionOwner(display, selection, window, serverTime())
        guard XGetSelectionOwner(display, selection) == window else {
            stop()
            throw XvfbServer.Failure.didNotStart("could not take ownership of \(name)")
        }
    }

    /// A real server timestamp (ICCCM: selections must not be owned at CurrentTime): appending nothing
    /// to a property of our window makes the server send a PropertyNotify stamped with its time.
    func serverTime() -> Time {
        let property = atom("QUIRE_TEST_TIMESTAMP")
        var nothing: UInt8 = 0
        XChangeProperty(display, window, property, XA_STRING, 8, PropModeAppend, &nothing, 0)
        var event = XEvent()
        repeat {
            XWindowEvent(display, window, PropertyChangeMask, &event)
        } while event.xproperty.atom != property
        return event.xproperty.time
    }

    func sendClientMessage(to target: Window, _ type: String, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = display
        event.xclient.window = target
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        let v = values + Array(repeating: 0, count: max(0, 5 - values.count))
        event.xclient.data.l = (v[0], v[1], v[2], v[3], v[4])
        XSendEvent(display, target, 0, NoEventMask, &event)
    }

    /// Replies to a SelectionRequest: `property` is None when the conversion was refused.
    func notify(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, NoEventMask, &reply)
    }

    /// Sets a format-32 property of atoms or cardinals (passed to Xlib as C longs).
    func setLongs(_ values: [Int], type: Atom, on target: Window, property: Atom) {
        var longs = values.map { CLong($0) }
        longs.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, target, property, type, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// A property of the client's own window as it stands: its type, its format, and its data as
    /// bytes (format 8) or as items (format 16 and 32, widened from Xlib's C longs); nil when there is
    /// none or it does not read. Deleted after the read when `delete`.
    func readProperty(_ property: Atom, delete: Bool = false) -> (type: Atom, format: Int32, bytes: [UInt8], items: [Int])? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, property, 0, 1 << 24, delete ? 1 : 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data, type != 0 else { return nil }
        defer { XFree(data) }
        switch format {
        case 8: return (type, format, Array(UnsafeBufferPointer(start: data, count: Int(count))), [])
        case 32: return (type, format, [], data.withMemoryRebound(to: CLong.self, capacity: Int(count)) { p in (0..<Int(count)).map { Int(p[$0]) } })
        default: return nil
        }
    }

    func setBytes<C: Collection<UInt8>>(_ bytes: C, type: Atom, on target: Window, property: Atom) {
        let array = Array(bytes)
        array.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(display, target, property, type, 8, PropModeReplace, buffer.baseAddress, Int32(array.count))
        }
    }
}
