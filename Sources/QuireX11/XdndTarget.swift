import CX11
import Foundation
import QuireGeometry

/// The receiving side of XDND (freedesktop.org protocol, version 5): file managers drag `text/uri-list`
/// onto the window. The source talks to us in ClientMessages (Enter, Position, Leave, Drop); we answer
/// each Position with a Status (accept a copy when a uri-list is offered, else refuse), and on Drop
/// fetch the list through the XdndSelection and tell the source we are Finished.
final class XdndTarget {
    static let version = 5
    /// A uri-list of a few thousand files is a few hundred kilobytes.
    private static let listLimit = 16 << 20
    /// A source offers a handful of types; the list is capped so a bad one cannot make us read much.
    private static let typeListLimit = 1024
    private static let patience = 5.0

    private let display: OpaquePointer
    private let window: Window
    private let property: Atom
    private let atoms: [String: Atom]

    /// The drag in progress over the window.
    private struct Drag {
        var source: Window
        var version: Int
        var offersURIList: Bool
        /// Where the pointer was at the last Position, in window pixels.
        var position = (x: 0.0, y: 0.0)
    }
    private var drag: Drag?
    /// The drop whose list is being fetched.
    private var fetch: (drag: Drag, transfer: SelectionTransfer)?

    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
        var atoms: [String: Atom] = [:]
        for name in ["XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
                     "XdndTypeList", "XdndActionCopy", "XdndSelection", "text/uri-list"] {
            atoms[name] = XInternAtom(display, name, 0)
        }
        self.atoms = atoms
        property = XInternAtom(display, "QUIRE_DROP", 0)
        // XdndAware holds the highest protocol version we speak; sources read it from the top-level.
        // Format-32 properties are passed to Xlib as C longs.
        var version = CLong(Self.version)
        withUnsafeBytes(of: &version) { bytes in
            _ = XChangeProperty(display, window, atoms["XdndAware"]!, XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func atom(_ name: String) -> Atom { atoms[name]! }

    /// True when `event` is an XDND message (handled here, whatever it asked).
    func handle(_ event: XClientMessageEvent) -> Bool {
        guard event.format == 32 else { return false }
        let data = [event.data.l.0, event.data.l.1, event.data.l.2, event.data.l.3, event.data.l.4]
        let source = Window(UInt(bitPattern: data[0]))
        switch event.message_type {
        case atom("XdndEnter"):
            enter(source: source, flags: data[1], types: Array(data[2...4]))
        case atom("XdndPosition"):
            guard var current = drag, current.source == source else { return true }
            let packed = UInt(bitPattern: data[2])
            current.position = windowPosition(rootX: Int32((packed >> 16) & 0xffff), rootY: Int32(packed & 0xffff))
            drag = current
            send(to: source, "XdndStatus", [Int(window), current.offersURIList ? 1 : 0, 0, 0,
                                            current.offersURIList ? Int(atom("XdndActionCopy")) : 0])
        case atom("XdndLeave"):
            if drag?.source == source { drag = nil }
        case atom("XdndDrop"):
            guard let current = drag, current.source == source else { return true }
            drag = nil
            guard current.offersURIList, fetch == nil else {
                finish(current, accepted: false)
                return true
            }
            // The drop's own timestamp (protocol version 1 and later) names the selection to convert.
            let time = current.version >= 1 ? Time(UInt(bitPattern: data[2])) : Time(CurrentTime)
            let transfer = SelectionTransfer(display: display, window: window, selection: atom("XdndSelection"),
                                             target: atom("text/uri-list"), property: property, time: time,
                                             limit: Self.listLimit, patience: Self.patience)
            fetch = (current, transfer)
        default:
            return false
        }
        return true
    }

    /// When the fetch in progress gives up.
    var deadline: Date? { fetch?.transfer.deadline }

    /// The dropped files, once the source has answered the conversion.
    func handle(_ event: XSelectionEvent) -> WindowEvent? {
        guard let (drag, transfer) = fetch, let outcome = transfer.handle(event) else { return nil }
        return complete(drag, outcome)
    }

    func handle(_ event: XPropertyEvent) -> WindowEvent? {
        guard let (drag, transfer) = fetch, let outcome = transfer.handle(event) else { return nil }
        return complete(drag, outcome)
    }

    func checkDeadline(now: Date = Date()) {
        guard let (drag, transfer) = fetch, let outcome = transfer.expired(now: now) else { return }
        _ = complete(drag, outcome)
    }

    private func complete(_ drag: Drag, _ outcome: SelectionTransfer.Outcome) -> WindowEvent? {
        fetch = nil
        guard case let .received(value) = outcome, value.format == 8 else {
            finish(drag, accepted: false)
            return nil
        }
        finish(drag, accepted: true)
        let entries = URIList.entries(in: value.bytes)
        guard !entries.isEmpty else { return nil }
        return .filesDropped(entries, at: Point(drag.position.x, drag.position.y))
    }

    private func enter(source: Window, flags: Int, types inline: [Int]) {
        let version = (flags >> 24) & 0xff
        // A source newer than us must not be answered (the protocol's rule); it falls back or gives up.
        guard version <= Self.version else {
            drag = nil
            return
        }
        var types = inline.map { Atom(UInt(bitPattern: $0)) }.filter { $0 != 0 }
        if flags & 1 != 0 {
            // More than three types: the full list is on the source window.
            let (result, error) = XErrorTrap.catching(display) {
                WindowProperty.read(display: display, window: source, property: atom("XdndTypeList"),
                                    limit: Self.typeListLimit * 4, delete: false)
            }
            if error == 0, case let .success(list) = result, list.type == XA_ATOM, list.format == 32 {
                types = list.items.map { Atom($0) }
            }
        }
        drag = Drag(source: source, version: version, offersURIList: types.contains(atom("text/uri-list")))
    }

    /// Root coordinates (as XdndPosition carries them) in this window's pixels.
    private func windowPosition(rootX: Int32, rootY: Int32) -> (x: Double, y: Double) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, XDefaultRootWindow(display), window, rootX, rootY, &x, &y, &child)
        return (Double(x), Double(y))
    }

    private func finish(_ drag: Drag, accepted: Bool) {
        send(to: drag.source, "XdndFinished", [Int(window), accepted ? 1 : 0,
                                               accepted ? Int(atom("XdndActionCopy")) : 0, 0, 0])
    }

    private func send(to source: Window, _ type: String, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = display
        event.xclient.window = source
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
        // The source may have gone away mid-drag; that is its business, not a reason to exit.
        _ = XErrorTrap.catching(display) { XSendEvent(display, source, 0, NoEventMask, &event) }
    }
}
