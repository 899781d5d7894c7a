import CGL
import CX11
import Foundation
import QuireGeometry
import QuireInk

/// A top-level X11 window with an OpenGL 3.3 core context. It turns X events into `WindowEvent`s; no X
/// type leaves this module.
public final class X11Window {
    public private(set) var width: Int
    public private(set) var height: Int

    private let display: OpaquePointer
    private let window: Window
    private let colormap: Colormap
    private let context: GLXContext
    private let deleteWindowAtom: Atom
    private let protocolsAtom: Atom
    private var closed = false
    /// The XInput extension's opcode (its events arrive as generic events carrying it), or nil
    /// without XInput 2.2: then the core pointer events are used, without pressure or touch.
    private var xinputOpcode: Int32?
    private var translator = XInputEventTranslator()
    /// Events found while setting up (the first device list), or outside the event stream (a paste
    /// that ended at once), handed out with the next batch.
    private var pending: [WindowEvent] = []
    /// Files dragged onto the window (XDND).
    private var xdnd: XdndTarget!
    /// Typed text through the input method (dead keys, compose, input method servers).
    private var inputMethod: InputMethod?
    /// The paste asked for by `requestPaste()`, until its content is known.
    private var paste: ClipboardPaste?
    /// Where clipboard owners put what a paste asks for (PropertyNotify on it carries INCR chunks).
    private var pasteProperty: Atom = 0
    private lazy var cursors = WindowCursors(display: display, window: window)
    /// Quire's side of the CLIPBOARD when it offers something (`offerClipboard`).
    private var clipboardOwner: SelectionOwner!
    /// The server time of the newest key or button press: what taking the clipboard is stamped with.
    private var lastUserTime = Time(CurrentTime)

    /// Whether the server stamps events with this machine's monotonic clock (`ServerClock`), so that an
    /// event's time can be compared with `MonotonicClock` (checked once, when the window is made).
    public private(set) var serverClockIsMonotonic = false
    /// The oldest pen, mouse or touch event of the last batch `waitForEvents` returned, or nil when the
    /// batch had none: where the input → swap latency starts.
    public private(set) var inputArrival: InputArrival?
    /// The same for the batch's newest pen, mouse or touch event: what the freshest ink shown answers to.
    public private(set) var newestInputArrival: InputArrival?

    /// The X window's id, for tools and tests that talk to the window from another connection.
    public var windowID: UInt { UInt(window) }

    /// The input devices present now.
    public var inputDevices: [InputDevice] { translator.devices.values.sorted { $0.id < $1.id } }

    /// The swap interval in force: 1 when the driver waits for the display's refresh (no tearing, no
    /// wasted frames), 0 when it offers no control (Xvfb, some software paths).
    public private(set) var swapInterval = 0

    /// Frames per second of the monitor the window is on (RandR), or `assumedRefreshRate` when RandR
    /// does not say: the most frames a second worth drawing.
    public private(set) var refreshRate = X11Window.assumedRefreshRate
    /// Whether `refreshRate` came from RandR (false: assumed).
    public private(set) var refreshRateIsMeasured = false
    public static let assumedRefreshRate = 60.0

    /// GLX_MESA_copy_sub_buffer: a rectangle of the back buffer copied to the window, the back buffer
    /// left as it is. With it a frame may redraw and present only what changed (`present(_:)`), and
    /// the back buffer always holds the whole last frame. Nil without the extension, or when
    /// QUIRE_FULL_FRAMES=1 asks for whole swaps (to compare the two).
    private var copySubBuffer: PFNGLXCOPYSUBBUFFERMESAPROC?

    /// Whether `present(_:)` can show part of the window, every other pixel kept from the last frame.
    public var presentsPartially: Bool { copySubBuffer != nil }

