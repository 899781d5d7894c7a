import CXTest
import Foundation

/// A clipboard manager as freedesktop's clipboard-manager spec has one: it owns CLIPBOARD_MANAGER, and
/// when a closing program converts that selection to SAVE_TARGETS it fetches `wanted` from the
/// CLIPBOARD's owner (plain transfers only: what it saves here is small), answers the program, and
/// then owns the CLIPBOARD itself with what it saved (as a `ClipboardOwner`).
public final class ClipboardManagerStandIn: @unchecked Sendable {
    private let client: BackgroundXClient
    private let displayName: String
    private let wanted: String
    private let lock = NSLock()
    private var request: XSelectionRequestEvent?
    private var keeper: ClipboardOwner?
    private var savedBytes: [UInt8]?

    public init(display: String, saving wanted: String) throws {
        client = try BackgroundXClient(display: display)
        displayName = display
        self.wanted = wanted
        try client.own("CLIPBOARD_MANAGER")
        client.start { [weak self] event in self?.handle(&event) }
    }

    deinit { stop() }

    public func stop() {
        client.stop()
        lock.lock()
        let keeper = self.keeper
        lock.unlock()
        keeper?.stop()
    }

    /// What the manager saved from the closing program, once it has.
    public var saved: [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return savedBytes
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case SelectionRequest:
            let e = event.xselectionrequest
            guard e.selection == client.atom("CLIPBOARD_MANAGER"), e.target == client.atom("SAVE_TARGETS") else {
                return client.notify(e, property: 0)
            }
            request = e
            XConvertSelection(client.display, client.atom("CLIPBOARD"), client.atom(wanted), client.atom("SAVED"),
                              client.window, e.time)
        case SelectionNotify:
            let e = event.xselection
            guard let request, e.selection == client.atom("CLIPBOARD") else { return }
            self.request = nil
            guard e.property != 0, let bytes = readBytes(e.property) else { return client.notify(request, property: 0) }
            let keeper = try? ClipboardOwner(display: displayName, offers: [(wanted, bytes)])
            lock.lock()
            savedBytes = bytes
            self.keeper = keeper
            lock.unlock()
            client.notify(request, property: request.property)
        default:
            break
        }
    }

    private func readBytes(_ property: Atom) -> [UInt8]? {
        guard let value = client.readProperty(property, delete: true), value.format == 8, value.type != client.atom("INCR") else { return nil }
        return value.bytes
    }
}
