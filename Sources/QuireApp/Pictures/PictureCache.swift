import Foundation
import QuireDocument
import QuireImageIO
import QuireRender
import QuireStorage

/// The pictures a notebook's blobs hold, decoded once each while they are in use (a photo cut into ten
/// scraps is decoded once), at the size they are shown rather than their own: a 12 MP photo shown a
/// few hundred pixels wide is decoded (JPEG's DCT scaling) and kept at that size, its original bytes
/// staying in the file. Decoded pixels are large, so the cache holds at most `budget` bytes: past it,
/// the pictures decoded longest ago go first. A blob that is missing or not a picture Quire reads is
/// reported once and draws nothing.
///
/// The window asks with `requestPicture`, which never waits: a picture not decoded yet is decoded on
/// other threads (a 12 MP JPEG takes tens of milliseconds even at an eighth of its size, and a page of
/// a hundred photos would freeze the window for seconds) and handed over by `takeArrived` for the
/// window to draw. Exports ask with `image`, which decodes at once.
///
/// In the window, pictures and their textures share the one budget: once the renderer has a picture
/// as a texture its decoded copy goes (`PictureTextureLedger`), and a texture no item shows any more
/// is kept, while the copies and textures together fit the budget, for undo or a page turned back to;
/// past it the one idle longest goes first (the renderer's `ImageTextureCache`).
public final class PictureCache {
    /// A picture at one size: `side` is the longest side it is decoded to fit (nil: its own size).
    public struct Key: Hashable, Sendable {
        public var blob: BlobID
        public var side: Int?
    }

    /// A picture as the window draws it: its pixels, or only its size when a texture of it is on the
    /// GPU (its copy let go), with the source the renderer asks should it need them again.
    public struct Shown {
        public var imageKey: String
        public var width: Int
        public var height: Int
        public var image: RGBAImage?
        public var source: any PicturePixelSource
    }

