import QuireImageIO
import QuireRender

/// The window's picture cache as the renderer's `PicturePixelSource`: which of its pictures are held as
/// textures (their CPU copies let go when each is made), how many bytes those take, and whether the
/// cache's copies and the textures together are within its one budget. Pixels asked for again are
/// decoded at once by the cache.
///
/// A separate object, held by the renderer's textures, so a cache let go (another notebook opened)
/// is not kept alive by them: its idle textures then have no room and go at the next sweep.
/// The renderer and the cache both live on the window's thread; nothing here is touched elsewhere.
final class PictureTextureLedger: PicturePixelSource, @unchecked Sendable {
    weak var cache: PictureCache?
    /// Pictures (by image key) with a texture, and how many textures of each (one per renderer).
    private var textured: [String: Int] = [:]
    /// GPU bytes of those textures.
    private(set) var textureBytes = 0

    func isTextured(_ imageKey: String) -> Bool {
        textured[imageKey] != nil
    }

    func pixels(of imageKey: String) -> RGBAImage? {
        cache?.decodeNow(imageKey)
    }

    func textureMade(of imageKey: String, bytes: Int) {
        textured[imageKey, default: 0] += 1
        textureBytes += bytes
        cache?.letGoOfCopy(imageKey)
    }

    func textureDeleted(of imageKey: String, bytes: Int) {
        textureBytes -= bytes
        if let count = textured[imageKey] { textured[imageKey] = count > 1 ? count - 1 : nil }
    }

    var hasRoom: Bool {
        guard let cache else { return false }
        return cache.heldBytes + textureBytes <= cache.budget
    }
}
