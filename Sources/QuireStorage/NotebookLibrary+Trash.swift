import Foundation

/// The library's `.trash` folder read back: what is in it, and putting a notebook back on the shelf.
extension NotebookLibrary {
    /// One notebook in the trash: its file there, its title, and the name it had in the library.
    public struct TrashedEntry: Equatable, Sendable {
        public var path: String
        public var title: String
        /// The file name it is restored under when free (`trash` added a time stamp to it).
        public var originalName: String
        /// When it was trashed (the time stamp `trash` put in its name), seconds since 1970; 0 for a file
        /// put in the trash by hand.
        public var trashedAt: Double
    }

    /// The notebooks in the trash, most recently trashed first. Files that fail to open are listed with
    /// the problem as their title rather than hidden (they can still be restored).
    public func trashedNotebooks() -> [TrashedEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: trashDirectory)) ?? []
        return names.filter { $0.hasSuffix("." + Self.fileExtension) && !$0.hasPrefix(".") }.map { name in
            let path = trashDirectory + "/" + name
            var title: String
            do {
                let store = try NotebookStore(openingAt: path, readOnly: true)
                defer { try? store.close() }
                title = try store.title
            } catch {
                title = "(unreadable: \(error))"
            }
            return TrashedEntry(path: path, title: title, originalName: Self.originalName(ofTrashed: name),
                                trashedAt: Self.trashTime(ofTrashed: name) ?? 0)
        }.sorted { ($0.trashedAt, $1.path) > ($1.trashedAt, $0.path) }
    }

    /// The time stamp `trash` adds to a file's name (ISO 8601 without colons).
    private static let stampPattern = #" \d{4}-\d{2}-\d{2}T\d{6}Z$"#

    /// The name a trashed file had before `trash` added ` YYYY-MM-DDTHHMMSSZ` to it.
    static func originalName(ofTrashed name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        guard let range = stem.range(of: stampPattern, options: .regularExpression) else { return name }
        let original = String(stem[..<range.lowerBound])
        return (original.isEmpty ? "Notebook" : original) + "." + fileExtension
    }

    /// When `trash` moved the file named `name` there, from the stamp in its name.
    static func trashTime(ofTrashed name: String) -> Double? {
        let stem = (name as NSString).deletingPathExtension
        guard let range = stem.range(of: stampPattern, options: .regularExpression) else { return nil }
        var stamp = String(stem[range].dropFirst())
        // Put the time's colons back: 2026-11-26T164243Z → 2026-11-26T16:42:43Z.
        let time = stamp.index(stamp.startIndex, offsetBy: 11)
        stamp.insert(":", at: stamp.index(time, offsetBy: 2))
        stamp.insert(":", at: stamp.index(time, offsetBy: 5))
        return ISO8601DateFormatter().date(from: stamp)?.timeIntervalSince1970
    }

    /// Moves a trashed notebook back into the library under the name it had, or that name with a number
    /// when another notebook has it now; never over an existing file (each name is claimed with a hard
    /// link, which fails if the name is taken, before the trashed name is let go). Returns its new path.
    @discardableResult
    public func restore(_ trashedPath: String) throws -> String {
        let name = (trashedPath as NSString).lastPathComponent
        guard (trashedPath as NSString).deletingLastPathComponent == trashDirectory, name.hasSuffix("." + Self.fileExtension) else {
            throw TrashError.notInTrash(path: trashedPath, trash: trashDirectory)
        }
        guard FileManager.default.fileExists(atPath: trashedPath) else { throw NotebookFileError.notFound(path: trashedPath) }
        try ensureExists()
        let stem = (Self.originalName(ofTrashed: name) as NSString).deletingPathExtension
        for n in 1...10_000 {
            let target = "\(directory)/\(stem)\(n == 1 ? "" : " \(n)").\(Self.fileExtension)"
            if link(trashedPath, target) == 0 {
                let lock = NotebookLock.lockPath(for: trashedPath)
                if unlink(trashedPath) != 0 {
                    let reason = String(cString: strerror(errno))
                    unlink(target)
                    throw TrashError.cannotRestore(path: trashedPath, reason: reason)
                }
                unlink(lock)
                return target
            }
            guard errno == EEXIST else {
                throw TrashError.cannotRestore(path: trashedPath, reason: String(cString: strerror(errno)))
            }
        }
        throw TrashError.cannotRestore(path: trashedPath, reason: "every name for \(stem) in \(directory) is taken")
    }
}

/// Why a trashed notebook could not be put back.
public enum TrashError: Error, Equatable, CustomStringConvertible {
    case notInTrash(path: String, trash: String)
    case cannotRestore(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notInTrash(path, trash): "\(path) is not a notebook in the trash (\(trash))"
        case let .cannotRestore(path, reason): "\(path) could not be restored: \(reason)"
        }
    }
}
