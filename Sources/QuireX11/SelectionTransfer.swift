import CX11
import Foundation

/// One conversion of a selection (CLIPBOARD, XdndSelection) into a property of our window, following
/// ICCCM: the owner answers with SelectionNotify, either with the data in the property or with an
/// INCR announcement, after which each chunk arrives as a new property value that is deleted to ask for
/// the next, and an empty chunk ends the transfer.
///
/// Another client decides what arrives, so sizes are checked (the INCR estimate and the running total,
/// before appending) and an owner that stops answering is given up on after `patience` seconds of
/// silence.
final class SelectionTransfer {
    enum Outcome {
        case received(WindowProperty)
        case failed(String)
    }

    let target: Atom
    let property: Atom
    /// When the owner has been silent too long; moved on by every answer.
    private(set) var deadline: Date

    private let display: OpaquePointer
    private let window: Window
    private let selection: Atom
    private let incrAtom: Atom
    private let limit: Int
    private let patience: Double
    /// An INCR transfer's stage holds what came so far and the bytes its owner announced.
    private enum Stage { case awaitingReply, incremental(WindowProperty, announced: Int) }
    private var stage = Stage.awaitingReply

    /// Asks the owner of `selection` to convert it to `target` into `property` on `window`.
    init(display: OpaquePointer, window: Window, selection: Atom, target: Atom, property: Atom, time: Time,
         limit: Int, patience: Double) {
        self.display = display
        self.window = window
        self.selection = selection
        self.target = target
        self.property = property
        self.limit = limit
        self.patience = patience
        incrAtom = XInternAtom(display, "INCR", 0)
        deadline = Date().addingTimeInterval(patience)
        // A leftover value (an abandoned transfer) must not be mistaken for the answer.
        XDeleteProperty(display, window, property)
        XConvertSelection(display, selection, target, property, window, time)
        XFlush(display)
    }

    /// The owner's answer to the conversion; nil when the event is not for this transfer or the data is
    /// still coming.
    func handle(_ event: XSelectionEvent) -> Outcome? {
        guard case .awaitingReply = stage, event.requestor == window, event.selection == selection,
              event.target == target else { return nil }
        guard event.property == property else {
            return .failed("the owner could not provide \(atomName(target))")
        }
        deadline = Date().addingTimeInterval(patience)
        switch WindowProperty.read(display: display, window: window, property: property, limit: limit, delete: false) {
        case let .failure(failure):
            XDeleteProperty(display, window, property)
            return .failed(describe(failure))
        case let .success(value) where value.type == incrAtom:
            // The estimate is a lower bound by ICCCM, but an owner announcing more than the limit
            // will send at least that much: refuse before the first chunk is asked for.
            guard value.format == 32, value.items.count == 1 else {
                XDeleteProperty(display, window, property)
                return .failed("the owner sent a malformed INCR announcement")
            }
            guard value.items[0] <= UInt(limit) else {
                // The property is left in place: deleting it would ask the owner to start sending.
                return .failed("the clipboard holds \(Self.megabytes(Int(clamping: value.items[0]))), more than the "
                    + "\(Self.megabytes(limit)) Quire accepts")
            }
            stage = .incremental(WindowProperty(type: 0, format: 0), announced: Int(value.items[0]))
            XDeleteProperty(display, window, property) // asks for the first chunk
            XFlush(display)
            return nil
        case let .success(value):
            XDeleteProperty(display, window, property)
            return .received(value)
        }
    }

    /// A chunk of an INCR transfer; nil while more are coming or the event is not for this transfer.
    func handle(_ event: XPropertyEvent) -> Outcome? {
        guard case .incremental(var collected, let announced) = stage, event.window == window, event.atom == property,
              event.state == PropertyNewValue else { return nil }
        deadline = Date().addingTimeInterval(patience)
        let room = limit - collected.byteCount
        switch WindowProperty.read(display: display, window: window, property: property, limit: room, delete: true) {
        case let .failure(.tooLarge(size, _)):
            return .failed("the clipboard holds more than the \(Self.megabytes(limit)) Quire accepts "
                + "(\(Self.megabytes(limit - room + size)) so far)")
        case let .failure(failure):
            return .failed(describe(failure))
        case let .success(chunk):
            XFlush(display) // the delete asks for the next chunk
            if chunk.itemCount == 0 {
                // The announcement is a lower bound (ICCCM 2.7.2): an end before it is a transfer cut
                // short (the owner quit or failed), whose data would be read as whole and wrong.
                guard collected.byteCount >= announced else {
                    return .failed("the clipboard owner ended its transfer after \(collected.byteCount) of the \(announced) bytes "
                        + "it announced: the data was cut short")
                }
                return .received(collected)
            }
            if collected.type == 0 {
                collected.type = chunk.type
                collected.format = chunk.format
            } else if chunk.type != collected.type || chunk.format != collected.format {
                return .failed("the owner changed the data's type in the middle of a transfer")
            }
            collected.bytes += chunk.bytes
            collected.items += chunk.items
            stage = .incremental(collected, announced: announced)
            return nil
        }
    }

    /// The reason to give up, once the owner has been silent past the deadline.
    func expired(now: Date = Date()) -> Outcome? {
        guard now >= deadline else { return nil }
        return .failed("the clipboard owner did not answer within \(Int(patience)) s")
    }

    private func describe(_ failure: WindowProperty.Failure) -> String {
        switch failure {
        case let .tooLarge(size, limit):
            return "the clipboard holds \(Self.megabytes(size)), more than the \(Self.megabytes(limit)) Quire accepts"
        case let .unreadable(why):
            return "the clipboard data could not be read: \(why)"
        }
    }

    private func atomName(_ atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "atom \(atom)" }
        defer { XFree(name) }
        return String(cString: name)
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
