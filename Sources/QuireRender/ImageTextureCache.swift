import CGL
import QuireImageIO

/// One GL texture per picture (by `SceneImage.imageKey`), premultiplied and mipmapped when first drawn,
/// shared by every item that shows it. Page items hold a use each (`retain`/`release`) and a picture's
/// texture goes when its last item does, unless the overlay showed it this frame; pictures drawn only by
/// the overlay are kept while it shows them (`sweep` after each frame drops the ones it stopped showing).
/// A picture from a `PicturePixelSource` is told to it when its texture is made and goes, and its
/// texture outlives its last item while the source has room: idle, the one idle longest going first.
final class ImageTextureCache {
    private struct Entry {
        var texture: GLuint
        /// GPU bytes: RGBA8 and its mipmaps (a third more).
        var bytes: Int
        var uses: Int
        /// The last frame whose overlay showed it.
        var overlayFrame: Int
        /// Every pixel has full alpha: drawn at full opacity it replaces what is under it.
        var opaque: Bool
        /// Its mipmaps are made (an overlay picture first drawn at its own size has none until it is
        /// drawn at another: a page sorter's newly shown row uploads without building them).
        var mipmapped: Bool
        /// Where its pixels came from, told when the texture goes; nil: the item held them.
        var source: (any PicturePixelSource)?
        /// When no item used it any more (`idleCount` then), for a picture from a source kept idle.
        var idleSince: Int?
    }

    private var entries: [String: Entry] = [:]
    private var usesOfKeysNotYetUploaded: [String: Int] = [:]
    private var frame = 0
    /// Counts textures going idle: the order they went idle in.
    private var idleCount = 0
    /// While true, a picture whose last item went keeps its texture until `endHolding`: a scissors cut
    /// takes a scrap out before its pieces, showing the same picture, go in.
    private var holding = false
    /// The largest side GL takes.
    let maximumSize: Int
    /// How many pictures were uploaded (tests check that shared keys upload once).
    private(set) var uploads = 0
    /// How many of them came from a `PicturePixelSource`: the uploads after which items may let go of
    /// pixels (a text line typed into uploads one without).
    private(set) var uploadsFromSources = 0
    /// The picture printed on the paper (`PageRenderer.paperImage`): kept whatever the items' uses, since
    /// no item holds it, until another takes its place.
    var pinned: String?

    init() {
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maximumSize = Int(max(size, 1))
    }

    deinit {
        for key in Array(entries.keys) { delete(key, evenPinned: true) }
    }

    var count: Int { entries.count }

    /// GPU bytes of the pictures' textures alive now.
    var bytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

    /// GPU bytes of textures kept idle (`PicturePixelSource`).
    var idleBytes: Int { entries.values.reduce(0) { $0 + ($1.idleSince == nil ? 0 : $1.bytes) } }

    func retain(_ key: String) {
        if entries[key] != nil {
            entries[key]!.uses += 1
            entries[key]!.idleSince = nil
        } else {
            usesOfKeysNotYetUploaded[key, default: 0] += 1
        }
    }

    func release(_ key: String) {
        if var entry = entries[key] {
            entry.uses -= 1
            entries[key] = entry
            if entry.uses <= 0, entry.overlayFrame != frame, !holding { letGo(key) }
        } else if let uses = usesOfKeysNotYetUploaded[key] {
            usesOfKeysNotYetUploaded[key] = uses > 1 ? uses - 1 : nil
        }
    }

    /// Keeps textures whose last use goes until `endHolding`.
    func beginHolding() { holding = true }

    /// Lets go of the textures held since `beginHolding` that no item took up again.
    func endHolding() {
        holding = false
        for (key, entry) in entries where entry.uses <= 0 && entry.overlayFrame != frame { letGo(key) }
        evictIdle()
    }

    /// Forgets every page item's use (a page opened afresh); textures stay until swept.
    func releaseAll() {
        for key in Array(entries.keys) { entries[key]!.uses = 0 }
        usesOfKeysNotYetUploaded.removeAll()
    }

    /// The texture showing a page's picture, uploaded on first use from its pixels, or its source's
    /// when it holds none; nil when neither has them (`texture(for:image:)` for the rest).
    func texture(for picture: SceneImage, filtered: Bool = true) -> GLuint? {
        if entries[picture.imageKey] == nil, picture.image == nil {
            guard let pixels = picture.source?.pixels(of: picture.imageKey) else { return nil }
            return texture(for: picture.imageKey, image: pixels, filtered: filtered, source: picture.source)
        }
        return texture(for: picture.imageKey, image: picture.image, filtered: filtered, source: picture.source)
    }

