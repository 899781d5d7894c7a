import Foundation
import GRDB
import QuireDocument

/// The scrap tray (Loose Leaf's sidebar): scraps carried between pages and notebooks, kept in a file of
/// their own outside any notebook (`$XDG_DATA_HOME/quire/tray.sqlite`), so they survive restarts. Each
/// entry is one item as the history table writes it (outline, picture, ink, place); the pictures they
/// show are stored once by hash, however many entries show them, and go when no entry does.
///
/// Links tie the tray to the pages' histories: a page item linked to an entry is that entry on a page.
/// Whoever applies page edits tells the tray (`itemsLeftPage`, `itemsJoinedPage`): a linked item taken
/// off a page goes (back) into the tray, one put on a page leaves it — so undoing and redoing a move
/// into or out of the tray, in this session or a later one, moves the scrap as the move did.
public final class ScrapTray {
    /// One scrap in the tray.
    public struct Entry: Equatable, Sendable {
        public let id: EntryID
        public let item: PageItem
    }

    public struct EntryID: Hashable, Sendable, Codable {
        public let rawValue: String
        public init() { rawValue = UUID().uuidString }
        init(rawValue: String) { self.rawValue = rawValue }
    }

    /// More entries than this is not a tray a person keeps; the oldest past it are not read.
    public static let maximumEntries = 1000

    public let path: String
    private let database: DatabaseQueue
    /// Newest first.
    public private(set) var entries: [Entry] = []
    /// Bumped by every change: what the window's tray drawing follows.
    public private(set) var revision = 0
    /// The links, as the file holds them: read once (and when another program changed the file), as
    /// every page edit asks.
    private var links: [ItemID: EntryID] = [:]
    /// SQLite's count of commits by other connections when the tray was last read (`PRAGMA data_version`).
    private var dataVersion = 0

    /// `$XDG_DATA_HOME/quire/tray.sqlite` (or `~/.local/share/quire/tray.sqlite`).
    public static var defaultPath: String {
        (NotebookLibrary.defaultDirectory as NSString).deletingLastPathComponent + "/tray.sqlite"
    }

