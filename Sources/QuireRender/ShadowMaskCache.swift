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
    }

    private struct Entry {
        /// Nil for a mask that darkens nothing: nothing to draw.
        var texture: GLuint?
        var bytes: Int
        var lastUse: Int
    }

    /// One byte a pixel: 32 MiB is about twenty-five 1280×1024 masks, or three of a Letter page at 300 dpi.
    static let budgetBytes = 32 << 20
    /// And at most this many, however small: each key holds its outline's points.
    static let maximumEntries = 1024
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var clock = 0

    deinit {
        for entry in entries.values { delete(entry.texture) }
    }

    /// Calls `draw` with the texture of the mask for `key` (a byte a pixel, `GL_R8`, rows from the top),
    /// made now unless kept; not at all when the mask darkens nothing or cannot be made. A mask larger
    /// than the budget is drawn and given up at once.
    func withTexture(for key: Key, _ draw: (GLuint) -> Void) {
        clock += 1
        // One lookup (the key hashes every point of the outline), touched in place.
        if let kept = entries.index(forKey: key) {
            entries.values[kept].lastUse = clock
            if let texture = entries.values[kept].texture { draw(texture) }
            return
        }
        let mask = ShadowMask(outlines: key.outlines, shadow: key.shadow, pageToFramebuffer: key.pageToFramebuffer,
                              x: key.x, y: key.y, width: key.width, height: key.height)
        // A new texture each time, never one rewritten: rewriting a texture that a draw still queued
        // reads makes llvmpipe wait for that draw. Drawn a texel a pixel (texelFetch), so no mipmaps.
        let texture = mask.flatMap { mask in
            mask.isClear ? nil : mask.alpha.withUnsafeBytes {
                MipmappedTexture.upload($0, width: mask.width, height: mask.height, internalFormat: GL_R8, format: GL_RED,
                                        mipmapped: false)
            }
        }
        if let texture { draw(texture) }
        let size = texture == nil ? 0 : key.width * key.height
        guard size <= Self.budgetBytes else {
            // Deleted after the draw was asked for: GL keeps it until that draw is done.
            delete(texture)
            return
        }
        entries[key] = Entry(texture: texture, bytes: size, lastUse: clock)
        bytes += size
        while bytes > Self.budgetBytes || entries.count > Self.maximumEntries,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            delete(oldest.value.texture)
            bytes -= oldest.value.bytes
            entries[oldest.key] = nil
        }
    }

    /// Masks kept, and their bytes (for tests).
    var count: Int { entries.count }
    var bytesKept: Int { bytes }

    private func delete(_ texture: GLuint?) {
        guard var texture else { return }
        glDeleteTextures(1, &texture)
    }
}
