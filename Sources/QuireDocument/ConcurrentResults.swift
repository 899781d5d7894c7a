import Dispatch

/// `count` values worked out side by side on the processor's cores (`DispatchQueue.concurrentPerform`),
/// kept in order: value k is `work(k)`. Each call writes only its own slot, so no lock is needed.
public struct ConcurrentResults<Value: Sendable> {
    public let values: [Value]

    public init(count: Int, _ work: @Sendable (Int) -> Value) {
        guard count > 0 else {
            values = []
            return
        }
        var slots = [Value?](repeating: nil, count: count)
        slots.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let slot = Slots(base: base)
            DispatchQueue.concurrentPerform(iterations: count) { k in
                slot.base[k] = work(k)
            }
        }
        // concurrentPerform returns once every iteration has run: every slot is filled.
        values = slots.compactMap { $0 }
    }
}

/// The slots' storage, handed to every worker: each writes only the slot of its own iteration.
private struct Slots<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value?>
}