    /// Opens the tray at `path`, making it (and its folder) when missing. A file that is not a tray, or
    /// is damaged, is moved aside (its name with `.damaged-DATE`) and an empty tray begun in its place:
    /// `problem` says so, naming both files. Throws only when no tray can be made there at all.
    public static func open(at path: String = defaultPath, now: Date = Date()) throws -> (tray: ScrapTray, problem: String?) {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            return (try ScrapTray(path: path), nil)
        } catch {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            let aside = path + ".damaged-" + formatter.string(from: now)
            try? FileManager.default.removeItem(atPath: aside)
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            let tray = try ScrapTray(path: path)
            return (tray, "the scrap tray \(path) could not be read (\(Self.reason(error))); it starts empty, and the old file is kept as \(aside)")
        }
    }

    private init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(2)
        database = try DatabaseQueue(path: path, configuration: configuration)
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS entry(id TEXT PRIMARY KEY NOT NULL, position INTEGER NOT NULL, item BLOB NOT NULL);
                CREATE TABLE IF NOT EXISTS blob(id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, bytes BLOB NOT NULL);
                CREATE TABLE IF NOT EXISTS link(item TEXT PRIMARY KEY NOT NULL, entry TEXT NOT NULL);
                """)
            guard try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok" else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "its integrity check failed")
            }
        }
        (entries, links, dataVersion) = try database.read(Self.contents)
    }

    /// The entries (newest first, at most `maximumEntries`), each checked as a notebook's row is, the
    /// links, and SQLite's count of other connections' commits as of this read.
    private static func contents(_ db: Database) throws -> ([Entry], [ItemID: EntryID], Int) {
        let shown = try Set(String.fetchAll(db, sql: "SELECT id FROM blob"))
        let entries = try Row.fetchAll(db, sql: "SELECT id, item FROM entry ORDER BY position DESC LIMIT ?", arguments: [Self.maximumEntries]).map { row in
            guard let id = row["id"] as String?, let data = row["item"] as Data? else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "an entry without its item")
            }
            let item = try JSONDecoder().decode(StoredItem.self, from: data).item
            if let missing = item.blobs.first(where: { !shown.contains($0.rawValue) }) {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "an entry shows picture \(missing.rawValue.prefix(12))…, which the tray lacks")
            }
            return Entry(id: EntryID(rawValue: id), item: item)
        }
        let links: [ItemID: EntryID] = try Row.fetchAll(db, sql: "SELECT item, entry FROM link").reduce(into: [:]) { links, row in
            guard let item = row["item"] as String?, let entry = row["entry"] as String? else { return }
            links[ItemID(item)] = EntryID(rawValue: entry)
        }
        return (entries, links, try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0)
    }

    /// Reads the tray again when another program (another Quire window) changed the file since this
    /// one last read it (SQLite's `data_version`: a query, no file read, when nothing changed): entries
    /// and links as that program left them, `revision` bumped. True when it read them. What does not
    /// read (the other program wrote something damaged) is an error, and the tray stays as it was.
    @discardableResult
    public func readAgainIfChangedElsewhere() throws -> Bool {
        let version = try database.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        guard version != dataVersion else { return false }
        do {
            (entries, links, dataVersion) = try database.read(Self.contents)
        } catch {
            // Not read again until the file changes once more.
            dataVersion = version
            throw error
        }
        revision += 1
        return true
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        if let error = error as? DecodingError, case let .dataCorrupted(context) = error { return context.debugDescription }
        return "\(error)"
    }

    /// The entry a page item is linked to, if any.
    public func entry(linkedTo item: ItemID) -> EntryID? {
        links[item]
    }

    /// Ties page item `item` to `entry`: from now on it is that entry whenever it is on a page.
    public func link(_ item: ItemID, to entry: EntryID) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO link(item, entry) VALUES (?, ?)", arguments: [item.rawValue, entry.rawValue])
        }
        links[item] = entry
    }

    /// Puts `item` in the tray on top, as `entry` (a new one unless given), with the pictures it shows.
    @discardableResult
    public func add(_ item: PageItem, blobs: [BlobBytes], as entry: EntryID = EntryID()) throws -> EntryID {
        let data = try JSONEncoder().encode(StoredItem(item))
        try database.write { db in
            for blob in blobs {
                try db.execute(sql: "INSERT OR IGNORE INTO blob(id, kind, bytes) VALUES (?, ?, ?)",
                               arguments: [blob.id.rawValue, blob.kind.rawValue, Data(blob.bytes)])
            }
            let top = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM entry") ?? 0
            try db.execute(sql: "INSERT OR REPLACE INTO entry(id, position, item) VALUES (?, ?, ?)",
                           arguments: [entry.rawValue, top + 1, data])
        }
        entries.removeAll { $0.id == entry }
        entries.insert(Entry(id: entry, item: item), at: 0)
        revision += 1
        return entry
    }

    /// Takes `entry` out of the tray (its pictures go with it unless another entry shows them).
    public func remove(_ entry: EntryID) throws {
        guard entries.contains(where: { $0.id == entry }) else { return }
        try database.write { db in
            try db.execute(sql: "DELETE FROM entry WHERE id = ?", arguments: [entry.rawValue])
            let kept = try Data.fetchAll(db, sql: "SELECT item FROM entry").reduce(into: Set<String>()) { kept, data in
                if let item = try? JSONDecoder().decode(StoredItem.self, from: data).item { kept.formUnion(item.blobs.map(\.rawValue)) }
            }
            for id in try String.fetchAll(db, sql: "SELECT id FROM blob") where !kept.contains(id) {
                try db.execute(sql: "DELETE FROM blob WHERE id = ?", arguments: [id])
            }
        }
        entries.removeAll { $0.id == entry }
        revision += 1
    }

    /// The pictures `item` shows, as the tray holds them.
    public func blobs(of item: PageItem) throws -> [BlobBytes] {
        try database.read { db in
            try item.blobs.sorted { $0.rawValue < $1.rawValue }.map { id in
                guard let row = try Row.fetchOne(db, sql: "SELECT kind, bytes FROM blob WHERE id = ?", arguments: [id.rawValue]),
                      let kindName = row["kind"] as String?, let kind = BlobKind(rawValue: kindName), let bytes = row["bytes"] as Data? else {
                    throw NotebookFileError.missingBlob(path: path, blob: id.rawValue, page: nil)
                }
                let blob = BlobBytes([UInt8](bytes), kind: kind)
                guard blob.id == id else {
                    throw NotebookFileError.corrupt(path: path, reason: "picture \(id) in the tray does not hold the bytes it is named for")
                }
                return blob
            }
        }
    }

    /// Page items taken off a page by an edit (a move into the tray, the undo of a move out of it): those
    /// linked to an entry go (back) into the tray, with `blobs` (the notebook's) for their pictures.
    public func itemsLeftPage(_ items: [PageItem], blobs: (PageItem) throws -> [BlobBytes]) throws {
        for item in items {
            guard let entry = entry(linkedTo: item.id) else { continue }
            try add(item, blobs: try blobs(item), as: entry)
        }
    }

    /// Page items put on a page by an edit (a move out of the tray, the undo of a move into it): the
    /// entries they are leave the tray.
    public func itemsJoinedPage(_ items: [PageItem]) throws {
        for item in items {
            guard let entry = entry(linkedTo: item.id) else { continue }
            try remove(entry)
        }
    }
}
