import CX11
import Foundation

/// Quire as the owner of a selection (CLIPBOARD), following ICCCM 2.2–2.7: it answers TARGETS (what it
/// offers), TIMESTAMP (when it took the selection) and each offered type, the data in the requestor's
/// property, or by INCR in `chunkSize` pieces when it is larger — each piece written when the requestor
/// deletes the last — and MULTIPLE, several of those at once (what clipboard managers ask for when a
/// program hands them its clipboard at quitting). Another client taking the selection (SelectionClear)
/// ends the offer.
///
/// Requestors are other programs: a window that vanishes mid-transfer is caught (its X errors are
/// trapped, not fatal), and a transfer whose requestor stops asking is dropped after `patience` seconds.
final class SelectionOwner {
    /// What is offered while the selection is ours; nil once another client took it.
    private(set) var offer: ClipboardOffer?
    /// Pieces of an INCR transfer: far below any server's request limit (256 KB is what GTK uses).
    let chunkSize: Int
    /// How long a requestor may leave a transfer waiting for its next delete.
    static let patience = 10.0

    private let display: OpaquePointer
    private let window: Window
    let selection: Atom
    private let targetsAtom, timestampAtom, incrAtom, atomAtom, integerAtom, multipleAtom, atomPairAtom: Atom
    /// The most (target, property) pairs one MULTIPLE request may ask for: a clipboard manager asks for
    /// each type offered, a handful; more is refused before anything is converted.
    static let maximumMultiplePairs = 64
    /// The server time at which the selection became ours: requests from before it are refused.
    private var ownedSince: Time = 0
    private var transfers: [OutgoingTransfer] = []

    private struct OutgoingTransfer {
        let requestor: Window
        let property: Atom
        let type: Atom
        let bytes: [UInt8]
        var sent = 0
        var lastHeard: Date
    }

    init(display: OpaquePointer, window: Window, selection: String) {
        self.display = display
        self.window = window
        self.selection = XInternAtom(display, selection, 0)
        targetsAtom = XInternAtom(display, "TARGETS", 0)
        timestampAtom = XInternAtom(display, "TIMESTAMP", 0)
        incrAtom = XInternAtom(display, "INCR", 0)
        atomAtom = XInternAtom(display, "ATOM", 0)
        integerAtom = XInternAtom(display, "INTEGER", 0)
        multipleAtom = XInternAtom(display, "MULTIPLE", 0)
        atomPairAtom = XInternAtom(display, "ATOM_PAIR", 0)
        // The largest request the server takes, in 4-byte units; a chunk stays well inside it.
        let maximumRequest = max(XExtendedMaxRequestSize(display), XMaxRequestSize(display)) * 4
        chunkSize = max(4096, min(256 << 10, maximumRequest - 4096))
    }

    /// Takes the selection with `offer`, stamped `time` (the user's key press); false when the server
    /// gave it to someone else (an older time stamp than the current owner's).
    func take(_ offer: ClipboardOffer, time: Time) -> Bool {
        XSetSelectionOwner(display, selection, window, time)
        guard XGetSelectionOwner(display, selection) == window else {
            self.offer = nil
            return false
        }
        self.offer = offer
        ownedSince = time
        return true
    }

    /// Whether the selection is ours, as far as this connection has heard.
    var owns: Bool { offer != nil }

    /// Another client took the selection: the offer ends (transfers under way finish; their data is
    /// already in hand).
    func handle(_ event: XSelectionClearEvent) {
        guard event.window == window, event.selection == selection else { return }
        offer = nil
    }

    func handle(_ event: XSelectionRequestEvent) {
        guard event.owner == window, event.selection == selection else { return }
        // Obsolete requestors name no property: the target is the property then (ICCCM 2.2).
        let property = event.property != 0 ? event.property : event.target
        guard let offer, event.time == Time(CurrentTime) || ownedSince == Time(CurrentTime) || event.time >= ownedSince else {
            return notify(event, property: 0)
        }
        guard event.target == multipleAtom else {
            return notify(event, property: convert(event.target, of: offer, for: event.requestor, into: property) ? property : 0)
        }
        // MULTIPLE (ICCCM 2.6.2): the requestor's property holds (target, property) pairs, each converted
        // as a request of its own would be; a target that cannot be is replaced by None in the list.
        guard event.property != 0, var pairs = atomPairs(of: event.requestor, in: event.property) else {
            return notify(event, property: 0)
        }
        for k in stride(from: 0, to: pairs.count, by: 2) {
            let target = Atom(pairs[k]), into = Atom(pairs[k + 1])
            if target == multipleAtom || !convert(target, of: offer, for: event.requestor, into: into) { pairs[k] = 0 }
        }
        write(longs: pairs, type: atomPairAtom, to: event.requestor, property: event.property)
        notify(event, property: event.property)
    }

