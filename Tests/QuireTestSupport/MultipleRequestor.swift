import CXTest
import Foundation

/// A requestor asking the CLIPBOARD's owner for several targets at once with MULTIPLE (ICCCM 2.6.2), as a
/// clipboard manager does when a program hands it the clipboard: the (target, property) pairs go in a
/// property of its window, the owner's reply names None for what it refused, and each answer is read
/// from its property — one given by INCR piece by piece, deleting the property to ask for the next.
/// Runs on a thread of its own (`BackgroundXClient`), so the window under test answers as it would
/// another program while the test pumps it.
public final class MultipleRequestor: @unchecked Sendable {
    private let client: BackgroundXClient
    private let lock = NSLock()
    private var targets: [String] = []
    /// Each target's bytes as they arrive (nil: refused), and INCR answers still coming, by property.
    private var answers: [String: [UInt8]?] = [:]
    private var incoming: [Atom: (target: String, bytes: [UInt8])] = [:]
    private var finished: [String: [UInt8]?]??

    public init(display: String) throws {
        client = try BackgroundXClient(display: display)
        client.start { [weak self] event in self?.handle(&event) }
    }

    deinit { stop() }

    public func stop() { client.stop() }

    /// Asks for `targets` in one MULTIPLE request. `pump` is called until the answer is in (the test runs
    /// the owning window there), for at most `timeout` seconds. Returns each target's bytes, nil for a
    /// target the owner refused; nil altogether when the whole request was refused or never answered.
    public func request(_ targets: [String], timeout: Double = 10, pump: () -> Void) -> [String: [UInt8]?]? {
        lock.lock()
        self.targets = targets
        answers = [:]
        incoming = [:]
        finished = nil
        lock.unlock()
        client.perform { [self] in
            var pairs: [Int] = []
            for (k, target) in targets.enumerated() { pairs += [Int(client.atom(target)), Int(client.atom("QUIRE_MULTIPLE_\(k)"))] }
            client.setLongs(pairs, type: client.atom("ATOM_PAIR"), on: client.window, property: client.atom("QUIRE_MULTIPLE"))
            XConvertSelection(client.display, client.atom("CLIPBOARD"), client.atom("MULTIPLE"), client.atom("QUIRE_MULTIPLE"),
                              client.window, Time(CurrentTime))
        }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            pump()
            lock.lock()
            let result = finished
            lock.unlock()
            if let result { return result }
        }
        return nil
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case SelectionNotify:
            let e = event.xselection
            guard e.selection == client.atom("CLIPBOARD"), e.target == client.atom("MULTIPLE") else { return }
            guard e.property != 0, let pairs = readLongs(e.property) else { return finish(nil) }
            lock.lock()
            let targets = self.targets
            lock.unlock()
            for k in stride(from: 0, to: min(pairs.count, 2 * targets.count), by: 2) {
                let target = targets[k / 2], property = Atom(pairs[k + 1])
                guard pairs[k] != 0, let (type, bytes) = readBytes(property) else {
                    record(target, nil)
                    continue
                }
                if type == client.atom("INCR") {
                    lock.lock()
                    incoming[property] = (target, [])
                    lock.unlock()
                    XDeleteProperty(client.display, client.window, property)   // asks for the first piece
                } else {
                    record(target, bytes)
                }
            }
            finishIfDone()
        case PropertyNotify:
            let e = event.xproperty
            lock.lock()
            let transfer = incoming[e.atom]
            lock.unlock()
            guard e.state == PropertyNewValue, let transfer, let (_, piece) = readBytes(e.atom) else { return }
            XDeleteProperty(client.display, client.window, e.atom)   // asks for the next one
            lock.lock()
            if piece.isEmpty {
                incoming[e.atom] = nil
                lock.unlock()
                record(transfer.target, transfer.bytes)
                finishIfDone()
            } else {
                incoming[e.atom] = (transfer.target, transfer.bytes + piece)
                lock.unlock()
            }
        default:
            break
        }
    }

    private func record(_ target: String, _ bytes: [UInt8]?) {
        lock.lock()
        answers[target] = .some(bytes)
        lock.unlock()
    }

    private func finishIfDone() {
        lock.lock()
        if incoming.isEmpty, answers.count == targets.count { finished = .some(answers) }
        lock.unlock()
    }

    private func finish(_ result: [String: [UInt8]?]?) {
        lock.lock()
        finished = .some(result)
        lock.unlock()
    }

    private func readLongs(_ property: Atom) -> [Int]? {
        guard let value = client.readProperty(property), value.format == 32 else { return nil }
        return value.items
    }

    /// The property's bytes: format 8 as stored, format 32 (TIMESTAMP, an INCR size) as 4 bytes an item.
    private func readBytes(_ property: Atom) -> (type: Atom, bytes: [UInt8])? {
        guard let value = client.readProperty(property) else { return nil }
        return (value.type, value.format == 8 ? value.bytes
                : value.items.flatMap { withUnsafeBytes(of: UInt32(truncatingIfNeeded: $0)) { Array($0) } })
    }
}
