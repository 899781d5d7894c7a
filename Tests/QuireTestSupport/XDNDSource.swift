import CXTest
import Foundation

/// A drag source as a file manager is one (XDND version 5), for testing a window's drop target: it
/// enters the target window, moves to a point, and drops (or leaves), then serves the XdndSelection
/// conversion with its uri-list and records what the target answered. It runs on its own connection
/// and thread (`BackgroundXClient`), so the target sees a separate client, as it would in use.
public final class XDNDSource: @unchecked Sendable {
    /// What the target said, as far as the drag has got.
    public struct Report: Equatable, Sendable {
        /// An XdndStatus arrived, and whether it accepted the drop.
        public var statusReceived = false
        public var accepted = false
        /// The action the status named (e.g. "XdndActionCopy"), empty for none.
        public var action = ""
        /// The source gave up instead of dropping (not accepted, or asked to leave).
        public var left = false
        /// The target asked for the data (converted XdndSelection to this type).
        public var requestedType = ""
        /// An XdndFinished arrived, and whether it reported success.
        public var finished = false
        public var finishedSuccessfully = false
    }

    private let client: BackgroundXClient
    private let lock = NSLock()
    private var current = Report()
    // Touched on the client's thread only.
    private var target: Window = 0
    private var uriList: [UInt8] = []
    private var dropWhenAccepted = true
    private var time: Time = 0

    public init(display: String) throws {
        client = try BackgroundXClient(display: display)
        client.start { [weak self] event in self?.handle(&event) }
    }

    deinit { client.stop() }

    /// Ends the drag source now (also done when it is released).
    public func stop() { client.stop() }

    /// The target's answers so far. The target answers only while its own events are pumped, so a
    /// test waits for this while pumping the window under test.
    public var report: Report {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Drags `uriList` (offered as `types`, which should include "text/uri-list" unless the test wants
    /// a refusal) onto window `target` at root coordinates (`x`, `y`); drops if the target accepts and
    /// `drop` is true, else leaves. More than three types go through the XdndTypeList property.
    public func drag(_ uriList: String, types: [String] = ["text/uri-list"], to target: UInt, rootX x: Int, rootY y: Int,
                     drop: Bool = true) {
        let bytes = Array(uriList.utf8)
        client.perform { [self] in
            self.target = Window(target)
            self.uriList = bytes
            dropWhenAccepted = drop
            update { $0 = Report() }
            time = client.serverTime()
            XSetSelectionOwner(client.display, client.atom("XdndSelection"), client.window, time)
            let typeAtoms = types.map { Int(client.atom($0)) }
            if typeAtoms.count > 3 {
                client.setLongs(typeAtoms, type: XA_ATOM, on: client.window, property: client.atom("XdndTypeList"))
            }
            let flags = 5 << 24 | (typeAtoms.count > 3 ? 1 : 0)
            let inline = Array(typeAtoms.prefix(3))
            client.sendClientMessage(to: Window(target), "XdndEnter", [Int(client.window), flags] + inline)
            client.sendClientMessage(to: Window(target), "XdndPosition",
                                     [Int(client.window), 0, (x & 0xffff) << 16 | (y & 0xffff), Int(time),
                                      Int(client.atom("XdndActionCopy"))])
        }
    }

    private func update(_ change: (inout Report) -> Void) {
        lock.lock()
        change(&current)
        lock.unlock()
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case ClientMessage where event.xclient.message_type == client.atom("XdndStatus"):
            let data = event.xclient.data.l
            guard Window(UInt(bitPattern: data.0)) == target else { return }
            let accepted = data.1 & 1 != 0
            let action = data.4 == 0 ? "" : client.name(of: Atom(UInt(bitPattern: data.4)))
            update {
                $0.statusReceived = true
                $0.accepted = accepted
                $0.action = action
            }
            if accepted && dropWhenAccepted {
                client.sendClientMessage(to: target, "XdndDrop", [Int(client.window), 0, Int(time)])
            } else {
                client.sendClientMessage(to: target, "XdndLeave", [Int(client.window)])
                // Reported only once the server has it, so a test can send something after it and
                // know the target sees the Leave first.
                XSync(client.display, 0)
                update { $0.left = true }
            }
        case ClientMessage where event.xclient.message_type == client.atom("XdndFinished"):
            let data = event.xclient.data.l
            guard Window(UInt(bitPattern: data.0)) == target else { return }
            update {
                $0.finished = true
                $0.finishedSuccessfully = data.1 & 1 != 0
            }
        case SelectionRequest:
            let request = event.xselectionrequest
            guard request.selection == client.atom("XdndSelection") else {
                client.notify(request, property: 0)
                return
            }
            update { $0.requestedType = client.name(of: request.target) }
            guard request.target == client.atom("text/uri-list"), request.property != 0 else {
                client.notify(request, property: 0)
                return
            }
            client.setBytes(uriList, type: request.target, on: request.requestor, property: request.property)
            client.notify(request, property: request.property)
        default:
            break
        }
    }
}
