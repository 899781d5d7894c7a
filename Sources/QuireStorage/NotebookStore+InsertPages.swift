import GRDB
import QuireDocument

extension NotebookStore {
    /// Inserts `pages`, in order, at `index` (0-based; nil or past the end: at the end), storing `blobs`
    /// (each once, as `storeBlob` does) in the same single transaction: what importing a PDF does, so its
    /// bytes and every page showing them arrive together or not at all, with one commit (one sync of the
    /// file) however many pages there are. The blobs the pages show must be among `blobs` or stored
    /// already (else `.missingBlob`, and nothing changes). `progress` hears how many pages are written.
    ///
    /// `history`: recorded as one step of the notebook's page changes ("4 pages added"), so undo takes
    /// the pages out again; nil records nothing (a command-line import).
    public func insertPages(_ pages: [Page], at index: Int? = nil, storing blobs: [BlobBytes],
                            history: NotebookHistoryChange? = nil, progress: (Int) -> Void = { _ in }) throws {
        guard !pages.isEmpty else { return }
        if let large = blobs.first(where: { $0.bytes.count > Self.maximumBlobSize }) {
            throw NotebookFileError.blobTooLarge(path: path, size: large.bytes.count, limit: Self.maximumBlobSize)
        }
        try write { db in
            for blob in blobs { try BlobRows.store(blob.bytes, id: blob.id, kind: blob.kind, in: db) }
            if let missing = try BlobRows.missing(pages.reduce(into: Set<BlobID>()) { $0.formUnion($1.items.blobs) }, in: db).first {
                throw NotebookFileError.missingBlob(path: path, blob: missing.rawValue, page: nil)
            }
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM page WHERE trashed = 0") ?? 0
            let positions = try Self.positions(forInserting: pages.count, at: index, in: db)
            let revision = revisions.next(after: 0)
            for (done, (page, position)) in zip(pages, positions).enumerated() {
                orders.forget(page.id)
                try Self.insert(page, position: position, in: db, styles: styleIDs, revision: revision, path: path)
                progress(done + 1)
            }
            if let history {
                let first = min(index ?? count, count)
                try move(by: history, for: .combined(pages.enumerated().map { .pageIn($1.id, at: first + $0) }), in: db)
            }
        }
    }

    /// `count` increasing `position` values that put pages at `index` among the others: spread evenly
    /// between the neighbours there, so no other row is rewritten; when the gap is too narrow for them
    /// all every page is renumbered first (once).
    static func positions(forInserting count: Int, at index: Int?, in db: Database) throws -> [Double] {
        let existing = try Double.fetchAll(db, sql: "SELECT position FROM page WHERE trashed = 0 ORDER BY position")
        let at = min(max(index ?? existing.count, 0), existing.count)
        if let spread = FractionalPositions.between(at > 0 ? existing[at - 1] : nil, at < existing.count ? existing[at] : nil,
                                                    count: count) { return spread }
        try db.execute(sql: """
            UPDATE page SET position = (SELECT count(*) FROM page p2 WHERE p2.position < page.position) * \(count + 1) + 1
            """)
        return try positions(forInserting: count, at: index, in: db)
    }
}
