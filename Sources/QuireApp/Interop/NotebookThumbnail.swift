import Foundation
import QuireDocument
import QuireImageIO
import QuireRender
import QuireStorage

/// The picture a file manager shows for a notebook (`quire thumbnail`, run by the desktop's thumbnailer
/// entry): its first page, at most `size` pixels on its longer side. The page's stored thumbnail when it
/// shows the page's current ink and is large enough (no GL at all, a few milliseconds); else the page
/// drawn headless at that size, its photos and PDF page decoded only as large as they are shown. The
/// notebook is opened at a glance (`NotebookStore(glancingAt:)`): read-only, nothing written beside it,
/// the rows of one page read, so its time depends on that page and not on the notebook's size; a
/// notebook open in a running Quire is read with its latest saved strokes.
public enum NotebookThumbnail {
    /// The sizes asked for: the freedesktop sizes are 128, 256, 512 and 1024; below 16 nothing shows,
    /// and above 4096 a page's image would be larger than any file manager draws.
    public static let sizes = 16...4096

    /// Where the picture came from.
    public enum Source: Equatable, Sendable {
        /// The page's stored thumbnail, up to date with its ink.
        case stored
        /// The page drawn headless now.
        case drawn
        /// The stored thumbnail although it is older than the page's ink or smaller than asked: the
        /// page could not be drawn (no OpenGL without a window here), and an older picture beats a
        /// generic icon.
        case storedFallback
    }

    /// The first page of the notebook at `path`, fitted in `size`×`size`. Throws `NotebookFileError`
    /// for a file that is not a notebook or is damaged where it is read, and `ExportRequestError` when
    /// the page must be drawn and cannot be. `warn` hears what is left out (a picture that does not decode).
    public static func image(ofNotebookAt path: String, size: Int,
                             warn: @escaping (String) -> Void = { _ in }) throws -> (image: RGBAImage, source: Source) {
        guard sizes.contains(size) else {
            throw ExportRequestError("a thumbnail is \(sizes.lowerBound) to \(sizes.upperBound) pixels across; \(size) was asked")
        }
        let store = try NotebookStore(glancingAt: path)
        defer { try? store.close() }
        guard let first = try store.pageIDs().first else {
            throw NotebookFileError.corrupt(path: path, reason: "it has no pages")
        }
        let stored = storedThumbnail(of: first, in: store, warn: warn)
        if let stored, stored.isCurrent, max(stored.image.width, stored.image.height) >= size {
            return (stored.image.shrunk(toFitWidth: size, height: size), .stored)
        }
        let page = try store.loadPage(first)
        do {
            return (try draw(page, of: store, size: size, warn: warn), .drawn)
        } catch let error as ExportRequestError {
            guard let stored else { throw error }
            warn("\(error.description); the stored thumbnail is shown instead")
            return (stored.image.shrunk(toFitWidth: size, height: size), .storedFallback)
        }
    }

    /// The page's stored thumbnail, decoded; nil when it has none or it does not decode (said: the
    /// page is drawn instead).
    private static func storedThumbnail(of page: PageID, in store: NotebookStore,
                                        warn: (String) -> Void) -> (image: RGBAImage, isCurrent: Bool)? {
        let stored: (png: [UInt8], isCurrent: Bool)?
        do { stored = try store.thumbnail(of: page) } catch {
            warn("the stored thumbnail of the first page does not read (\(FileSystemReason.text(for: error))); the page is drawn")
            return nil
        }
        guard let stored else { return nil }
        do { return (try PNG.decode(stored.png), stored.isCurrent) } catch {
            warn("the stored thumbnail of the first page is not a PNG Quire reads (\(error)); the page is drawn")
            return nil
        }
    }

    /// `page` drawn headless with its longer side `size` pixels.
    private static func draw(_ page: Page, of store: NotebookStore, size: Int, warn: @escaping (String) -> Void) throws -> RGBAImage {
        let (width, height) = page.size.pixelSize
        guard width > 0, height > 0 else { throw NotebookFileError.corrupt(path: store.path, reason: "its first page has no size") }
        let scale = Double(size) / Double(max(width, height))
        let context: HeadlessGLContext
        do { context = try HeadlessGLContext() } catch {
            throw ExportRequestError("drawing the page needs OpenGL 3.3 without a window (EGL surfaceless, Mesa): \(error)")
        }
        let pictures = PictureCache(store: store, budget: 64 << 20, report: warn)
        let pdfPages = PDFPageCache(store: store, budget: 64 << 20, maximumPixels: size * size,
                                    maximumSide: size, report: warn)
        // Pictures and the PDF page decoded only as large as the thumbnail shows them.
        let builder = RenderItemBuilder(pictureDetail: scale, image: pictures.image, pdfDetail: scale, pdfPage: pdfPages.image)
        let image = try PageImageRenderer(builder: builder).image(of: page, scale: scale)
        withExtendedLifetime(context) {}
        // Rounding may leave a side a pixel over.
        return image.shrunk(toFitWidth: size, height: size)
    }
}