    /// The texture showing `image`, uploaded on first use; nil for a picture GL cannot hold (empty, too
    /// large, or with fewer bytes than its size says), which is then simply not drawn. `filtered`
    /// false: the picture is drawn texel for pixel, so mipmaps are not needed (yet).
    func texture(for key: String, image: RGBAImage?, inOverlay: Bool = false, filtered: Bool = true,
                 source: (any PicturePixelSource)? = nil) -> GLuint? {
        if let entry = entries[key] {
            if inOverlay { entries[key]!.overlayFrame = frame }
            if filtered && !entry.mipmapped {
                MipmappedTexture.buildMipmaps(of: entry.texture)
                entries[key]!.mipmapped = true
            }
            return entry.texture
        }
        guard let image, image.width > 0, image.height > 0, image.width <= maximumSize, image.height <= maximumSize,
              image.pixels.count >= image.width * image.height * 4 else { return nil }
        let (texture, opaque) = Self.upload(image, mipmapped: filtered)
        uploads += 1
        let bytes = image.width * image.height * 4 * 4 / 3
        entries[key] = Entry(texture: texture, bytes: bytes, uses: usesOfKeysNotYetUploaded.removeValue(forKey: key) ?? 0,
                             overlayFrame: inOverlay ? frame : -1, opaque: opaque, mipmapped: filtered, source: source)
        if let source {
            uploadsFromSources += 1
            source.textureMade(of: key, bytes: bytes)
        }
        return texture
    }

    /// Whether a texture of `key` is alive (in use or idle).
    func holds(_ key: String) -> Bool {
        entries[key] != nil
    }

    /// Keeps the picture under `key`, if uploaded, as one the overlay shows this frame though it was not
    /// drawn (outside a partial frame's rectangle): its texture stays for the frames that draw it.
    func keepForOverlay(_ key: String) {
        if entries[key] != nil { entries[key]!.overlayFrame = frame }
    }

    /// Whether the picture under `key` (uploaded) has full alpha everywhere.
    func isOpaque(_ key: String) -> Bool {
        entries[key]?.opaque ?? false
    }

    /// Ends a frame: pictures no item uses and the frame's overlay did not show are let go.
    func sweep() {
        for (key, entry) in entries where entry.uses <= 0 && entry.overlayFrame != frame { letGo(key) }
        evictIdle()
        frame &+= 1
    }

    /// No item uses `key` any more: its texture goes, or, from a source, is kept idle.
    private func letGo(_ key: String) {
        guard let entry = entries[key] else { return }
        guard entry.source != nil else { return delete(key) }
        if entry.idleSince == nil {
            entries[key]!.idleSince = idleCount
            idleCount += 1
        }
    }

    /// Deletes idle textures, the one idle longest first, while their source has no room for them.
    private func evictIdle() {
        let idle = entries.filter { $0.value.idleSince != nil }.sorted { ($0.value.idleSince ?? 0) < ($1.value.idleSince ?? 0) }
        for (key, entry) in idle where entry.source?.hasRoom == false { delete(key) }
    }

    private func delete(_ key: String, evenPinned: Bool = false) {
        guard evenPinned || key != pinned else { return }
        guard let entry = entries.removeValue(forKey: key) else { return }
        var texture = entry.texture
        glDeleteTextures(1, &texture)
        entry.source?.textureDeleted(of: key, bytes: entry.bytes)
    }

    /// Rows go up top row first, so texture coordinate (0, 0) is the picture's upper-left corner. Also
    /// says whether every pixel has full alpha (noted while premultiplying, at no extra pass).
    private static func upload(_ image: RGBAImage, mipmapped: Bool) -> (texture: GLuint, opaque: Bool) {
        var premultiplied = [UInt8](repeating: 0, count: image.width * image.height * 4)
        var smallestAlpha: UInt32 = 255
        image.pixels.withUnsafeBufferPointer { source in
            for i in stride(from: 0, to: premultiplied.count, by: 4) {
                let a = UInt32(source[i + 3])
                smallestAlpha = min(smallestAlpha, a)
                for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(source[i + c]) * a + 127) / 255) }
                premultiplied[i + 3] = UInt8(a)
            }
        }
        let texture = premultiplied.withUnsafeBytes {
            MipmappedTexture.upload($0, width: image.width, height: image.height, internalFormat: GL_RGBA8, format: GL_RGBA,
                                    mipmapped: mipmapped)
        }
        return (texture, smallestAlpha == 255)
    }
}
