import Foundation
import QuireDocument
import QuireStorage

/// What reading files for an import gives: pictures to put on a page as scraps, or new pages (with the
/// blobs they show) to add to the notebook.
public enum ImportedContent {
    case pictures([PictureFile])
    /// `summary` says what they hold, for the message ("3 pages, 120 strokes, 2 pictures").
    case pages([Page], blobs: [BlobBytes], summary: String)
}

/// One file format Quire imports: how it knows its files, and how it reads and checks them. Reading
/// happens before any notebook is opened, so a bad file changes nothing: it throws an error naming the
/// file and the problem. Registered in `FileImporters`, which the command line (`quire import`), a drop
/// on the window and a paste all use: a new format is its own file and one line there.
public protocol FileImporter: Sendable {
    /// "PDF", "picture", "Xournal++ file": how messages name the kind.
    var name: String { get }
    /// Whether `path`, starting with `head` (its first bytes, up to 1,024), is this format's.
    func recognizes(_ path: String, head: [UInt8]) -> Bool
    /// Reads and checks every file at `paths` (all this format's), reporting how many are done after each.
    func read(_ paths: [String], progress: (Int) -> Void) throws -> ImportedContent
}

/// The formats Quire imports, asked in order: the first that recognizes a file reads it; the last is
/// the one for everything else (pictures), whose reading says why a file is not one.
public struct FileImporters: Sendable {
    public var importers: [any FileImporter]

    public init(_ importers: [any FileImporter]) {
        self.importers = importers
    }

    public static let standard = FileImporters([PDFImporter(), XournalImporter(), PictureImporter()])

    /// The importer for `path`: the first that recognizes it; a file that cannot be read to tell (missing,
    /// a folder, empty) is nil and goes with the others (reading it then says why).
    func importer(for path: String) -> (any FileImporter)? {
        guard let head = ImportedFileBytes.head(path) else { return nil }
        return importers.first { $0.recognizes(path, head: head) } ?? importers.last
    }

    /// The one importer for all of `paths`. One import takes files of one kind (PDFs add pages, pictures
    /// go onto one): an `ImportError` names the first file of another kind.
    public func importer(for paths: [String]) throws -> any FileImporter {
        let found = paths.map { ($0, importer(for: $0)) }
        guard let (_, first) = found.first(where: { $0.1 != nil }), let first else {
            guard let fallback = importers.last else { throw ImportError(path: paths.first ?? "", reason: "no format is known") }
            return fallback
        }
        if let (odd, other) = found.first(where: { $0.1 != nil && $0.1!.name != first.name }), let other {
            let same = found.filter { $0.1?.name == first.name }.count
            throw ImportError(path: odd, reason: "one import takes files of one kind, not both: this is a \(other.name), and "
                                 + "\(same) of the \(paths.count) files \(same == 1 ? "is a \(first.name)" : "are \(first.name)s"); "
                                 + "import them separately")
        }
        return first
    }

    /// Reads and checks every file at `paths` with their importer.
    public func read(_ paths: [String], progress: (Int) -> Void = { _ in }) throws -> ImportedContent {
        try importer(for: paths).read(paths, progress: progress)
    }
}

/// PDFs: each page becomes a new page on that PDF page (`PDFImport`). Known by `%PDF-` in the first bytes.
public struct PDFImporter: FileImporter {
    public init() {}
    public var name: String { "PDF" }

    public func recognizes(_ path: String, head: [UInt8]) -> Bool { ImportedFileBytes.startsAsPDF(head) }

    public func read(_ paths: [String], progress: (Int) -> Void) throws -> ImportedContent {
        let files = try PDFImport.read(paths, progress: progress)
        let (pages, blobs) = PDFImport.pages(for: files)
        let names = files.count == 1 ? (files[0].path as NSString).lastPathComponent : "\(files.count) PDFs"
        return .pages(pages, blobs: blobs, summary: "\(pages.count) page\(pages.count == 1 ? "" : "s") from \(names)")
    }
}

/// Xournal++ files (.xopp, and the older .xoj): their pages, strokes and pictures (`XournalImport`).
/// Known by the name, as Xournal++ knows them: inside they are gzip'ed XML like many other files.
public struct XournalImporter: FileImporter {
    public init() {}
    public var name: String { "Xournal++ file" }

    public func recognizes(_ path: String, head: [UInt8]) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".xopp") || lower.hasSuffix(".xoj")
    }

    public func read(_ paths: [String], progress: (Int) -> Void) throws -> ImportedContent {
        var pages: [Page] = [], blobs: [BlobBytes] = [], summaries: [String] = []
        var seen: Set<BlobID> = []
        for (index, path) in paths.enumerated() {
            let imported = try XournalImport.read(path)
            guard pages.count + imported.pages.count <= PDFImport.maximumPages else {
                throw ImportError(path: path, reason: "the files of one import come to more than \(PDFImport.maximumPages) "
                                     + "pages; import fewer at a time")
            }
            pages += imported.pages
            for blob in imported.blobs where seen.insert(blob.id).inserted { blobs.append(blob) }
            summaries.append("\((path as NSString).lastPathComponent): \(imported.summary)")
            progress(index + 1)
        }
        return .pages(pages, blobs: blobs, summary: summaries.joined(separator: "; "))
    }
}

/// PNG and JPEG pictures, placed on a page as scraps (`PictureImport`): every file no other format
/// recognizes is read as one, and one that is not a picture is refused saying so.
public struct PictureImporter: FileImporter {
    public init() {}
    public var name: String { "picture" }

    public func recognizes(_ path: String, head: [UInt8]) -> Bool { true }

    public func read(_ paths: [String], progress: (Int) -> Void) throws -> ImportedContent {
        .pictures(try PictureImport.read(paths, progress: progress))
    }
}
