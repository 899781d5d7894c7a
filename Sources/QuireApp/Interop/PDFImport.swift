import QuireDocument
import QuireGeometry
import QuirePDF
import QuireStorage

/// PDFs added to a notebook as pages, all at once or not at all: every file is read and checked first,
/// then each PDF's bytes (each distinct file once) and one page per PDF page — sized and turned like
/// it, with that PDF page as its background — are written in one transaction.
public enum PDFImport {
    /// Page pixels (1/96 in) per PDF point (1/72 in).
    public static let pagePixelsPerPoint = 96.0 / 72.0
    /// The most pages one import adds: as many as one PDF may have (`PDFDocument.maximumPages`).
    public static let maximumPages = PDFDocument.maximumPages
    /// The most bytes of PDFs one import holds in memory (they are written in one transaction).
    public static let maximumTotalSize = 1 << 30

    /// The page a PDF page of `width` × `height` points becomes: the same size at 96 dpi, scaled down to
    /// fit `PageSize.maximumSide` (keeping its shape) when larger. `PDFDocument` has checked the sides
    /// (1 to 14,400 points), so the result is always a usable page size.
    public static func pageSize(width: Double, height: Double) -> PageSize {
        let w = width * pagePixelsPerPoint, h = height * pagePixelsPerPoint
        let fit = min(1, PageSize.maximumSide / max(w, h))
        return PageSize(width: max(PageSize.minimumSide, w * fit), height: max(PageSize.minimumSide, h * fit))
    }

    /// One new page per page of each file, in order, each with its PDF page filling it at the bottom,
    /// and the blobs they show, each once.
    public static func pages(for files: [PDFFile]) -> (pages: [Page], blobs: [BlobBytes]) {
        var pages: [Page] = []
        var blobs: [BlobBytes] = []
        var seen: Set<BlobID> = []
        for file in files {
            let blob = file.blob
            if seen.insert(blob.id).inserted { blobs.append(blob) }
            for (index, points) in file.pageSizes.enumerated() {
                let size = pageSize(width: points.width, height: points.height)
                let background = PDFPageItem(document: blob.id, pageIndex: index,
                                             rect: Rect(x: 0, y: 0, width: size.width, height: size.height))
                pages.append(Page(size: size, items: [PageItem(.pdfPage(background))]))
            }
        }
        return (pages, blobs)
    }

    /// Reads and checks every file at `paths`, reporting how many are done after each. Throws the first
    /// bad file's `ImportError`. Done before the notebook is opened, so a bad file leaves it alone.
    public static func read(_ paths: [String], progress: (Int) -> Void = { _ in }) throws -> [PDFFile] {
        var files: [PDFFile] = []
        var bytes = 0, pages = 0
        for (index, path) in paths.enumerated() {
            let file = try PDFFile(path: path)
            bytes += file.bytes.count
            pages += file.pageSizes.count
            guard bytes <= maximumTotalSize else {
                throw ImportError(path: path, reason: "the PDFs of one import come to more than \(maximumTotalSize >> 20) MiB; "
                                     + "import fewer at a time")
            }
            guard pages <= maximumPages else {
                throw ImportError(path: path, reason: "the PDFs of one import come to \(pages) pages; at most \(maximumPages) "
                                     + "can be imported at a time")
            }
            files.append(file)
            progress(index + 1)
        }
        return files
    }

    /// Adds the pages of `files` to `store` at `index` (0-based; nil: at the end) in one transaction and
    /// returns their ids, in order. On an error the notebook is unchanged.
    @discardableResult
    public static func insert(_ files: [PDFFile], into store: NotebookStore, at index: Int? = nil,
                              history: NotebookHistoryChange? = nil, progress: (Int) -> Void = { _ in }) throws -> [PageID] {
        let (pages, blobs) = pages(for: files)
        try store.insertPages(pages, at: index, storing: blobs, history: history, progress: progress)
        return pages.map(\.id)
    }
}
