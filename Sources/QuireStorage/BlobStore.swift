import Crypto
import Foundation
import GRDB
import QuireDocument

/// What a stored blob holds, so an importer or exporter knows without sniffing bytes.
public enum BlobKind: String, Sendable, CaseIterable {
    case png, jpeg, pdf
}

/// Image and PDF bytes, stored once by content hash (`BlobID`, SHA-256) however many items show them.
///
/// Unreferenced blobs are collected by `vacuumBlobs()`, which `close()` runs, never by the edit that
/// drops the last reference: a blob stays while an item or a kept step of a page's history names it (a
/// removed photo comes back with undo, in this session or a later one). A crash before close only
/// leaves garbage, which the next close collects.
extension NotebookStore {
    /// The largest blob a notebook holds: a 256 MiB photo or PDF is already far past what a page shows,
    /// and refusing early keeps one import from taking the memory of the whole program.
    public static let maximumBlobSize = 256 << 20

    /// Stores `bytes` (if not already stored) and returns their id. Idempotent: storing the same bytes
    /// again writes nothing and returns the same id.
    @discardableResult
    public func storeBlob(_ bytes: [UInt8], kind: BlobKind) throws -> BlobID {
        guard bytes.count <= Self.maximumBlobSize else {
            throw NotebookFileError.blobTooLarge(path: path, size: bytes.count, limit: Self.maximumBlobSize)
        }
        let id = BlobRows.id(of: bytes)
        try write { db in try BlobRows.store(bytes, id: id, kind: kind, in: db) }
        return id
    }

    /// The bytes stored under `id`, checked against their hash.
    public func blob(_ id: BlobID) throws -> [UInt8] {
        try read { db in try BlobRows.bytes(id, in: db, path: path).bytes }
    }

    /// Whether the notebook holds the blob `id`.
    public func hasBlob(_ id: BlobID) throws -> Bool {
        try read { db in try BlobRows.missing([id], in: db).isEmpty }
    }

    /// Deletes the blobs no item (on the page or on a scrap) and no kept history step names, and returns how many. Run on close;
    /// a row whose JSON does not read makes it delete nothing, since what that row names is unknown.
    @discardableResult
    public func vacuumBlobs() throws -> Int {
        var removed = 0
        try write { db in
            let stored = try String.fetchAll(db, sql: "SELECT id FROM blob")
            guard !stored.isEmpty else { return }
            var referenced: Set<String> = []
            let rows = try Row.fetchCursor(db, sql: "SELECT page_id, kind, data FROM item WHERE kind <> 'stroke'")
            while let row = try rows.next() {
                let page = StoredRow.describe(row["page_id"])
                let kind = try StoredRow(row: row, table: "item", name: "an item of page \(page)", path: path).string("kind")
                let json: Data
                switch (row[2] as DatabaseValue).storage {
                case let .string(text): json = Data(text.utf8)
                case let .blob(data): json = data
                default: json = Data()
                }
                do {
                    referenced.formUnion(try ItemRows.blobs(ofRowKind: kind, json: json).map(\.rawValue))
                } catch {
                    throw NotebookFileError.corrupt(path: path, reason: "a \(kind) item of page \(page) does not read, "
                                                    + "so no blob was collected")
                }
            }
            // A step of a page's history that can bring an item back keeps that item's blobs.
            if schemaVersion >= 3 {
                let steps = PageStepRows.table(schemaVersion: schemaVersion)
                for list in try String.fetchAll(db, sql: "SELECT blobs FROM \(steps) WHERE blobs IS NOT NULL") {
                    referenced.formUnion(list.split(separator: " ").map(String.init))
                }
            }
            for id in stored where !referenced.contains(id) {
                try db.execute(sql: "DELETE FROM blob WHERE id = ?", arguments: [id])
                removed += 1
            }
        }
        return removed
    }
}

/// The `blob` table's rows.
enum BlobRows {
    static func id(of bytes: [UInt8]) -> BlobID {
        let digest = SHA256.hash(data: bytes)
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        return BlobID(hex: hex)!
    }

    static func store(_ bytes: [UInt8], id: BlobID, kind: BlobKind, in db: Database) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO blob(id, kind, size, bytes) VALUES (?, ?, ?, ?)",
                       arguments: [id.rawValue, kind.rawValue, bytes.count, Data(bytes)])
    }

    /// A stored blob's bytes and kind. Its size is checked before its bytes are read, and its hash after.
    static func bytes(_ id: BlobID, in db: Database, path: String) throws -> (bytes: [UInt8], kind: BlobKind) {
        guard let row = try Row.fetchOne(db, sql: "SELECT kind, size, length(bytes) AS length FROM blob WHERE id = ?", arguments: [id.rawValue]) else {
            throw NotebookFileError.missingBlob(path: path, blob: id.rawValue, page: nil)
        }
        let stored = StoredRow(row: row, table: "blob", name: "blob \(id)", path: path)
        let size = try stored.int64("size"), length = try stored.int64("length")
        guard length == size, length <= NotebookStore.maximumBlobSize else {
            throw NotebookFileError.corrupt(path: path, reason: "blob \(id) should be \(size) bytes but is \(length)")
        }
        guard let kind = BlobKind(rawValue: try stored.string("kind")) else {
            throw NotebookFileError.corrupt(path: path, reason: "blob \(id) is of a kind this Quire does not know")
        }
        guard let bytesRow = try Row.fetchOne(db, sql: "SELECT bytes FROM blob WHERE id = ?", arguments: [id.rawValue]) else {
            throw NotebookFileError.missingBlob(path: path, blob: id.rawValue, page: nil)
        }
        let data = try StoredRow(row: bytesRow, table: "blob", name: "blob \(id)", path: path).data("bytes")
        let bytes = [UInt8](data)
        guard Self.id(of: bytes) == id else {
            throw NotebookFileError.corrupt(path: path, reason: "blob \(id) does not hold the bytes it is named for")
        }
        return (bytes, kind)
    }

    /// Which of `ids` the notebook does not hold.
    static func missing(_ ids: Set<BlobID>, in db: Database) throws -> [BlobID] {
        try ids.sorted { $0.rawValue < $1.rawValue }.filter { id in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM blob WHERE id = ?", arguments: [id.rawValue]) == nil
        }
    }
}
