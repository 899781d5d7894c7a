import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage

/// The pictures a notebook's blobs hold, decoded once each while they are in use (a photo cut into ten
/// scraps is decoded once), at the size they are shown rather than their own: a 12 MP photo shown a
/// few hundred pixels wide is decoded (JPEG's DCT scaling) and kept at that size, its original bytes
/// staying in the file. Decoded pixels are large, so the cache holds at most `budget` bytes: past it,
/// the pictures decoded longest ago go first. A blob that is missing or not a picture Quire reads is
/// reported once and draws nothing.
///
/// The window asks with `requestImage`, which never waits: a picture not decoded yet is decoded on
/// other threads (a 12 MP JPEG takes tens of milliseconds even at an eighth of its size, and a page of
/// a hundred photos would freeze the window for seconds) and handed over by `takeArrived` for the
/// window to draw. Exports ask with `image`, which decodes at once.
public final class PictureCache {
    /// A picture at one size: `side` is the longest side it is decoded to fit (nil: its own size).
    public struct Key: Hashable, Sendable {
        public var blob: BlobID
        public var side: Int?
    }

    private let store: NotebookStore
    private let report: (String) -> Void
    private var decoded: RecentImages<Key>
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

    public init(store: NotebookStore, budget: Int = 512 << 20, report: @escaping (String) -> Void) {
        self.store = store
        decoded = RecentImages(budget: budget)
        self.report = report
    }

    /// Bytes of decoded pixels held.
    public var heldBytes: Int { decoded.bytes }

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
        let stopgap = decoded.all.filter { $0.key.blob == id }.max { $0.value.width < $1.value.width }?.value
        guard !pending.contains(key) else { return stopgap }
        pending.insert(key)
        waiting.push(key)
        let reader = BlobReader(store: store)
        // Each operation decodes the newest picture still waiting, not necessarily this one.
        decoders.add { [finished, waiting] in
            guard let next = waiting.popNewest() else { return }
            finished.add(next, Result { try ImageFile.decode(try reader.bytes(of: next.blob), fittingIn: next.side) })
        }
        return stopgap
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