    /// Puts `target` of `offer` into `property` of `requestor` — whole, or by INCR when larger than a
    /// piece (the transfer then goes on as the requestor deletes the property); false when it cannot be
    /// (not offered, not to be made, no property to put it in).
    private func convert(_ target: Atom, of offer: ClipboardOffer, for requestor: Window, into property: Atom) -> Bool {
        guard property != 0 else { return false }
        if target == targetsAtom {
            let atoms = [targetsAtom, timestampAtom, multipleAtom] + offer.types.map { XInternAtom(display, $0, 0) }
            write(longs: atoms.map { Int($0) }, type: atomAtom, to: requestor, property: property)
            return true
        }
        if target == timestampAtom {
            write(longs: [Int(ownedSince)], type: integerAtom, to: requestor, property: property)
            return true
        }
        guard let kind = offer.kinds.first(where: { XInternAtom(display, $0.type, 0) == target }), let bytes = kind.bytes() else {
            return false
        }
        guard bytes.count > chunkSize else {
            write(bytes: bytes[...], type: target, to: requestor, property: property)
            return true
        }
        // INCR: the requestor deletes the property to ask for each piece, so its property changes are
        // watched (our own window's mask already holds PropertyChangeMask and must not be replaced).
        if requestor != window {
            _ = XErrorTrap.catching(display) { XSelectInput(display, requestor, PropertyChangeMask) }
        }
        transfers.removeAll { $0.requestor == requestor && $0.property == property }
        transfers.append(OutgoingTransfer(requestor: requestor, property: property, type: target, bytes: bytes, lastHeard: Date()))
        write(longs: [bytes.count], type: incrAtom, to: requestor, property: property)
        return true
    }

    /// The (target, property) pairs a MULTIPLE request names: an even count of atoms, at most
    /// `maximumMultiplePairs` pairs; nil when the property is missing, of another kind, or too long
    /// (the request is then refused), or the requestor is gone (its X error trapped).
    private func atomPairs(of requestor: Window, in property: Atom) -> [Int]? {
        let (read, error) = XErrorTrap.catching(display) {
            WindowProperty.read(display: display, window: requestor, property: property,
                                limit: 2 * Self.maximumMultiplePairs * 4, delete: false)
        }
        guard error == 0, case let .success(value) = read, value.format == 32,
              value.type == atomPairAtom || value.type == atomAtom, value.items.count % 2 == 0 else { return nil }
        return value.items.map { Int($0) }
    }

    /// A requestor deleted a property: the next piece of its INCR transfer, if it has one.
    func handle(_ event: XPropertyEvent) {
        guard event.state == PropertyDelete,
              let index = transfers.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom })
        else { return }
        var transfer = transfers[index]
        let end = min(transfer.bytes.count, transfer.sent + chunkSize)
        // The last piece is empty: it tells the requestor the data is complete, and ends the transfer.
        write(bytes: transfer.bytes[transfer.sent..<end], type: transfer.type, to: transfer.requestor, property: transfer.property)
        if transfer.sent == end {
            transfers.remove(at: index)
            stopWatching(transfer.requestor)
            return
        }
        transfer.sent = end
        transfer.lastHeard = Date()
        transfers[index] = transfer
    }

    /// INCR transfers still under way.
    var transfersUnderWay: Int { transfers.count }

    /// When the oldest transfer is given up on, if one is under way.
    var deadline: Date? { transfers.map { $0.lastHeard.addingTimeInterval(Self.patience) }.min() }

    /// Drops transfers whose requestor stopped asking (it crashed, or gave up on us).
    func dropStalledTransfers(now: Date = Date()) {
        let stalled = transfers.filter { now.timeIntervalSince($0.lastHeard) >= Self.patience }
        transfers.removeAll { now.timeIntervalSince($0.lastHeard) >= Self.patience }
        for transfer in stalled { stopWatching(transfer.requestor) }
    }

    private func stopWatching(_ requestor: Window) {
        guard requestor != window, !transfers.contains(where: { $0.requestor == requestor }) else { return }
        _ = XErrorTrap.catching(display) { XSelectInput(display, requestor, NoEventMask) }
    }

    private func write(bytes: ArraySlice<UInt8>, type: Atom, to requestor: Window, property: Atom) {
        // An empty piece still needs an address to hand Xlib.
        let data = bytes.isEmpty ? [0] : Array(bytes)
        _ = XErrorTrap.catching(display) {
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, data, Int32(bytes.count))
        }
    }

    /// Format-32 items go to Xlib as C longs, whatever the machine's word size.
    private func write(longs: [Int], type: Atom, to requestor: Window, property: Atom) {
        _ = XErrorTrap.catching(display) {
            longs.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UInt8.self) { bytes in
                    XChangeProperty(display, requestor, property, type, 32, PropModeReplace, bytes.baseAddress, Int32(longs.count))
                }
            }
        }
    }

    private func notify(_ request: XSelectionRequestEvent, property: Atom) {
        var event = XEvent()
        event.xselection.type = SelectionNotify
        event.xselection.display = display
        event.xselection.requestor = request.requestor
        event.xselection.selection = request.selection
        event.xselection.target = request.target
        event.xselection.property = property
        event.xselection.time = request.time
        _ = XErrorTrap.catching(display) { XSendEvent(display, request.requestor, 0, 0, &event) }
    }
}
