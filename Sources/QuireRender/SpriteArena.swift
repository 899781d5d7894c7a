import CGL
import QuireInk

/// Where one finished stroke's sprites lie in the arena, and its largest dab (which decides points or
/// quads without a pass over the sprites).
struct SpriteSpan: Equatable {
    var first: Int
    var count: Int
    var largest: Float

    static let empty = SpriteSpan(first: 0, count: 0, largest: 0)

    /// Sprites `range` of this span (relative to its first sprite).
    func slice(_ range: Range<Int>) -> SpriteSpan {
        SpriteSpan(first: first + range.lowerBound, count: range.count, largest: largest)
    }
}

/// Every finished stroke's sprites, kept in one GPU buffer so redrawing a stroke (a view tile
/// sharpening, a redraw after a removal, baking) is a draw call and never an upload. Strokes opened or
/// drawn one after another lie next to each other, so a run of them draws in one call. A stroke taken
/// off frees its range for reuse (the newest one's simply pulls the end back, so removing and
/// re-inserting the newest stroke reuses the same bytes). The buffer doubles when full (a GL buffer is
/// made only then), copying on the GPU.
final class SpriteArena {
    private(set) var buffer: GLuint = 0
    /// In sprites.
    private var capacity = 0
    /// Sprites `0..<end` are allocated or free holes; beyond is untouched.
    private var end = 0
    /// Free ranges below `end`, sorted and merged.
    private var holes: [Range<Int>] = []
    /// Bytes of sprites sent to the GPU, ever.
    private(set) var uploadedBytes = 0
    /// Called with the new buffer after growing: vertex arrays that read the old one must be re-pointed.
    var didReplaceBuffer: (GLuint) -> Void = { _ in }

    private static let stride = MemoryLayout<Sprite>.stride

    init() {
        grow(toAtLeast: 16 * 1024)
    }

    deinit {
        glDeleteBuffers(1, &buffer)
    }

    /// Copies `sprites` to the GPU and says where they are.
    func store<C: Collection>(_ sprites: C) -> SpriteSpan where C.Element == Sprite {
        guard !sprites.isEmpty else { return .empty }
        var largest: Float = 0
        for s in sprites where s.diameter > largest { largest = s.diameter }
        let first = allocate(sprites.count)
        upload(sprites, at: first)
        return SpriteSpan(first: first, count: sprites.count, largest: largest)
    }

    /// Copies several strokes at once, one after another, in one upload (opening a page).
    func store(_ strokes: [[Sprite]]) -> [SpriteSpan] {
        let total = strokes.reduce(0) { $0 + $1.count }
        guard total > 0 else { return strokes.map { _ in .empty } }
        let first = allocate(total)
        var all: [Sprite] = []
        all.reserveCapacity(total)
        var spans: [SpriteSpan] = []
        spans.reserveCapacity(strokes.count)
        for sprites in strokes {
            var largest: Float = 0
            for s in sprites where s.diameter > largest { largest = s.diameter }
            spans.append(sprites.isEmpty ? .empty : SpriteSpan(first: first + all.count, count: sprites.count, largest: largest))
            all.append(contentsOf: sprites)
        }
        upload(all, at: first)
        return spans
    }

    /// Gives a span's range back.
    func free(_ span: SpriteSpan) {
        guard span.count > 0 else { return }
        var range = span.first..<(span.first + span.count)
        var position = holes.firstIndex { $0.lowerBound > range.lowerBound } ?? holes.count
        if position > 0, holes[position - 1].upperBound == range.lowerBound {
            range = holes[position - 1].lowerBound..<range.upperBound
            holes.remove(at: position - 1)
            position -= 1
        }
        if position < holes.count, holes[position].lowerBound == range.upperBound {
            range = range.lowerBound..<holes[position].upperBound
            holes.remove(at: position)
        }
        if range.upperBound == end {
            end = range.lowerBound
        } else {
            holes.insert(range, at: position)
        }
    }

    /// Forgets every stroke (a page opened afresh); the buffer is kept.
    func removeAll() {
        end = 0
        holes.removeAll()
    }

    /// First fit among the holes, else at the end.
    private func allocate(_ count: Int) -> Int {
        if let index = holes.firstIndex(where: { $0.count >= count }) {
            let hole = holes[index]
            if hole.count == count { holes.remove(at: index) } else { holes[index] = (hole.lowerBound + count)..<hole.upperBound }
            return hole.lowerBound
        }
        if end + count > capacity { grow(toAtLeast: end + count) }
        defer { end += count }
        return end
    }

    private func upload<C: Collection>(_ sprites: C, at first: Int) where C.Element == Sprite {
        let bytes = sprites.count * Self.stride
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let done: Void? = sprites.withContiguousStorageIfAvailable {
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), first * Self.stride, bytes, $0.baseAddress)
        }
        if done == nil {
            Array(sprites).withUnsafeBufferPointer {
                glBufferSubData(GLenum(GL_ARRAY_BUFFER), first * Self.stride, bytes, $0.baseAddress)
            }
        }
        uploadedBytes += bytes
    }

    /// A stored span's sprites, read back from the GPU (the renderer keeps no other copy).
    func read(_ span: SpriteSpan) -> [Sprite] {
        guard span.count > 0 else { return [] }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        defer { glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0) }
        return [Sprite](unsafeUninitializedCapacity: span.count) { storage, initialized in
            glGetBufferSubData(GLenum(GL_ARRAY_BUFFER), span.first * Self.stride, span.count * Self.stride, storage.baseAddress)
            initialized = span.count
        }
    }

    private func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        var newBuffer: GLuint = 0
        glGenBuffers(1, &newBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), newBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), newCapacity * Self.stride, nil, GLenum(GL_STATIC_DRAW))
        if buffer != 0 {
            if end > 0 {
                glBindBuffer(GLenum(GL_COPY_READ_BUFFER), buffer)
                glCopyBufferSubData(GLenum(GL_COPY_READ_BUFFER), GLenum(GL_ARRAY_BUFFER), 0, 0, end * Self.stride)
                glBindBuffer(GLenum(GL_COPY_READ_BUFFER), 0)
            }
            glDeleteBuffers(1, &buffer)
        }
        buffer = newBuffer
        capacity = newCapacity
        didReplaceBuffer(buffer)
    }
}
