import Dispatch
import CGL
import QuireGeometry

/// Shadow masks (see `ShadowMask`) as GL textures, kept while they are asked for again: a scrap beside
/// the one a redraw is about casts the same shadow onto the same pixels frame after frame, and only the
/// pieces a cut makes need masks worked out. The least recently used go past a budget of bytes.
final class ShadowMaskCache {
    /// What a mask depends on: the outline, the shadow, where the target shows the page, and the
    /// rectangle of the target it covers.
    struct Key: Hashable {
        var outlines: [[Point]]
        var shadow: SceneShadow
        var pageToFramebuffer: AffineTransform
        var x, y, width, height: Int

        /// Hashes a few points of each outline, not all of them: a key is hashed each time a scrap is
        /// drawn, and a piece a wavy cut made has hundreds of points. Keys with the same hash still
        /// compare every point before one is taken for the other.
        func hash(into hasher: inout Hasher) {
            hasher.combine(shadow)
            hasher.combine(pageToFramebuffer)
            hasher.combine(x)
            hasher.combine(y)
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(outlines.count)
            for outline in outlines {
                hasher.combine(outline.count)
                // Eight points spread along it, and its last.
                for k in stride(from: 0, to: outline.count, by: max(1, outline.count / 8)) { hasher.combine(outline[k]) }
                if let last = outline.last { hasher.combine(last) }
            }
        }

        /// The key of the same mask for a target showing the page moved by whole pixels only (no
        /// scale): the page's own, `x` and `y` moved back. A held scrap's picture at 1× takes the mask
        /// its page layer has, where it worked one out again on the CPU at every pick-up.
        var unmoved: Key {
            let m = pageToFramebuffer
            guard m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx != 0 || m.ty != 0, abs(m.tx) < 1e9, abs(m.ty) < 1e9,
                  m.tx == m.tx.rounded(), m.ty == m.ty.rounded() else { return self }
            var key = self
            key.pageToFramebuffer = .identity
            key.x -= Int(m.tx)
            key.y -= Int(m.ty)
            return key
        }
    }

    private struct Entry {
        /// Nil for a mask that darkens nothing: nothing to draw.
        var texture: GLuint?
        /// The mask's cover (`ShadowCover.triangles`): what of its rectangle is drawn.
        var cover: [Float]
        var bytes: Int
        var lastUse: Int
    }

    /// One byte a pixel: 32 MiB is about twenty-five 1280×1024 masks, or three of a Letter page at 300 dpi.
    static let budgetBytes = 32 << 20
    /// And at most this many, however small: each key holds its outline's points.
    static let maximumEntries = 1024
    private var entries: [Key: Entry] = [:]
    /// Where prepared masks are worked out, one after another: on one core, so they never take the
    /// core of the thread putting a cut's pieces in (while it does, nothing is drawn yet). Spread over
    /// every core, they stretched that serial step, and the cut's frame took 1.02-1.10 × as long.
    private let preparing = DispatchQueue(label: "quire.shadow-masks", qos: .userInitiated)
    /// Masks being worked out on another core (`prepare`), not yet asked for.
    private var prepared: [Key: PreparedMask] = [:]
    private var bytes = 0
    /// Counts the masks asked for; each entry keeps the count of its last use.
    private var clock = 0
    /// The kept masks' keys by their last use, to give up the least recently used without looking at
    /// every entry (a full cache holds hundreds, and a cut makes ten new masks).
    private var keysByLastUse: [Int: Key] = [:]
    /// No kept mask was last used before this count.
    private var oldestUse = 0

    deinit {
        for entry in entries.values { delete(entry.texture) }
    }

