import Foundation
import QuirePDF

/// `--pdf FILE` and `--svg DIR`: the pages as vectors, drawn by QuirePDF with cairo. Pictures come from
/// the notebook's blobs; one that cannot be read is reported and its items show their ink only, as in
/// PNG exports. The next page is read and prepared on another thread while cairo writes this one
/// (`PreparedAhead`); a page that cannot be read or drawn ends the export there.
public struct PDFNotebookExporter: NotebookExporter {
    public init() {}
    public var name: String { "PDF" }
    public var option: String { "pdf" }
    public var writesFolder: Bool { false }

    /// One PDF of all the pages, written under a temporary name: a failure leaves no file. Pages printed
    /// on imported PDF pages keep them as they are (`PDFExportWriter`); when qpdf cannot put them together
    /// the export is made again with those pages redrawn, and the user is told.
    public func write(_ pages: ExportedPages, to file: String, settings: ExportSettings,
                      progress: (Int) -> Void) throws -> String {
        try Self.keepingOriginalsOrRedrawing(warn: settings.warn) { keeping in
            try write(pages, to: file, keepingOriginals: keeping, settings: settings, progress: progress)
        }
        return ""
    }

    /// Runs `export` keeping the original PDF pages; when qpdf cannot put them together, says so and runs
    /// it again with them redrawn. Other failures end the export.
    static func keepingOriginalsOrRedrawing(warn: (String) -> Void, _ export: (_ keeping: Bool) throws -> Void) throws {
        do {
            try export(true)
        } catch let VectorExportError.cannotKeepOriginals(_, reason) {
            warn("the original PDF pages could not be kept (qpdf: \(reason)); they are redrawn")
            try export(false)
        }
    }

    private func write(_ pages: ExportedPages, to file: String, keepingOriginals: Bool, settings: ExportSettings,
                       progress: (Int) -> Void) throws {
        let store = pages.store
        let writer = try PDFExportWriter(path: file, title: pages.title, keepOriginalPages: keepingOriginals,
                                         pictures: { try store.blob($0) }, report: settings.warn)
        let prepared = preparedPages(pages)
        defer { prepared.cancel() }
        var written = 0
        while let page = try prepared.next() {
            try PageExportError.naming(page: page.number) { try writer.add(page) }
            written += 1
            progress(written)
        }
        try writer.finish()
    }
}

/// `--svg DIR`: one SVG a page (`page-001.svg`, …).
public struct SVGNotebookExporter: NotebookExporter {
    public init() {}
    public var name: String { "SVG" }
    public var option: String { "svg" }
    public var writesFolder: Bool { true }

    public func write(_ pages: ExportedPages, to folder: String, settings: ExportSettings,
                      progress: (Int) -> Void) throws -> String {
        let store = pages.store
        let writer = SVGExportWriter(pictures: { try store.blob($0) }, report: settings.warn)
        try writingFolder(folder) { written in
            let prepared = preparedPages(pages)
            defer { prepared.cancel() }
            while let page = try prepared.next() {
                let file = pageFile(page.number, in: folder, extension: "svg")
                try PageExportError.naming(page: page.number) { try writer.write(page, to: file) }
                written.append(file)
                progress(written.count)
            }
        }
        return ""
    }
}

/// The pages read and prepared for drawing as vectors, in order, one or two ahead of the writer.
private func preparedPages(_ pages: ExportedPages) -> PreparedAhead<PreparedVectorPage> {
    PreparedAhead(count: pages.count) { index in
        try PreparedVectorPage(try pages.page(index), number: pages.numbers[index])
    }
}