    private let store: NotebookStore
    private let report: (String) -> Void
    private var decoded: RecentImages<Key>
    /// The pictures handed to the window's renderer, by image key and by key (each key decodes to one
    /// size), so a texture's word reaches the size it shows: at most one entry per size of a picture
    /// the page asked for.
    private var shownKeys: [String: Key] = [:]
    private var imageKeys: [Key: (name: String, width: Int, height: Int)] = [:]
    /// Pictures with a texture, and the bytes they take: what the renderer says.
    private let textures = PictureTextureLedger()
    /// Oldest first.
    private var unreadable: Set<BlobID> = []
    /// Whether each picture decoded so far has full alpha everywhere (any size of it says).
    private var opacity: [BlobID: Bool] = [:]
    /// Decodes under way on `decoders`, and those done, waiting to be taken on the owner's thread.
    private var pending: Set<Key> = []
    private let finished = FinishedImages<PictureCache.Key>()
    private let waiting = WaitingDecodes<PictureCache.Key>()
    /// Below the window's priority: a frame drawn while pictures decode gets the cores first.
    private let decoders = BackgroundWorkers(name: "quire-decode",
                                             count: max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)))

    /// `copies`: the bytes of decoded pixels held at most (exports keep theirs; the window's go once
    /// uploaded).
    public init(store: NotebookStore, budget copies: Int = 512 << 20, report: @escaping (String) -> Void) {
        self.store = store
        decoded = RecentImages(budget: copies)
        self.report = report
        textures.cache = self
    }

    /// Bytes of decoded copies and textures together past which the window's idle textures go (the
    /// textures items show stay, whatever they take; copies go once uploaded). Set by the window from
    /// its size (`budget(forWindowWidth:height:)`).
    public var budget = PictureCache.budget(forWindowWidth: 0, height: 0)

    /// Six windows' worth of pixels, and at least 48 MiB: the pictures a page shows, with room to keep
    /// those of a page or two turned away from.
    public static func budget(forWindowWidth width: Int, height: Int) -> Int {
        max(48 << 20, 6 * 4 * max(0, width) * max(0, height))
    }

    /// Bytes of decoded pixels held.
    public var heldBytes: Int { decoded.bytes }

    /// GPU bytes of the textures the window's renderer holds of these pictures, idle ones included.
    public var textureBytes: Int { textures.textureBytes }

    /// Whether decodes asked for by `requestImage` are still under way or not yet taken.
    public var isDecoding: Bool { !pending.isEmpty }

    /// The picture `id` holds, scaled down to fit `side` pixels (nil: at its own size), upright;
    /// decoded now if it is not held.
    public func image(_ id: BlobID, fittingIn side: Int? = nil) -> RGBAImage? {
        let key = Key(blob: id, side: side)
        if let known = decoded.use(key) { return known }
        guard !unreadable.contains(id) else { return nil }
        do {
            let picture = try ImageFile.decode(try store.blob(id), fittingIn: side)
            noteOpacity(of: picture, id)
            return decoded.keep(picture, as: key)
        } catch {
            refuse(id, error)
            return nil
        }
    }

    /// The picture if it is held at that size; else it is read and decoded on another thread, to be
    /// handed over by `takeArrived` (reading a hundred photos' bytes is itself a second or two), and
    /// meanwhile the sharpest size of it already held is returned (a zoom shows the picture soft for a
    /// moment rather than not at all), or nil.
    public func requestImage(_ id: BlobID, fittingIn side: Int? = nil) -> RGBAImage? {
        let key = Key(blob: id, side: side)
        if let known = decoded.use(key) { return known }
        guard !unreadable.contains(id) else { return nil }
        decodeLater(key)
        return sharpestHeld(of: id)?.image
    }

    /// The sharpest size of picture `id` held decoded, if any.
    private func sharpestHeld(of id: BlobID) -> (key: Key, image: RGBAImage)? {
        decoded.all.filter { $0.key.blob == id }.max { $0.value.width < $1.value.width }.map { ($0.key, $0.value) }
    }

    /// Has `key` decoded on another thread, unless it is on its way already.
    private func decodeLater(_ key: Key) {
        guard !pending.contains(key) else { return }
        pending.insert(key)
        waiting.push(key)
        let reader = BlobReader(store: store)
        // Each operation decodes the newest picture still waiting, not necessarily this one.
        decoders.add { [finished, waiting] in
            guard let next = waiting.popNewest() else { return }
            finished.add(next, Result { try ImageFile.decode(try reader.bytes(of: next.blob), fittingIn: next.side) })
        }
    }

    /// `requestImage` for the window's renderer: a picture held as a texture comes as its size alone,
    /// and one decoded comes with its pixels, to be let go once its texture is made. The stand-in
    /// while a size decodes may be a texture of another size.
    public func requestPicture(_ id: BlobID, fittingIn side: Int? = nil) -> Shown? {
        let key = Key(blob: id, side: side)
        if let shown = texturedSize(key) ?? decoded.use(key).map({ shownPicture($0, key) }) { return shown }
        guard !unreadable.contains(id) else { return nil }
        decodeLater(key)
        let stopgap = sharpestHeld(of: id).map { shownPicture($0.image, $0.key) }
        let sharpestTextured = imageKeys.keys.filter { $0.blob == id }.compactMap(texturedSize).max { $0.width < $1.width }
        guard let sharpestTextured else { return stopgap }
        return (stopgap?.width ?? 0) >= sharpestTextured.width ? stopgap : sharpestTextured
    }

    /// `picture` (decoded as `key`) as the renderer gets it, its key noted.
    private func shownPicture(_ picture: RGBAImage, _ key: Key) -> Shown {
        let imageKey = Self.imageKey(key.blob, picture.width, picture.height)
        shownKeys[imageKey] = key
        imageKeys[key] = (imageKey, picture.width, picture.height)
        return Shown(imageKey: imageKey, width: picture.width, height: picture.height, image: picture, source: textures)
    }

    /// The picture decoded as `key`, when a texture of it is alive: its size, without pixels.
    private func texturedSize(_ key: Key) -> Shown? {
        guard let shown = imageKeys[key], textures.isTextured(shown.name) else { return nil }
        return Shown(imageKey: shown.name, width: shown.width, height: shown.height, image: nil, source: textures)
    }

    /// Names a picture's pixels at one size (`SceneImage.imageKey`): its blob and that size.
    static func imageKey(_ blob: BlobID, _ width: Int, _ height: Int) -> String {
        "\(blob.rawValue)@\(width)x\(height)"
    }

    /// The pixels an image key handed out names, decoded now if no copy is held (the renderer lost
    /// the texture it had made of them).
    func decodeNow(_ imageKey: String) -> RGBAImage? {
        guard let key = shownKeys[imageKey] else { return nil }
        return image(key.blob, fittingIn: key.side)
    }

    /// A texture of `imageKey` was made: its decoded copy goes. (Copies not uploaded yet stay, within
    /// the copies' own cap: an arrival let go before its item is built would only be decoded again.)
    func letGoOfCopy(_ imageKey: String) {
        if let key = shownKeys[imageKey] { decoded.remove(key) }
    }

    /// The pictures whose decodes finished since the last call, now held (or reported, when they could
    /// not be decoded): the window redraws the items that show them.
    public func takeArrived() -> Set<BlobID> {
        var arrived: Set<BlobID> = []
        for (key, result) in finished.take() {
            pending.remove(key)
            switch result {
            case let .success(picture):
                noteOpacity(of: picture, key.blob)
                decoded.keep(picture, as: key)
                arrived.insert(key.blob)
            case let .failure(error):
                refuse(key.blob, error)
            }
        }
        return arrived
    }

    /// Whether picture `id` is known to be opaque: some size of it has been decoded, with full alpha
    /// everywhere. False for one not decoded yet.
    public func isKnownOpaque(_ id: BlobID) -> Bool {
        opacity[id] == true
    }

    /// Whether some size of picture `id` has been decoded (so `isKnownOpaque` knows), or it cannot be.
    public func isKnown(_ id: BlobID) -> Bool {
        opacity[id] != nil || unreadable.contains(id)
    }

    private func noteOpacity(of picture: RGBAImage, _ id: BlobID) {
        if opacity[id] == nil { opacity[id] = picture.isOpaque }
    }

    /// Waits for every decode under way (tests; a window closing drops them, their results unread).
    public func waitForDecodes() {
        decoders.waitUntilIdle()
    }

    private func refuse(_ id: BlobID, _ error: Error) {
        guard unreadable.insert(id).inserted else { return }
        report("quire: a picture in \(store.path) cannot be shown: \(error)")
    }
}

/// Reads blobs from the decoding threads. The store's database queue serialises every access, so a read
/// from another thread waits for (and holds up) the window's own use of the notebook for as long as
/// it takes, and nothing else; the store is not otherwise touched there.
private struct BlobReader: @unchecked Sendable {
    let store: NotebookStore

    func bytes(of id: BlobID) throws -> [UInt8] {
        try store.blob(id)
    }
}