    /// Calls `draw` with the texture of the mask for `key` (a byte a pixel, `GL_R8`, rows from the top)
    /// and its cover's triangles, made now unless kept (from the mask `prepare` worked out, when it
    /// did); not at all when the mask darkens nothing or cannot be made. A mask larger than the budget
    /// is drawn and given up at once.
    func withTexture(for asked: Key, _ draw: (GLuint, [Float]) -> Void) {
        clock += 1
        // Kept as the page's own mask (`unmoved`); its cover's rectangles, in framebuffer pixels, moved
        // to where this target shows them.
        let key = asked.unmoved
        let (dx, dy) = (Float(asked.x - key.x), Float(asked.y - key.y))
        func show(_ texture: GLuint, _ cover: [Float]) {
            draw(texture, dx == 0 && dy == 0 ? cover : cover.enumerated().map { $0.offset % 2 == 0 ? $0.element + dx : $0.element + dy })
        }
        // One lookup (the key hashes its size and some points of the outline), touched in place.
        if let kept = entries.index(forKey: key) {
            keysByLastUse[entries.values[kept].lastUse] = nil
            keysByLastUse[clock] = key
            entries.values[kept].lastUse = clock
            if let texture = entries.values[kept].texture { show(texture, entries.values[kept].cover) }
            return
        }
        let ahead = prepared.isEmpty ? nil : prepared.removeValue(forKey: key)
        if ahead != nil { preparedTaken += 1 }
        let mask = ahead.map { $0.mask } ?? ShadowMask(key)
        // A new texture each time, never one rewritten: rewriting a texture that a draw still queued
        // reads makes llvmpipe wait for that draw. Drawn a texel a pixel (texelFetch), so no mipmaps.
        let texture = mask.flatMap { mask in
            mask.isClear ? nil : mask.alpha.withUnsafeBytes {
                MipmappedTexture.upload($0, width: mask.width, height: mask.height, internalFormat: GL_R8, format: GL_RED,
                                        mipmapped: false)
            }
        }
        let cover = texture == nil ? [] : mask?.cover.triangles ?? []
        if let texture { show(texture, cover) }
        // The texture's bytes (the cover's few rectangles are not counted, as the key's points are not).
        let size = texture == nil ? 0 : key.width * key.height
        guard size <= Self.budgetBytes else {
            // Deleted after the draw was asked for: GL keeps it until that draw is done.
            delete(texture)
            return
        }
        entries[key] = Entry(texture: texture, cover: cover, bytes: size, lastUse: clock)
        keysByLastUse[clock] = key
        bytes += size
        while bytes > Self.budgetBytes || entries.count > Self.maximumEntries, let oldest = takeLeastRecentlyUsed() {
            guard let entry = entries.removeValue(forKey: oldest) else { continue }
            delete(entry.texture)
            bytes -= entry.bytes
        }
    }

    /// The key of the least recently used kept mask, no longer listed by its use (nil when none is kept).
    /// The count it is searched from only moves forward, so giving up masks one by one costs no more
    /// than the uses counted since.
    private func takeLeastRecentlyUsed() -> Key? {
        while oldestUse <= clock {
            defer { oldestUse += 1 }
            if let key = keysByLastUse.removeValue(forKey: oldestUse) { return key }
        }
        return nil
    }

    /// Starts working out the mask for `key` on another core, unless it is kept or under way already:
    /// `withTexture` then waits for it rather than working it out itself. The GL texture is still
    /// made on the caller's thread, the only one GL is used from.
    func prepare(_ asked: Key) {
        let key = asked.unmoved
        guard entries.index(forKey: key) == nil, prepared.index(forKey: key) == nil else { return }
        prepared[key] = PreparedMask(key, on: preparing)
    }

    /// Forgets the masks prepared and not asked for (a redraw that did not draw them after all);
    /// those still being worked out finish on their own.
    func dropPrepared() {
        prepared.removeAll()
    }

    /// Masks kept, and their bytes (for tests).
    var count: Int { entries.count }
    /// Whether the mask for `key` is kept (for tests).
    func keeps(_ key: Key) -> Bool { entries.index(forKey: key.unmoved) != nil }
    /// Masks prepared and not yet asked for, and prepared masks taken so far (for tests).
    var preparedCount: Int { prepared.count }
    private(set) var preparedTaken = 0
    var bytesKept: Int { bytes }

    private func delete(_ texture: GLuint?) {
        guard var texture else { return }
        glDeleteTextures(1, &texture)
    }
}

/// A shadow mask being worked out on another core.
private final class PreparedMask: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once, by the worker, before it leaves `done`; read only after waiting for `done`.
    private var result: ShadowMask?

    init(_ key: ShadowMaskCache.Key, on queue: DispatchQueue) {
        done.enter()
        queue.async { [self] in
            result = ShadowMask(key)
            done.leave()
        }
    }

    /// The mask, once worked out (nil where `ShadowMask` makes none).
    var mask: ShadowMask? {
        done.wait()
        return result
    }
}

private extension ShadowMask {
    init?(_ key: ShadowMaskCache.Key) {
        self.init(outlines: key.outlines, shadow: key.shadow, pageToFramebuffer: key.pageToFramebuffer,
                  x: key.x, y: key.y, width: key.width, height: key.height)
    }
}
