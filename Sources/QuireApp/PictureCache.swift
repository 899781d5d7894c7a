import QuireDocument
import QuireImageIO
import QuireStorage

/// The pictures a notebook's blobs hold, decoded once each while they are in use (a photo cut into ten
/// scraps is decoded once). Decoded pixels are large (a 12 MP photo is 48 MB), so the cache holds at
/// most `budget` bytes: past it, the pictures decoded longest ago go first. A blob that is missing or not
/// a picture Quire reads is reported once and draws nothing.
public final class PictureCache {
    private let store: NotebookStore
    private let report: (String) -> Void
    private let budget: Int
    private var decoded: [BlobID: RGBAImage] = [:]
    /// Oldest first.
    private var order: [BlobID] = []
    private var bytes = 0
    private var unreadable: Set<BlobID> = []

    public init(store: NotebookStore, budget: Int = 512 << 20, report: @escaping (String) -> Void) {
        self.store = store
        self.budget = budget
        self.report = report
    }

    /// Bytes of decoded pixels held.
    public var heldBytes: Int { bytes }

    public func image(_ id: BlobID) -> RGBAImage? {
        if let known = decoded[id] { return known }
        guard !unreadable.contains(id) else { return nil }
        do {
            // PNG or JPEG, upright: an item's geometry is laid out in upright pixels (`ImageReference`).
            let picture = try ImageFile.decode(try store.blob(id))
            let size = picture.pixels.count
            while bytes + size > budget, let oldest = order.first {
                order.removeFirst()
                bytes -= decoded.removeValue(forKey: oldest)?.pixels.count ?? 0
            }
            decoded[id] = picture
            order.append(id)
            bytes += size
            return picture
        } catch {
            unreadable.insert(id)
            report("quire: a picture in \(store.path) cannot be shown: \(error)")
            return nil
        }
    }
}