    /// Asks the window manager to put the window in or out of fullscreen (EWMH: a `_NET_WM_STATE`
    /// ClientMessage to the root window, toggling `_NET_WM_STATE_FULLSCREEN`). Without a window manager
    /// nothing happens, as with every EWMH request.
    public func toggleFullscreen() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = display
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "_NET_WM_STATE", 0)
        event.xclient.format = 32
        // Action 2 toggles; source 1 is an ordinary application.
        event.xclient.data.l = (2, Int(XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)), 0, 1, 0)
        XSendEvent(display, XDefaultRootWindow(display), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
    }

    /// Where the window's frame is on the screen: the window's own top left less the decorations the
    /// window manager says it added (`_NET_FRAME_EXTENTS`, when it says), so that asking for this
    /// position at the next start puts the window back where it was.
    public var framePosition: (x: Int, y: Int)? {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child) != 0 else { return nil }
        var left = 0, top = 0
        if case let .success(extents) = WindowProperty.read(display: display, window: window,
                                                            property: XInternAtom(display, "_NET_FRAME_EXTENTS", 0),
                                                            limit: 64, delete: false),
           extents.format == 32, extents.items.count == 4 {
            left = Int(min(extents.items[0], 10_000))
            top = Int(min(extents.items[2], 10_000))
        }
        return (Int(x) - left, Int(y) - top)
    }

    /// The X server's resource database text (the RESOURCE_MANAGER property desktops set, holding
    /// `Xft.dpi` among others), or nil when none is set. At most 1 MiB is read.
    public var resourceText: String? {
        guard let text = XResourceManagerString(display) else { return nil }
        let length = strnlen(text, 1 << 20)
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
    /// The window size the last whole frame was presented at.
    private var presentedSize: (width: Int, height: Int)?
    /// Whether the back buffer holds the whole last frame, so the next may draw only what changed:
    /// false after a swap (the driver may hand out another buffer, or a resized one) until a whole
    /// frame is presented again.
    private var backBufferHoldsLastFrame = false
    /// Whether the next frame must be whole even with nothing changed: partial presentation is on and
    /// the last frame was presented by a swap.
    public var owesWholeFrame: Bool { presentsPartially && !backBufferHoldsLastFrame }

    /// Opens the display (`displayName`, or $DISPLAY when nil), creates the window and its GL context
    /// and makes the context current on this thread. The window is not yet shown: call `show()`.
    /// `position` (the window frame's top left on the screen, as `framePosition` reads it) asks for a
    /// place; nil leaves it to the window manager. `presentsWholeFrames`: never present part of the
    /// window, even where the server could (measuring what partial presentation saves).
    public init(title: String = "Quire", width: Int = 1024, height: Int = 768, position: (x: Int, y: Int)? = nil,
                displayName: String? = nil, presentsWholeFrames: Bool = false) throws {
        let name = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"]
        guard let name, !name.isEmpty else { throw X11Error.noDisplay(name: nil) }
        guard let display = XOpenDisplay(name) else { throw X11Error.noDisplay(name: name) }
        XErrorLog.install()
        self.display = display
        self.width = width
        self.height = height
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)

        let glx: GLXSetup
        do {
            glx = try GLXSetup(display: display, screen: screen)
        } catch {
            XCloseDisplay(display)
            throw error
        }
        defer { XFree(glx.visual) }

        colormap = XCreateColormap(display, root, glx.visual.pointee.visual, AllocNone)
        var attributes = XSetWindowAttributes()
        attributes.colormap = colormap
        attributes.border_pixel = 0
        // No background: the X server would otherwise paint the window before every GL frame (flicker).
        attributes.background_pixmap = 0
        attributes.event_mask = ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask | FocusChangeMask | PropertyChangeMask
        window = XCreateWindow(display, root, Int32(clamping: position?.x ?? 0), Int32(clamping: position?.y ?? 0),
                               UInt32(width), UInt32(height), 0, glx.visual.pointee.depth,
                               UInt32(InputOutput), glx.visual.pointee.visual,
                               UInt(CWColormap | CWBorderPixel | CWBackPixmap | CWEventMask), &attributes)
        deleteWindowAtom = WindowManagerHints.apply(display: display, window: window, title: title,
                                                    instanceName: "quire", className: "Quire",
                                                    minimumSize: (320, 240), position: position)
        protocolsAtom = WindowManagerHints.atom(display, "WM_PROTOCOLS")
        xdnd = XdndTarget(display: display, window: window)
        pasteProperty = WindowManagerHints.atom(display, "QUIRE_PASTE")
        clipboardOwner = SelectionOwner(display: display, window: window, selection: "CLIPBOARD")

        do {
            context = try glx.createCoreContext(display: display)
        } catch {
            XDestroyWindow(display, window)
            XFreeColormap(display, colormap)
            XCloseDisplay(display)
            throw error
        }
        glXMakeCurrent(display, window, context)
        swapInterval = Self.syncSwapsToDisplay(display, screen: screen, window: window)
        if !presentsWholeFrames,
           Self.glxExtensions(display, screen: screen).contains("GLX_MESA_copy_sub_buffer"),
           let address = glXGetProcAddressARB("glXCopySubBufferMESA") {
            copySubBuffer = unsafeBitCast(address, to: PFNGLXCOPYSUBBUFFERMESAPROC.self)
        }
        setUpXInput2()
        inputMethod = InputMethod(display: display, window: window)
        serverClockIsMonotonic = ServerClock.isMonotonic(display: display, window: window)
        let (major, minor) = Self.glVersion()
        if major < 3 || (major == 3 && minor < 3) {
            close()
            throw X11Error.glTooOld(version: "\(major).\(minor)")
        }
    }

    deinit { close() }

    /// Asks for XInput 2.2 (the first with touch) and selects pen, mouse and touch events on the window
    /// from every master device, plus device changes on the root. With XI2 selected the server sends
    /// no core pointer events for the window, so the pointer is read through XI2 alone.
    private func setUpXInput2() {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major * 100 + minor >= 202 else { return }
        xinputOpcode = opcode
        select(window, device: XIAllMasterDevices, events: [
            XI_Motion, XI_ButtonPress, XI_ButtonRelease, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd,
        ])
        // Hierarchy changes arrive only on the root; device changes there cover every device once.
        select(XDefaultRootWindow(display), device: XIAllDevices, events: [XI_HierarchyChanged, XI_DeviceChanged])
        // The window's own event mask must not ask for core pointer events any more.
        XSelectInput(display, window, ExposureMask | StructureNotifyMask | KeyPressMask | FocusChangeMask
            | PropertyChangeMask)
        refreshDevices()
    }

    private func select(_ target: Window, device: Int32, events: [Int32]) {
        var bits = [UInt8](repeating: 0, count: Int(quire_XIMaskLen(XI_LASTEVENT)))
        for event in events { quire_XISetMask(&bits, event) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, target, &mask, 1)
        }
    }

    /// Re-reads the device list; reports it, and every device that went away.
    private func refreshDevices() {
        let before = translator.devices
        translator.devices = XInputDeviceQuery.devices(display: display)
        for id in before.keys.sorted() where translator.devices[id] == nil { pending.append(.deviceGone(id: id)) }
        pending.append(.devicesChanged(inputDevices))
    }

    public func show() {
        XMapWindow(display, window)
        XFlush(display)
        if let rate = DisplayRefresh.rate(display: display, window: window, width: width, height: height) {
            refreshRate = rate
            refreshRateIsMeasured = true
        }
    }

    /// Sets `_NET_WM_ICON`, the icon task bars and window switchers show, from `images` (several
    /// sizes let the window manager pick the nearest rather than scale one). An empty list removes it.
    public func setIcon(_ images: [WindowIconImage]) {
        let property = WindowManagerHints.atom(display, "_NET_WM_ICON")
        guard !images.isEmpty else {
            XDeleteProperty(display, window, property)
            return
        }
        let cardinals = images.flatMap(\.cardinals)
        _ = cardinals.withUnsafeBytes {
            XChangeProperty(display, window, property, XA_CARDINAL, 32, PropModeReplace,
                            $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(cardinals.count))
        }
        XFlush(display)
    }

    /// Sets what the pointer looks like over the window (nothing is sent when it already looks so).
    public func setCursor(_ cursor: WindowCursor) {
        cursors.show(cursor)
    }

    /// The largest cursor picture, a side, this server takes.
    public var largestCursorSide: Int { cursors.largestSide }

    public func swapBuffers() {
        glXSwapBuffers(display, window)
    }

    /// Shows the frame just drawn: only `rect` of it (window pixels, y down; nil: all of it) where
    /// `presentsPartially`, else the whole back buffer by a swap.
    public func present(_ rect: Rect?) {
        guard let copySubBuffer else { return swapBuffers() }
        if rect == nil, presentedSize.map({ $0.width != width || $0.height != height }) ?? true {
            // A new size (or the first frame): swapped, since Mesa's software path looks at the window's
            // size again only at a swap. Its back buffer is then not to be trusted: the next frame is
            // whole (`owesWholeFrame`).
            swapBuffers()
            presentedSize = (width, height)
            backBufferHoldsLastFrame = false
            return
        }
        if rect == nil { backBufferHoldsLastFrame = true }
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let shown = (rect ?? bounds).intersection(bounds)
        guard !shown.isNull, !shown.isEmpty else { return }
        let x0 = Int(shown.minX.rounded(.down)), x1 = Int(shown.maxX.rounded(.up))
        let y0 = Int(shown.minY.rounded(.down)), y1 = Int(shown.maxY.rounded(.up))
        // GLX counts rows from the bottom.
        copySubBuffer(display, window, Int32(x0), Int32(height - y1), Int32(x1 - x0), Int32(y1 - y0))
    }

    /// Releases the context, the window and the connection. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        cursors.release()
        inputMethod?.close()
        glXMakeCurrent(display, 0, nil)
        glXDestroyContext(display, context)
        XDestroyWindow(display, window)
        XFreeColormap(display, colormap)
        XCloseDisplay(display)
    }

    /// Asks the clipboard's owner for its content; the answer comes later from `waitForEvents` as one
    /// `.pasted` event: a PNG, a JPEG, a file list or text (in that order of preference; text first when
    /// `preferringText`), or `.nothing` with the reason (empty clipboard, nothing usable, over 256 MiB,
    /// text over 400 KB or not UTF-8, no answer within 5 s). While a paste
    /// is under way another request is ignored: it would ask for the same thing again.
    public func requestPaste(preferringText: Bool = false) {
        guard paste == nil else { return }
        let request = ClipboardPaste(display: display, window: window, property: pasteProperty, preferringText: preferringText)
        paste = request
        collectPaste()
    }

    /// Puts `offer` on the CLIPBOARD, stamped with the newest key or button press (ICCCM: never
    /// CurrentTime when a time is known). False when the server kept another owner.
    @discardableResult
    public func offerClipboard(_ offer: ClipboardOffer) -> Bool {
        clipboardOwner.take(offer, time: lastUserTime)
    }

    /// Whether the CLIPBOARD holds what Quire last offered (no other program has taken it since).
    public var ownsClipboard: Bool { clipboardOwner.owns }

    /// Before closing: a clipboard manager running (the CLIPBOARD_MANAGER selection has an owner) is
    /// asked to keep what Quire offers (SAVE_TARGETS, freedesktop's clipboard-manager spec), and the
    /// requests it makes for the data are answered, for at most `timeout` seconds. Without a manager
    /// the clipboard goes with the window, as with any X program. True when the manager said it saved.
    @discardableResult
    public func handClipboardToManager(timeout: Double = 2) -> Bool {
        guard !closed, clipboardOwner.owns else { return false }
        let manager = XInternAtom(display, "CLIPBOARD_MANAGER", 0)
        let saveTargets = XInternAtom(display, "SAVE_TARGETS", 0)
        guard XGetSelectionOwner(display, manager) != 0 else { return false }
        let property = XInternAtom(display, "QUIRE_SAVE_TARGETS", 0)
        XConvertSelection(display, manager, saveTargets, property, window, lastUserTime)
        XFlush(display)
        let deadline = Date().addingTimeInterval(timeout)
        var saved: Bool?
        serveClipboard(until: deadline, finished: { saved != nil }) { event in
            guard event.type == SelectionNotify, event.xselection.selection == manager, event.xselection.target == saveTargets else { return }
            saved = event.xselection.property != 0
        }
        // INCR transfers the manager began are finished before the window goes.
        serveClipboard(until: deadline, finished: { self.clipboardOwner.transfersUnderWay == 0 })
        return saved == true
    }

    /// Answers the clipboard's requestors, and nothing else (the window is closing), until `finished`
    /// or `deadline`; every event is shown to `look` too.
    private func serveClipboard(until deadline: Date, finished: () -> Bool, look: (XEvent) -> Void = { _ in }) {
        while !finished(), Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                switch event.type {
                case SelectionRequest: clipboardOwner.handle(event.xselectionrequest)
                case SelectionClear: clipboardOwner.handle(event.xselectionclear)
                case PropertyNotify: clipboardOwner.handle(event.xproperty)
                default: break
                }
                look(event)
            }
            guard !finished() else { return }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(1, min(50, deadline.timeIntervalSinceNow * 1000))))
        }
    }

    /// Hands the paste's content out with the next batch once it is known.
    private func collectPaste() {
        guard let content = paste?.content else { return }
        pending.append(.pasted(content))
        paste = nil
    }

    /// Waits until at least one event arrives or `timeout` seconds pass (nil: wait for ever), then
    /// returns every event already queued, in order. Motion is never coalesced: each sample counts.
    /// A paste or drop waiting on another client wakes the wait when its patience runs out, so a silent
    /// owner ends as a `.pasted(.nothing)` even when the caller waits for ever.
    public func waitForEvents(timeout: Double?) -> [WindowEvent] {
        XFlush(display)
        // Three reads of the connection an event were a third of a hovering pen's cost; two now. This
        // one must read: events that came in while GL waited for a reply sit in xcb's queue, where
        // neither Xlib's own count (QueuedAlready) nor poll sees them, and a pen lifted then would wait
        // for the next event. Below, one read takes in what poll says came, and the queue is emptied
        // without reading again.
        if XEventsQueued(display, QueuedAfterReading) == 0 && pending.isEmpty {
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            var wait = timeout.map { max(0, $0) }
            for deadline in [paste?.deadline, xdnd.deadline, clipboardOwner.deadline].compactMap({ $0 }) {
                let untilDeadline = max(0, deadline.timeIntervalSinceNow) + 0.001
                wait = min(wait ?? untilDeadline, untilDeadline)
            }
            // poll takes whole milliseconds; rounding up keeps a deadline from being woken just short.
            let milliseconds = wait.map { Int32(min(Double(Int32.max), ($0 * 1000).rounded(.up))) } ?? -1
            _ = poll(&descriptor, 1, milliseconds)
        }
        var events = pending
        pending.removeAll()
        inputArrival = nil
        newestInputArrival = nil
        var queued = XEventsQueued(display, QueuedAfterReading)
        while queued > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            // A dead key, or a key an input method composes with: it types later, if at all.
            if inputMethod?.filter(&event) == true {
                queued = XEventsQueued(display, QueuedAlready)
                continue
            }
            // A key press's own time stamp: typing is timed input → swap as the pen is.
            let keyTime = event.type == KeyPress ? UInt32(truncatingIfNeeded: event.xkey.time) : nil
            if let translated = translate(&event) {
                if let time = Self.serverTime(of: translated) ?? keyTime {
                    newestInputArrival = InputArrival(serverTime: time, received: MonotonicClock.seconds())
                    if inputArrival == nil { inputArrival = newestInputArrival }
                }
                events.append(translated)
            }
            events += pending
            pending.removeAll()
            queued = XEventsQueued(display, QueuedAlready)
        }
        let now = Date()
        xdnd.checkDeadline(now: now)
        paste?.checkDeadline(now: now)
        clipboardOwner.dropStalledTransfers(now: now)
        collectPaste()
        events += pending
        pending.removeAll()
        return events
    }

    /// The server's time stamp (milliseconds) of a pen, mouse or touch event, as it came: the event
    /// carries it as seconds, a whole number of milliseconds over 1000.
    static func serverTime(of event: WindowEvent) -> UInt32? {
        let seconds: Double
        switch event {
        case let .pointerDown(sample, _, _), let .pointerMoved(sample), let .pointerUp(sample, _, _): seconds = sample.time
        case let .touchBegan(_, _, time), let .touchMoved(_, _, time), let .touchEnded(_, _, time): seconds = time
        default: return nil
        }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= Double(UInt32.max) else { return nil }
        return UInt32(milliseconds)
    }

    /// A key press's keysym and text by XLookupString: Latin-1 bytes, made UTF-8 (`KeyInput.text`).
    private static func lookUpWithoutInputMethod(_ key: inout XKeyEvent) -> (UInt, String) {
        var buffer = [CChar](repeating: 0, count: 32)
        var keysym: KeySym = 0
        let count = XLookupString(&key, &buffer, Int32(buffer.count - 1), &keysym, nil)
        return (UInt(keysym), KeyInput.text(keysym: UInt(keysym), lookedUp: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }))
    }

    private func translate(_ event: inout XEvent) -> WindowEvent? {
        if event.type == GenericEvent, let opcode = xinputOpcode, event.xcookie.extension == opcode {
            guard XGetEventData(display, &event.xcookie) != 0 else { return nil }
            defer { XFreeEventData(display, &event.xcookie) }
            switch event.xcookie.evtype {
            case XI_HierarchyChanged, XI_DeviceChanged:
                refreshDevices()
                return nil
            default:
                return translator.translate(event.xcookie)
            }
        }
        switch event.type {
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            if event.type == ButtonPress { lastUserTime = e.time }
            // Wheel notches are presses of buttons 4–7; their releases mean nothing.
            if (4...7).contains(e.button) {
                guard event.type == ButtonPress else { return nil }
                return .wheel(button: Int(e.button), at: Point(Double(e.x), Double(e.y)),
                              control: Int32(e.state) & ControlMask != 0)
            }
            let sample = InputSample(position: Point(Double(e.x), Double(e.y)), time: Double(e.time) / 1000)
            let state = Int32(e.state)
            return event.type == ButtonPress
                ? .pointerDown(sample, button: Int(e.button), shift: state & ShiftMask != 0)
                : .pointerUp(sample, button: Int(e.button), control: state & ControlMask != 0)
        case MotionNotify:
            let e = event.xmotion
            return .pointerMoved(InputSample(position: Point(Double(e.x), Double(e.y)), time: Double(e.time) / 1000))
        case KeyPress:
            var key = event.xkey
            lastUserTime = key.time
            let state = Int32(key.state)
            let (keysym, text) = inputMethod?.lookUp(&key) ?? Self.lookUpWithoutInputMethod(&key)
            guard keysym != 0 || !text.isEmpty else { return nil }
            return .key(KeyInput(keysym: keysym, text: text, control: state & ControlMask != 0,
                                 shift: state & ShiftMask != 0, alt: state & Mod1Mask != 0))
        case FocusIn, FocusOut:
            inputMethod?.focus(event.type == FocusIn)
            return nil
        case ConfigureNotify:
            let e = event.xconfigure
            guard Int(e.width) != width || Int(e.height) != height else { return nil }
            width = Int(e.width)
            height = Int(e.height)
            return .resized(width: width, height: height)
        case Expose:
            return event.xexpose.count == 0 ? .exposed : nil
        case ClientMessage:
            let e = event.xclient
            if e.message_type == protocolsAtom && Atom(e.data.l.0) == deleteWindowAtom { return .closeRequested }
            _ = xdnd.handle(e)
            return nil
        case SelectionNotify:
            // A paste and a drop use different selections and properties; each takes only its own.
            let e = event.xselection
            paste?.handle(e)
            collectPaste()
            return xdnd.handle(e)
        case SelectionRequest:
            clipboardOwner.handle(event.xselectionrequest)
            return nil
        case SelectionClear:
            clipboardOwner.handle(event.xselectionclear)
            return nil
        case PropertyNotify:
            let e = event.xproperty
            clipboardOwner.handle(e)
            paste?.handle(e)
            collectPaste()
            return xdnd.handle(e)
        case MappingNotify:
            // The keyboard's layout changed (another layout chosen, a key remapped): Xlib's copy of the
            // keymap, which XLookupString reads, is brought up to date.
            var mapping = event.xmapping
            XRefreshKeyboardMapping(&mapping)
            return nil
        default:
            return nil
        }
    }

    /// Asks for one frame per display refresh through GLX_EXT_swap_control or GLX_MESA_swap_control,
    /// whichever the driver has. Their entry points are not exported by libglvnd: they are looked up.
    private static func syncSwapsToDisplay(_ display: OpaquePointer, screen: Int32, window: Window) -> Int {
        let extensions = glxExtensions(display, screen: screen)
        if extensions.contains("GLX_EXT_swap_control"),
           let address = glXGetProcAddressARB("glXSwapIntervalEXT") {
            let setInterval = unsafeBitCast(address, to: PFNGLXSWAPINTERVALEXTPROC.self)
            setInterval(display, window, 1)
            return 1
        }
        if extensions.contains("GLX_MESA_swap_control"),
           let address = glXGetProcAddressARB("glXSwapIntervalMESA") {
            let setInterval = unsafeBitCast(address, to: PFNGLXSWAPINTERVALMESAPROC.self)
            return setInterval(1) == 0 ? 1 : 0
        }
        return 0
    }

    private static func glxExtensions(_ display: OpaquePointer, screen: Int32) -> Set<String> {
        guard let cString = glXQueryExtensionsString(display, screen) else { return [] }
        return Set(String(cString: cString).split(separator: " ").map(String.init))
    }

    private static func glVersion() -> (Int, Int) {
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        return (Int(major), Int(minor))
    }
}
