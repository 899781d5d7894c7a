import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage

/// The pages an export writes: some or all of a notebook's, each with its number in the notebook (which
/// names its file: page-003.png is page 3 whichever pages were asked for), read one at a time from the
/// notebook as the export reaches them, or read already (the window's export takes the notebook as it
/// is at the key press).
public struct ExportedPages: @unchecked Sendable {
    public let store: NotebookStore
    public let title: String
    /// The pages' 1-based numbers in the notebook, in the order they are written.
    public let numbers: [Int]
    /// The pages' ids, in the order they are written.
    public let pageIDs: [PageID]
    private let read: (Int) throws -> Page

    /// The pages `ids` of `store`, read as they are written.
    public init(store: NotebookStore, ids: [PageID]) throws {
        self.store = store
        title = try store.title
        // One pass over the notebook's pages, not a search per page: exports take up to 10,000 pages.
        let all = Dictionary(try store.pageIDs().enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        numbers = ids.map { all[$0] ?? 1 }
        read = { try store.loadPage(ids[$0]) }
        pageIDs = ids
    }

    /// `pages`, read already, numbered from 1: the whole notebook of `store`.
    public init(store: NotebookStore, title: String, pages: [Page]) {
        self.store = store
        self.title = title
        numbers = pages.indices.map { $0 + 1 }
        read = { pages[$0] }
        pageIDs = pages.map(\.id)
    }

    public var count: Int { numbers.count }

    /// The `index`th page written; a page that cannot be read is a `PageExportError` naming it.
    public func page(_ index: Int) throws -> Page {
        try PageExportError.naming(page: numbers[index]) { try read(index) }
    }
}

/// How an export is made beyond its pages and its path: what a format that takes them reads.
public struct ExportSettings: Sendable {
    /// PNG pixels per page pixel.
    public var scale: Double = 1
    /// How messages name the scale as it was asked for ("--dpi 300"); nil: "the scale 3.125".
    public var scaleName: String?
    /// zlib level for PNG files.
    public var pngCompression: Int = PNGWriter.fastLevel
    /// Who wrote the file, for formats that record it (Xournal++'s `creator`).
    public var creator = "Quire"
    /// Where a problem that leaves the export going is told (a picture that cannot be read).
    public var warn: @Sendable (String) -> Void = { _ in }

    public init() {}
}

/// A problem with what an export was asked for, found before anything is written (a scale too large
/// for a page, a folder that cannot be made): the command line says it as a usage error.
public struct ExportRequestError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// One file format Quire writes a notebook's pages to. An export writes every file under a temporary
/// name and renames it into place when whole, so a failure leaves no half-written file. Registered in
/// `NotebookExporters`, which the command line (`quire export --FORMAT`) and the window's exports use:
/// a new format is its own file and one line there (and, for the command line, one option naming it).
public protocol NotebookExporter: Sendable {
    /// "PNG", "PDF": how messages name the format.
    var name: String { get }
    /// The command line's option for it, without dashes ("png" is `--png`).
    var option: String { get }
    /// Whether it writes a folder of files, a page each (else one file of all the pages).
    var writesFolder: Bool { get }
    /// Checks that `pages` can be written with `settings`, before anything is: an `ExportRequestError`
    /// says what to change.
    func check(_ pages: ExportedPages, settings: ExportSettings) throws
    /// Writes `pages` to `path`, reporting how many are written after each; returns what the message
    /// "Wrote 3 pages of Lecture to PATH" adds, if anything (": 2 pictures left out").
    func write(_ pages: ExportedPages, to path: String, settings: ExportSettings, progress: (Int) -> Void) throws -> String
}

extension NotebookExporter {
    public func check(_ pages: ExportedPages, settings: ExportSettings) throws {}

    /// A page-a-file export into `folder` (made if missing): `write` is given a list to put each file on
    /// as it is written. When it throws, every file it wrote goes, and the folder too when this export
    /// made it, so a failed export leaves nothing half-written (only what was there before).
    func writingFolder(_ folder: String, _ write: (_ written: inout [String]) throws -> Void) throws {
        let existed = FileManager.default.fileExists(atPath: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ExportRequestError("cannot make the folder \(folder) (\(FileSystemReason.text(for: error))); "
                                     + "choose another with --\(option)")
        }
        var written: [String] = []
        do {
            try write(&written)
        } catch {
            for file in written { try? FileManager.default.removeItem(atPath: file) }
            if !existed { try? FileManager.default.removeItem(atPath: folder) }
            throw error
        }
    }

    /// The file of page `number` in a page-a-file export's folder: `page-003.png`.
    func pageFile(_ number: Int, in folder: String, extension suffix: String) -> String {
        folder + String(format: "/page-%03d.", number) + suffix
    }
}

/// The formats Quire writes, in the order the command line lists them.
public struct NotebookExporters: Sendable {
    public var exporters: [any NotebookExporter]

    public init(_ exporters: [any NotebookExporter]) {
        self.exporters = exporters
    }

    public static let standard = NotebookExporters([PNGNotebookExporter(), PDFNotebookExporter(), SVGNotebookExporter(),
                                                    XoppNotebookExporter()])

    /// The exporter the command line's `--option` names.
    public func exporter(option: String) -> (any NotebookExporter)? {
        exporters.first { $0.option == option }
    }
}
