import CGL
import QuireInk

/// Every finished stroke's sprites, kept on the GPU so redrawing a stroke (a view tile sharpening, a
/// redraw after a removal, baking) is a draw call and never an upload. Strokes opened or drawn one after
/// another lie next to each other, so a run of them draws in one call.
///
/// Memory is what the ink needs, not what it might: a stroke of one colour with no rotation (every pen
/// and eraser stroke Quire draws) keeps 16 bytes a sprite and its colour once, any other 32 bytes a
/// sprite. The sprites lie in GL buffers of `chunkSlots` slots (1 MiB) made one at a time as they fill
/// and never copied or grown; a stroke too long for one gets a buffer of its own size. A software driver
/// (Mesa's llvmpipe) zero-fills a buffer when it is made, so every reserved byte is resident: a buffer
/// that doubled when full kept up to twice the ink's bytes, and each copy left the old one behind in the
/// C heap. A stroke taken off frees its slots for reuse (the newest one's simply pulls its buffer's end
/// back, so removing and re-inserting the newest stroke reuses the same bytes).
final class SpriteArena {
    /// Slots (16 bytes) in each shared buffer.
    static let chunkSlots = 65_536
    static let slotBytes = 16

    private struct Chunk {
        var buffer: GLuint
        var slots: Int
        /// Slots `0..<end` are allocated or free holes; beyond is untouched.
        var end: Int
        /// Free ranges below `end`, sorted and merged.
        var holes: [Range<Int>]
    }

    private var chunks: [Chunk] = []
    /// Bytes of sprites sent to the GPU, ever.
    private(set) var uploadedBytes = 0
    /// Bytes of GL buffers the arena holds now (what the GPU, or llvmpipe's heap, sets aside for it).
    var reservedBytes: Int { chunks.reduce(0) { $0 + $1.slots } * Self.slotBytes }

    init() {}

    deinit {
        for chunk in chunks {
            var buffer = chunk.buffer
            glDeleteBuffers(1, &buffer)
        }
    }

    /// The GL buffer holding `span`.
    func buffer(of span: SpriteSpan) -> GLuint { chunks[span.chunk].buffer }

    /// Copies `sprites` to the GPU and says where they are.
    func store<C: Collection>(_ sprites: C) -> SpriteSpan where C.Element == Sprite {
        guard !sprites.isEmpty else { return .empty }
        let span = place(sprites)
        upload(Self.bytes(of: sprites, as: span), to: span)
        return span
    }

    /// Copies several strokes at once (opening a page): strokes that land one after another in a
    /// buffer go up in one upload.
    func store(_ strokes: [[Sprite]]) -> [SpriteSpan] {
        var spans: [SpriteSpan] = []
        spans.reserveCapacity(strokes.count)
        var pending: [UInt8] = []
        var pendingStart: SpriteSpan?
        func flush() {
            if let start = pendingStart, !pending.isEmpty { upload(pending, to: start) }
            pending.removeAll(keepingCapacity: true)
            pendingStart = nil
        }
        for sprites in strokes {
            guard !sprites.isEmpty else {
                spans.append(.empty)
                continue
            }
            let span = place(sprites)
            if let start = pendingStart, start.chunk == span.chunk,
               start.first + pending.count / Self.slotBytes == span.first {
                pending += Self.bytes(of: sprites, as: span)
            } else {
                flush()
                pendingStart = span
                pending = Self.bytes(of: sprites, as: span)
            }
            spans.append(span)
        }
        flush()
        return spans
    }

    /// Gives a span's slots back.
    func free(_ span: SpriteSpan) {
        guard span.count > 0, chunks.indices.contains(span.chunk) else { return }
        var chunk = chunks[span.chunk]
        var range = span.first..<(span.first + span.slotCount)
        var position = chunk.holes.firstIndex { $0.lowerBound > range.lowerBound } ?? chunk.holes.count
        if position > 0, chunk.holes[position - 1].upperBound == range.lowerBound {
            range = chunk.holes[position - 1].lowerBound..<range.upperBound
            chunk.holes.remove(at: position - 1)
            position -= 1
        }
        if position < chunk.holes.count, chunk.holes[position].lowerBound == range.upperBound {
            range = range.lowerBound..<chunk.holes[position].upperBound
            chunk.holes.remove(at: position)
        }
        if range.upperBound == chunk.end {
            chunk.end = range.lowerBound
        } else {
            chunk.holes.insert(range, at: position)
        }
        chunks[span.chunk] = chunk
    }

