import QuireDocument
import QuireGeometry
import QuireStorage

/// Pictures put on a page as photo scraps, all at once or not at all: every file is read and checked
/// first, then their bytes (each distinct file once) and the scraps showing them are written to the
/// notebook in one transaction.
public enum PictureImport {
    /// Room a picture that fills the page leaves around itself, in page pixels.
    public static let margin = 48.0
    /// How far each further picture of one import lands from the one before (right and down), so they
    /// do not hide each other; the step starts over after `cascadeLength` pictures. The cascade is
    /// centred where the pictures go and fits within the margin: its pictures are fitted that much
    /// smaller, rather than the last ones being pushed flush against the page's edge, where their
    /// shadows fall on the desk (drawn again over it, from every photo of a pile, in each frame of a pan).
    public static let cascadeStep = 24.0
    public static let cascadeLength = 5
    /// The most bytes of pictures one import holds in memory (they are written in one transaction).
    public static let maximumTotalSize = 1 << 30

    /// The edit putting `pictures` on top of `page` as scraps, centred on `centre` (default: the middle
    /// of `visible`, the whole page when nil), within `visible` and cascading, and the blobs it needs, each once. Nil when a picture cannot be placed (the
    /// page has no area).
    public static func edit(placing pictures: [PictureFile], on page: Page, visible: Rect? = nil, centredAt centre: Point? = nil)
        -> (edit: PageEdit, blobs: [BlobBytes])?
    {
        let area = visible ?? Rect(x: 0, y: 0, width: page.size.width, height: page.size.height)
        let centre = centre ?? area.center
        var blobs: [BlobBytes] = []
        var seen: Set<BlobID> = []
        var items: [PageItem] = []
        let extent = Double(min(pictures.count, cascadeLength) - 1) * cascadeStep
        for (index, picture) in pictures.enumerated() {
            let blob = picture.blob
            if seen.insert(blob.id).inserted { blobs.append(blob) }
            let reference = ImageReference(blob: blob.id, pixelWidth: picture.info.uprightWidth,
                                           pixelHeight: picture.info.uprightHeight)
            let step = Double(index % cascadeLength) * cascadeStep - extent / 2
            guard let scrap = Scrap.photo(reference, centredAt: centre + Point(step, step), fitting: area, margin: margin + extent / 2)
            else { return nil }
            items.append(PageItem(.scrap(scrap)))
        }
        return (page.adding(items), blobs)
    }

    /// Reads and checks every file at `paths`, reporting how many are done after each. Throws the first
    /// bad file's `ImportError`. Done before the notebook is opened, so a bad file leaves it alone.
    public static func read(_ paths: [String], progress: (Int) -> Void = { _ in }) throws -> [PictureFile] {
        var pictures: [PictureFile] = []
        var total = 0
        for (index, path) in paths.enumerated() {
            let picture = try PictureFile(path: path)
            total += picture.bytes.count
            guard total <= maximumTotalSize else {
                throw ImportError(path: path, reason: "the pictures of one import come to more than "
                                         + "\(maximumTotalSize >> 20) MiB; import fewer at a time")
            }
            pictures.append(picture)
            progress(index + 1)
        }
        return pictures
    }

    /// Puts `pictures` on top of page `pageID` of `store`, in one transaction, and returns the new
    /// scraps' ids, bottom first. On an error the notebook is unchanged.
    @discardableResult
    public static func place(_ pictures: [PictureFile], into store: NotebookStore, page pageID: PageID) throws -> [ItemID] {
        let page = try store.loadPage(pageID)
        guard let (edit, blobs) = edit(placing: pictures, on: page) else {
            throw ImportError(path: pictures.first?.path ?? "", reason: "page \(pageID) has no area to place a picture on")
        }
        try store.apply(edit, to: pageID, storing: blobs)
        return edit.itemsAfter.map(\.id)
    }
}
