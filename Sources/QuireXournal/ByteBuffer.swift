import Foundation

/// Bytes in one block of memory that stays where it is while anyone holds the buffer: what libxml2
/// reads in place (it keeps a pointer into the block, not a copy), so a large file is held once.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    convenience init(_ bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withUnsafeBytes { append($0) }
    }

    deinit { base.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Appends `more`, doubling the block when it is full (a copy only then, never per append).
    func append(_ more: UnsafeRawBufferPointer) {
        guard !more.isEmpty else { return }
        if count + more.count > capacity {
            var grown = capacity
            while grown < count + more.count { grown *= 2 }
            let block = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            block.update(from: base, count: count)
            base.deallocate()
            base = block
            capacity = grown
        }
        (base + count).update(from: more.bindMemory(to: UInt8.self).baseAddress!, count: more.count)
        count += more.count
    }
}
