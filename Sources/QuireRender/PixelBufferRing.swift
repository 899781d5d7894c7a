import CGL
import Foundation

/// A few buffers that hold read-back pixels while other threads encode them, so rendering the next
/// band or page goes on meanwhile. A slot is a GL pixel-pack buffer (glReadPixels into it returns
/// without waiting on a real GPU; it is mapped later, and the encoder reads the mapped memory itself,
/// with no copy out of it), or, where mapping fails or is not wanted, plain memory read into at once.
/// The number of slots bounds the memory an export holds, however many pages it writes: `acquire`
/// waits for an encoder to hand one back.
///
/// Threads: `acquire`, `read`, `map` and `drain` on the GL thread (they call GL); `release` from any.
public final class PixelBufferRing: @unchecked Sendable {
    /// One band's pixels: `bytes` is valid from `map` until `release`.
    public final class Slot: @unchecked Sendable {
        let index: Int
        var buffer: GLuint = 0
        var capacity = 0
        var memory: UnsafeMutableRawPointer?
        var mapped = false
        /// Bytes asked of the current read.
        public internal(set) var count = 0
        public internal(set) var bytes: UnsafeMutableRawPointer?

        init(index: Int) { self.index = index }
    }

    public let usesPixelBuffers: Bool
    public var count: Int { slots.count }
    private let slots: [Slot]
    private let available = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var idle: [Int]
    private var released: [Int] = []

    /// `count` slots (at least 1); `usesPixelBuffers` false reads into plain memory.
    public init(count: Int, usesPixelBuffers: Bool = true) {
        let count = max(1, count)
        self.usesPixelBuffers = usesPixelBuffers
        slots = (0..<count).map(Slot.init)
        idle = Array(0..<count)
        for _ in 0..<count { available.signal() }
    }

    deinit {
        for slot in slots {
            if slot.buffer != 0 {
                if slot.mapped {
                    glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), slot.buffer)
                    glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
                }
                var b = slot.buffer
                glDeleteBuffers(1, &b)
            }
            free(slot.memory)
        }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// A slot for `count` bytes, waiting until an encoder has released one if none is free. GL thread.
    public func acquire(bytes count: Int) -> Slot {
        available.wait()
        reclaim()
        lock.lock()
        let slot = slots[idle.removeLast()]
        lock.unlock()
        slot.count = count
        slot.bytes = nil
        if usesPixelBuffers {
            if slot.buffer == 0 {
                var b: GLuint = 0
                glGenBuffers(1, &b)
                slot.buffer = b
            }
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), slot.buffer)
            if slot.capacity < count {
                glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), count, nil, GLenum(GL_STREAM_READ))
                slot.capacity = count
            }
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        } else if slot.capacity < count {
            free(slot.memory)
            slot.memory = malloc(count)
            slot.capacity = slot.memory == nil ? 0 : count
        }
        return slot
    }

    /// Reads the bound read framebuffer's `width × height` pixels at (`x`, `y`) (GL's lower-left
    /// origin) into `slot` at byte `offset`, rows `rowLength` pixels apart. GL thread.
    public func read(x: Int, y: Int, width: Int, height: Int, into slot: Slot, offset: Int, rowLength: Int) {
        precondition(offset >= 0 && offset + ((height - 1) * rowLength + width) * 4 <= slot.count, "a read past its slot")
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(rowLength))
        defer { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
        if usesPixelBuffers {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), slot.buffer)
            // With a pack buffer bound, the pointer is an offset into it.
            glReadPixels(GLint(x), GLint(y), GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                         UnsafeMutableRawPointer(bitPattern: offset))
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        } else if let memory = slot.memory {
            glReadPixels(GLint(x), GLint(y), GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                         memory + offset)
        }
    }

    /// Makes the slot's pixels readable from any thread (`bytes`): maps its buffer, which waits for the
    /// reads into it to finish. GL thread. Throws when the driver will not map it.
    public func map(_ slot: Slot) throws {
        guard usesPixelBuffers else {
            guard let memory = slot.memory else { throw RenderError.glError(code: GLenum(GL_OUT_OF_MEMORY), during: "pixel read-back") }
            slot.bytes = memory
            return
        }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), slot.buffer)
        let pointer = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, slot.count,
                                       GLbitfield(GL_MAP_READ_BIT) | GLbitfield(GL_MAP_WRITE_BIT))
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        guard let pointer else {
            throw RenderError.glError(code: glGetError(), during: "mapping a pixel buffer")
        }
        slot.mapped = true
        slot.bytes = pointer
    }

    /// Hands the slot back once its pixels are no longer needed. Any thread.
    public func release(_ slot: Slot) {
        lock.lock()
        released.append(slot.index)
        lock.unlock()
        available.signal()
    }

    /// Waits until every slot is back, and unmaps them. GL thread.
    public func drain() {
        for _ in slots { available.wait() }
        for _ in slots { available.signal() }
        reclaim()
    }

    /// Unmaps the released slots' buffers (only the GL thread may) and makes them free again.
    private func reclaim() {
        lock.lock()
        let back = released
        released.removeAll()
        lock.unlock()
        for index in back {
            let slot = slots[index]
            if slot.mapped {
                glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), slot.buffer)
                glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
                glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
                slot.mapped = false
            }
            slot.bytes = nil
        }
        lock.lock()
        idle.append(contentsOf: back)
        lock.unlock()
    }
}
