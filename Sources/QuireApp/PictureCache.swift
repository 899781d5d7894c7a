import QuireDocument
import QuireImageIO
import QuireStorage

/// The pictures a notebook's blobs hold, decoded once each (a photo cut into ten scraps is decoded
/// once). A blob that is missing or not a picture Quire reads is reported once and draws nothing.
public final class PictureCache {
    private let store: NotebookStore
    private let report: (String) -> Void
    private var decoded: [BlobID: RGBAImage] = [:]
    private var unreadable: Set<BlobID> = []

    public init(store: NotebookStore, report: @escaping (String) -> Void) {
        self.store = store
        self.report = report
    }

    public func image(_ id: BlobID) -> RGBAImage? {
        if let known = decoded[id] { return known }
        guard !unreadable.contains(id) else { return nil }
        do {
            let picture = try PNG.decode(try store.blob(id))
            decoded[id] = picture
            return picture
        } catch {
            unreadable.insert(id)
            report("quire: a picture in \(store.path) cannot be shown: \(error)")
            return nil
        }
    }
}
