import GRDB

/// The layout of a notebook file and how older files are brought up to date.
///
/// A notebook is one SQLite file. `PRAGMA application_id` marks it as Quire's (so another program's
/// SQLite file is refused, never touched) and `PRAGMA user_version` is its schema version: each
/// migration below runs once, in its own transaction, in order. A file whose version is newer than
/// `currentVersion` was written by a newer Quire: it opens read-only.
///
/// Version 1:
/// - `notebook(key, value)`: the notebook's own properties: `id`, `title`, `created`, `view` (JSON).
/// - `page`: one row a page; `position` orders them (REAL, so a reorder rewrites one row); the size is
///   as drawn, `orientation` says which way it is turned; `background` is `PageBackground` as JSON.
/// - `style`: each distinct stroke style once, as `StrokeStyle` JSON; strokes name it by id. A page of
///   pen strokes in one colour stores its style once, like a shape library stores shapes.
/// - `stroke`: one row a stroke; `samples` is the `PackedSamples` blob (never a row per sample); the
///   bounds let a page's extent be read without unpacking ink; `seq` is drawing order within the page.
///   Keyed by `(page_id, seq)` WITHOUT ROWID, so a page's strokes sit together in one b-tree and a new
///   stroke touches one leaf plus its blob's overflow pages, with no second index to update: the
///   fewest bytes written per stroke (see the notebook benchmark). `scrap_id` is NULL for ink on the
///   page itself, or the scrap whose own ink it is (in the scrap's coordinates).
/// - `scrap`: reserved for scraps (an image clipped to a shape, placed by a transform, carrying its own
///   ink); nothing writes it yet, so files made now already have the table scraps will use.
/// - `thumbnail`: a small PNG of each page, with the ink version it shows (`strokeCount:lastSeq`),
///   so a stale thumbnail is recognised without a write on every stroke.
///
/// Version 2 (`SchemaV2Migration`): pages hold items of every kind, not only strokes.
/// - `item` replaces `stroke` and `scrap`: one row an item, keyed `(page_id, parent, position)` WITHOUT
///   ROWID. `parent` is 0 for the page's own items and the scrap's id for a scrap's own items (rows of the
///   same table, so ink on a scrap is packed samples too). `position` is REAL: an item put in between two
///   others gets the halfway value, so an insertion anywhere writes one row. `id` is the `ItemID` (16
///   bytes for a UUID, see `ItemKey`); no index on it, since a second b-tree would cost a page write per
///   stroke, and edits name an item by its index, which the key's order finds. `kind` says which content
///   `data` holds: a `PackedSamples` blob for a stroke (with `style_id`), the content's JSON otherwise.
///   The bounds columns let a summary read extents without unpacking anything. `revision` is a stamp
///   taken when the row was written, from which the ink version of a page is made (`InkVersion`).
/// - `blob`: image and PDF bytes by SHA-256 (`BlobID`), shared by any number of items (`BlobStore`).
/// - `thumbnail.ink_version` is now `InkVersion`'s; v1 thumbnails that were current stay current.
///
/// Version 3 (`SchemaV3Migration`): `history_step` keeps each page's undo and redo with the page,
/// written in the transaction of the edit it records.
///
/// Version 4 (`SchemaV4Migration`): those steps are rows of `page_history`, keyed by the page's
/// `history_slot` and the step's number, so the page being written appends its steps at the table's end.
enum NotebookSchema {
    typealias Migration = @Sendable (Database) throws -> Void

    /// 'QUIR' in ASCII.
    static let applicationID: Int32 = 0x5155_4952
    static let currentVersion = migrations.count

    /// 512-byte pages, SQLite's smallest: a new stroke writes its blob plus a few b-tree pages (a leaf,
    /// sometimes its split siblings, the header page), each twice in WAL mode (the log, then the
    /// checkpoint). Smaller pages make that overhead smaller: measured on a 10,000-stroke notebook,
    /// 6.3 KB per 80-sample stroke at 512 bytes against 8.5 KB at 1 KiB and 13 KB at 2 KiB (the target
    /// is 7.9 KB), and opening stays far inside its budget. Set before the first table exists.
    static let pageSize = 512

    static let migrations: [Migration] = [
        { db in
            try db.execute(sql: """
                CREATE TABLE notebook (key TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;
                CREATE TABLE page (
                    id TEXT PRIMARY KEY NOT NULL,
                    position REAL NOT NULL,
                    width REAL NOT NULL,
                    height REAL NOT NULL,
                    orientation TEXT NOT NULL,
                    background TEXT NOT NULL,
                    created REAL NOT NULL
                );
                CREATE INDEX page_by_position ON page(position);
                CREATE TABLE style (id INTEGER PRIMARY KEY, json TEXT NOT NULL UNIQUE);
                CREATE TABLE scrap (
                    id TEXT PRIMARY KEY NOT NULL,
                    page_id TEXT NOT NULL REFERENCES page(id) ON DELETE CASCADE,
                    z INTEGER NOT NULL,
                    shape BLOB NOT NULL,
                    transform BLOB NOT NULL,
                    image BLOB
                );
                CREATE TABLE stroke (
                    page_id TEXT NOT NULL REFERENCES page(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    scrap_id TEXT REFERENCES scrap(id) ON DELETE CASCADE,
                    style_id INTEGER NOT NULL REFERENCES style(id),
                    sample_count INTEGER NOT NULL,
                    min_x REAL NOT NULL, min_y REAL NOT NULL, max_x REAL NOT NULL, max_y REAL NOT NULL,
                    samples BLOB NOT NULL,
                    PRIMARY KEY (page_id, seq)
                ) WITHOUT ROWID;
                CREATE TABLE thumbnail (
                    page_id TEXT PRIMARY KEY NOT NULL REFERENCES page(id) ON DELETE CASCADE,
                    ink_version TEXT NOT NULL,
                    png BLOB NOT NULL
                );
                """)
        },
        SchemaV2Migration.migrate,
        SchemaV3Migration.migrate,
        SchemaV4Migration.migrate,
    ]

    /// Brings a writable file up to the last of `steps` (`currentVersion`), one transaction per step: a
    /// step that fails (a crash, a full disk, a damaged row) rolls back to the version before it.
    static func migrate(_ db: Database, from version: Int, steps: [Migration] = migrations) throws {
        for (index, migration) in steps.enumerated() where index + 1 > version {
            try db.inTransaction {
                try migration(db)
                try db.execute(sql: "PRAGMA user_version = \(index + 1)")
                return .commit
            }
        }
    }
}
