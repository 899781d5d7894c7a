import QuireDocument
import QuireImageIO
import QuireStorage

/// The pictures a notebook's blobs hold, decoded once each while they are in use (a photo cut into ten
/// scraps is decoded once), at the size they are shown rather than their own: a 12 MP photo shown a
/// few hundred pixels wide is decoded (JPEG's DCT scaling) and kept at that size, its original bytes
/// staying in the file. Decoded pixels are large, so the cache holds at most `budget` bytes: past it,
/// the pictures decoded longest ago go first. A blob that is missing or not a picture Quire reads is
/// reported once and draws nothing.
public final class PictureCache {
    /// A picture at one size: `side` is the longest side it is decoded to fit (nil: its own size).
    public struct Key: Hashable, Sendable {
        public var blob: BlobID
        public var side: Int?
    }

    private let store: NotebookStore
    private let report: (String) -> Void
    private let budget: Int
    private var decoded: [Key: RGBAImage] = [:]
    /// Oldest first.
    private var order: [Key] = []
    private var bytes = 0
    private var unreadable: Set<BlobID> = []

    public init(store: NotebookStore, budget: Int = 512 << 20, report: @escaping (String) -> Void) {
        self.store = store
        self.budget = budget
        self.report = report
    }

    /// Bytes of decoded pixels held.
    public var heldBytes: Int { bytes }

    /// The picture `id` holds, scaled down to fit `side` pixels (nil: at its own size), upright.
    public func image(_ id: BlobID, fittingIn side: Int? = nil) -> RGBAImage? {
        let key = Key(blob: id, side: side)
        if let known = decoded[key] {
            order.removeAll { $0 == key }
            order.append(key)
            return known
        }
        guard !unreadable.contains(id) else { return nil }
        do {
            let picture = try ImageFile.decode(try store.blob(id), fittingIn: side)
            let size = picture.pixels.count
            while bytes + size > budget, let oldest = order.first {
                order.removeFirst()
                bytes -= decoded.removeValue(forKey: oldest)?.pixels.count ?? 0
            }
            decoded[key] = picture
            order.append(key)
            bytes += size
            return picture
        } catch {
            unreadable.insert(id)
            report("quire: a picture in \(store.path) cannot be shown: \(error)")
            return nil
        }
    }
}
