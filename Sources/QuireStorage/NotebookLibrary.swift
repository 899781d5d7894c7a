import Foundation
import QuireDocument

/// A folder of notebooks, one `.quire` file each: `$XDG_DATA_HOME/quire/notebooks` unless another is
/// given. Deleted notebooks go to its `.trash` folder, from which `restore` puts them back.
public struct NotebookLibrary: Sendable {
    public static let fileExtension = "quire"
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_DATA_HOME/quire/notebooks`, or `~/.local/share/quire/notebooks` when XDG_DATA_HOME is unset.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/quire/notebooks"
    }

    public var trashDirectory: String { directory + "/.trash" }

    /// One notebook on the shelf: where it is and what it is called.
    public struct Entry: Equatable, Sendable {
        public var path: String
        public var title: String
        public var pageCount: Int
        public var lastOpened: Double
    }

    /// Creates the folder if needed.
    public func ensureExists() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// The `.quire` files in the library, sorted by title. Files that fail to open are listed with
    /// the problem as their title rather than hidden.
    public func notebookPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix("." + Self.fileExtension) && !$0.hasPrefix(".") }
            .sorted().map { directory + "/" + $0 }
    }

    public func entries() -> [Entry] {
        notebookPaths().map { path in
            do {
                let store = try NotebookStore(openingAt: path, readOnly: true)
                defer { try? store.close() }
                return Entry(path: path, title: try store.title, pageCount: try store.pageIDs().count,
                             lastOpened: try store.lastOpened())
            } catch {
                return Entry(path: path, title: "(unreadable: \(error))", pageCount: 0, lastOpened: 0)
            }
        }.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
    }

    /// The notebook opened most recently, if any.
    public func lastOpened() -> String? {
        entries().filter { !$0.title.hasPrefix("(unreadable") }.max { $0.lastOpened < $1.lastOpened }?.path
    }

    /// Finds a notebook by path (anything with a `/` or ending in `.quire` that exists) or by title
    /// (exact, then case-insensitive).
    public func resolve(_ name: String) throws -> String {
        if name.contains("/") || name.hasSuffix("." + Self.fileExtension) {
            let path = name.hasPrefix("/") ? name : FileManager.default.currentDirectoryPath + "/" + name
            if FileManager.default.fileExists(atPath: path) { return path }
            if !name.contains("/"), FileManager.default.fileExists(atPath: directory + "/" + name) { return directory + "/" + name }
            throw NotebookFileError.notFound(path: path)
        }
        let all = entries()
        if let exact = all.first(where: { $0.title == name }) { return exact.path }
        if let loose = all.first(where: { $0.title.caseInsensitiveCompare(name) == .orderedSame }) { return loose.path }
        throw LibraryError.noNotebookTitled(name, library: directory)
    }

    /// Creates a notebook titled `title` with one blank page; its file is named after the title.
    public func create(title: String, pages: [Page] = [Page()], blobs: [BlobBytes] = []) throws -> NotebookStore {
        try Self.checkTitle(title)
        try ensureExists()
        return try NotebookStore.create(at: freePath(for: title), title: title, pages: pages, blobs: blobs)
    }

    /// Refuses a title `resolve` could never find again: one with a `/`, or ending in `.quire`, is taken
    /// for a path.
    public static func checkTitle(_ title: String) throws {
        if title.contains("/") {
            throw LibraryError.unusableTitle(title, reason: "a `/` would make it a path when it is named")
        }
        if title.hasSuffix("." + fileExtension) {
            throw LibraryError.unusableTitle(title, reason: "a title ending in .\(fileExtension) would be taken for a file name")
        }
    }

    /// A path in the library not yet taken, from `title` made safe for a file name.
    public func freePath(for title: String) -> String {
        let safe = String(title.map { $0.isLetter || $0.isNumber || " -_".contains($0) ? $0 : "_" })
            .trimmingCharacters(in: .whitespaces)
        let stem = safe.isEmpty ? "Notebook" : String(safe.prefix(80))
        var candidate = "\(directory)/\(stem).\(Self.fileExtension)"
        var n = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(directory)/\(stem) \(n).\(Self.fileExtension)"
            n += 1
        }
        return candidate
    }

    /// Moves a notebook to the trash folder (recoverable: move it back). Returns where it went.
    @discardableResult
    public func trash(_ path: String) throws -> String {
        try FileManager.default.createDirectory(atPath: trashDirectory, withIntermediateDirectories: true)
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let name = (path as NSString).lastPathComponent
        let target = "\(trashDirectory)/\((name as NSString).deletingPathExtension) \(stamp).\(Self.fileExtension)"
        // Named after the real path, which is gone once the file has moved.
        let lock = NotebookLock.lockPath(for: path)
        try FileManager.default.moveItem(atPath: path, toPath: target)
        try? FileManager.default.removeItem(atPath: lock)
        return target
    }

    /// Copies a notebook, ink, thumbnails and all, under a new title. SQLite's backup API reads a
    /// consistent snapshot even while the original is being written. The copy is then opened anew, so
    /// a copy of an older notebook (read as it is, without migrating) is migrated like any older file.
    public func duplicate(_ path: String, title: String) throws -> NotebookStore {
        try Self.checkTitle(title)
        let source = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? source.close() }
        return try source.writeCopy(to: freePath(for: title), title: title)
    }
}

public enum LibraryError: Error, Equatable, CustomStringConvertible {
    case noNotebookTitled(String, library: String)
    /// A title that could not be looked up by title (`NotebookLibrary.checkTitle`).
    case unusableTitle(String, reason: String)

    public var description: String {
        switch self {
        case let .noNotebookTitled(title, library):
            "no notebook titled '\(title)' in \(library); `quire list` shows them, or name a .quire file by its path "
                + "(`quire --help` lists the commands: list, new, info, import, export, pages, scraps, …)."
        case let .unusableTitle(title, reason):
            "a notebook cannot be titled '\(title)': \(reason); choose another title."
        }
    }
}
