import CXTest
import Foundation

/// A clipboard owner as another program is one: it owns CLIPBOARD on its own connection and thread
/// (`BackgroundXClient`), answers TARGETS with what it offers, and sends each offer's bytes, by INCR
/// (ICCCM 2.7.2) in `chunkSize` pieces when they exceed it. Its behaviour can be made to misbehave, to
/// test the requestor's patience and limits.
public final class ClipboardOwner: @unchecked Sendable {
    public enum Behaviour: Sendable {
        /// Answers every request.
        case answer
        /// Owns the clipboard but never answers anything.
        case silent
        /// Answers TARGETS, then announces every offer by INCR with this size and never sends a chunk.
        case announceIncremental(size: Int)
        /// Sends every offer by INCR, announcing its whole size, but ends the transfer (the empty
        /// chunk) once `after` bytes are sent, or, `ending` false, falls silent there.
        case cutIncremental(after: Int, ending: Bool)
    }

    private let client: BackgroundXClient
    private let offers: [(type: String, bytes: [UInt8])]
    private let chunkSize: Int
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var completedIncremental = 0
    private var requested: [String] = []
    /// INCR transfers under way, by requestor window and property; touched on the client's thread.
    private var transfers: [Transfer] = []
    private struct Transfer {
        var requestor: Window
        var property: Atom
        var type: Atom
        var bytes: [UInt8]
        var sent: Int
        var endSent: Bool
    }

    /// Owns CLIPBOARD from the moment this returns.
    public init(display: String, offers: [(type: String, bytes: [UInt8])], chunkSize: Int = 64 << 10,
                behaviour: Behaviour = .answer) throws {
        precondition(chunkSize > 0)
        client = try BackgroundXClient(display: display)
        self.offers = offers
        self.chunkSize = chunkSize
        self.behaviour = behaviour
        try client.own("CLIPBOARD")
        client.start { [weak self] event in self?.handle(&event) }
    }

    deinit { client.stop() }

    /// Gives the clipboard up (the connection closes, so the server clears the owner).
    public func stop() { client.stop() }

    /// How many INCR transfers went to the end (the empty chunk was sent and taken).
    public var incrementalTransfersCompleted: Int {
        lock.lock()
        defer { lock.unlock() }
        return completedIncremental
    }

    /// The targets requestors asked for, in order.
    public var requestedTargets: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case SelectionRequest:
            answer(event.xselectionrequest)
        case PropertyNotify:
            let e = event.xproperty
            guard e.state == PropertyDelete,
                  let index = transfers.firstIndex(where: { $0.requestor == e.window && $0.property == e.atom }) else { return }
            sendNextChunk(index)
        default:
            break
        }
    }

    private func answer(_ request: XSelectionRequestEvent) {
        if case .silent = behaviour { return }
        let targetName = client.name(of: request.target)
        lock.lock()
        requested.append(targetName)
        lock.unlock()
        // Obsolete requestors name no property: the target is the property then (ICCCM 2.2).
        let property = request.property != 0 ? request.property : request.target
        guard request.selection == client.atom("CLIPBOARD") else {
            client.notify(request, property: 0)
            return
        }
        if request.target == client.atom("TARGETS") {
            let atoms = [Int(client.atom("TARGETS"))] + offers.map { Int(client.atom($0.type)) }
            client.setLongs(atoms, type: XA_ATOM, on: request.requestor, property: property)
            client.notify(request, property: property)
            return
        }
        guard let offer = offers.first(where: { client.atom($0.type) == request.target }) else {
            client.notify(request, property: 0)
            return
        }
        let announced: Int
        switch behaviour {
        case let .announceIncremental(size):
            announced = size
        case let .cutIncremental(after, _):
            announced = offer.bytes.count
            XSelectInput(client.display, request.requestor, PropertyChangeMask)
            transfers.append(Transfer(requestor: request.requestor, property: property, type: request.target,
                                      bytes: Array(offer.bytes.prefix(after)), sent: 0, endSent: false))
        default:
            guard offer.bytes.count > chunkSize else {
                client.setBytes(offer.bytes, type: request.target, on: request.requestor, property: property)
                client.notify(request, property: property)
                return
            }
            announced = offer.bytes.count
            // The requestor deletes the property to ask for each chunk: watch its window for that.
            XSelectInput(client.display, request.requestor, PropertyChangeMask)
            transfers.append(Transfer(requestor: request.requestor, property: property, type: request.target,
                                      bytes: offer.bytes, sent: 0, endSent: false))
        }
        client.setLongs([announced], type: client.atom("INCR"), on: request.requestor, property: property)
        client.notify(request, property: property)
    }

    private func sendNextChunk(_ index: Int) {
        var transfer = transfers[index]
        if transfer.endSent {
            // The requestor took the empty chunk: done.
            transfers.remove(at: index)
            lock.lock()
            completedIncremental += 1
            lock.unlock()
            return
        }
        if case .cutIncremental(_, ending: false) = behaviour, transfer.sent == transfer.bytes.count { return }
        let end = min(transfer.bytes.count, transfer.sent + chunkSize)
        client.setBytes(transfer.bytes[transfer.sent..<end], type: transfer.type, on: transfer.requestor,
                        property: transfer.property)
        if transfer.sent == end { transfer.endSent = true }
        transfer.sent = end
        transfers[index] = transfer
    }
}