    /// Forgets every stroke (a page opened afresh): the shared buffers are kept for the next page's ink,
    /// a long stroke's own buffer goes.
    func removeAll() {
        var kept: [Chunk] = []
        for var chunk in chunks {
            if chunk.slots == Self.chunkSlots {
                chunk.end = 0
                chunk.holes.removeAll()
                kept.append(chunk)
            } else {
                var buffer = chunk.buffer
                glDeleteBuffers(1, &buffer)
            }
        }
        chunks = kept
    }

    /// A stored span's sprites, read back from the GPU (the renderer keeps no other copy).
    func read(_ span: SpriteSpan) -> [Sprite] {
        guard span.count > 0, chunks.indices.contains(span.chunk) else { return [] }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), chunks[span.chunk].buffer)
        defer { glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0) }
        let offset = span.first * Self.slotBytes
        guard let color = span.sharedColor else {
            return [Sprite](unsafeUninitializedCapacity: span.count) { storage, initialized in
                glGetBufferSubData(GLenum(GL_ARRAY_BUFFER), offset, span.count * MemoryLayout<Sprite>.stride, storage.baseAddress)
                initialized = span.count
            }
        }
        let compact = [CompactSprite](unsafeUninitializedCapacity: span.count) { storage, initialized in
            glGetBufferSubData(GLenum(GL_ARRAY_BUFFER), offset, span.count * MemoryLayout<CompactSprite>.stride, storage.baseAddress)
            initialized = span.count
        }
        return compact.map { $0.sprite(colored: color) }
    }

    /// Finds room for `sprites` in the layout they allow, without uploading them.
    private func place<C: Collection>(_ sprites: C) -> SpriteSpan where C.Element == Sprite {
        var largest: Float = 0
        for s in sprites where s.diameter > largest { largest = s.diameter }
        let color = SharedColor(of: sprites)
        var span = SpriteSpan(chunk: 0, first: 0, count: sprites.count, largest: largest, sharedColor: color)
        (span.chunk, span.first) = allocate(span.slotCount)
        return span
    }

    /// First fit among the holes, else at the end of a shared buffer with room, else a new buffer.
    private func allocate(_ slots: Int) -> (chunk: Int, first: Int) {
        for index in chunks.indices {
            if let hole = chunks[index].holes.firstIndex(where: { $0.count >= slots }) {
                let range = chunks[index].holes[hole]
                if range.count == slots {
                    chunks[index].holes.remove(at: hole)
                } else {
                    chunks[index].holes[hole] = (range.lowerBound + slots)..<range.upperBound
                }
                return (index, range.lowerBound)
            }
        }
        if let index = chunks.indices.last(where: { chunks[$0].slots - chunks[$0].end >= slots }) {
            defer { chunks[index].end += slots }
            return (index, chunks[index].end)
        }
        // The last shared buffer's unused tail stays free for shorter strokes.
        if let last = chunks.indices.last, chunks[last].end < chunks[last].slots {
            chunks[last].holes.append(chunks[last].end..<chunks[last].slots)
            chunks[last].end = chunks[last].slots
        }
        let size = max(slots, Self.chunkSlots)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), size * Self.slotBytes, nil, GLenum(GL_STATIC_DRAW))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        chunks.append(Chunk(buffer: buffer, slots: size, end: slots, holes: []))
        return (chunks.count - 1, 0)
    }

    /// `sprites` in the layout `span` keeps them in.
    private static func bytes<C: Collection>(of sprites: C, as span: SpriteSpan) -> [UInt8] where C.Element == Sprite {
        if span.sharedColor == nil {
            return Array(sprites).withUnsafeBytes { Array($0) }
        }
        return sprites.map(CompactSprite.init).withUnsafeBytes { Array($0) }
    }

    private func upload(_ bytes: [UInt8], to span: SpriteSpan) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), chunks[span.chunk].buffer)
        bytes.withUnsafeBytes {
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), span.first * Self.slotBytes, $0.count, $0.baseAddress)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        uploadedBytes += bytes.count
    }
}
