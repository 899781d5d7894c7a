import CSQLiteClose
import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk

/// One notebook file, open. Every change is one SQLite transaction, so a crash leaves each change
/// either wholly there or wholly absent. Safe to call from any thread (GRDB serialises access); the
/// app calls the changing methods from `Autosaver`'s queue so drawing never waits on the disk.
///
/// Journal: WAL with `synchronous = FULL`. A commit appends the changed pages to the `-wal` file and
/// fsyncs it. Against `kill -9` plain write() would suffice (the data is in the kernel once write()
/// returns); the fsync is for power loss and OS crashes, so a stroke reported saved is on the platter.
/// It costs one fsync per finished stroke on a background queue, which a person drawing never feels.
public final class NotebookStore: @unchecked Sendable {
    public let path: String
    /// Why the notebook is read-only, or nil when this process may change it.
    public let readOnlyReason: String?
    public var isReadOnly: Bool { readOnlyReason != nil }
    /// Why the notebook may show less than was saved, found as it opened (a damaged write-ahead log,
    /// see `WriteAheadLogCheck`), or nil. Said once to the person: SQLite itself reads past it silently.
    public let walDamage: String?

    /// The file's schema version once open: `NotebookSchema.currentVersion` unless it opened read-only
    /// before migrating (an older file is then read as it is) or was written by a newer Quire.
    public let schemaVersion: Int

    /// How this open knows the file is sound (`IntegrityCheck`).
    public let integrity: IntegrityCheck

    let database: DatabaseQueue
    private var lock: NotebookLock?
    /// For a notebook this process writes: what other programs do to its file (`externalChange`).
    private let watch: NotebookFileWatch?
    /// The file the path names, links followed: where the lock, the `-wal` and the checked state are.
    private let realPath: String
    let styleIDs = StyleCache()
    let revisions = RevisionClock()
    /// The stored order of pages recently edited, so an edit does not read the whole page (`StoredOrders`).
    let orders = StoredOrders()
    /// Whether the notebook's page changes may have a redo history, which a new page edit ends.
    let notebookRedo = NotebookRedoState()

    // MARK: Opening and creating

    /// Opens the notebook at `path`. Another Quire process holding it, or a file from a newer Quire,
    /// opens read-only (`readOnlyReason` says which); a file that is not a notebook, or is damaged,
    /// throws `NotebookFileError` and is not modified.
    public convenience init(openingAt path: String, readOnly: Bool = false) throws {
        try self.init(openingAt: path, readOnly: readOnly, checkingIntegrity: true)
    }

    /// Opens the notebook at `path` read-only to read a few of its rows (the first page, for a file
    /// manager's thumbnail) without SQLite's quick check of the whole file, which on a notebook of a
    /// gigabyte of photos alone takes seconds. Nothing is written, not even the record of a file found
    /// sound; damage in the rows read still throws, as SQLite checks each page it reads.
    public convenience init(glancingAt path: String) throws {
        try self.init(openingAt: path, readOnly: true, checkingIntegrity: false)
    }

    /// `checkingIntegrity` false skips SQLite's quick check (which reads the whole file): only for a
    /// file this process has just built and synced (`create`), where it would read back every row
    /// just written, and for a reader's glance (`init(glancingAt:)`).
    init(openingAt path: String, readOnly: Bool, checkingIntegrity: Bool) throws {
        self.path = path
        let header = try SQLiteFileHeader.check(path: path)
        // Checks of the folder and the lock are made on the file itself, wherever links lead.
        let realPath = NotebookLock.realPath(of: path)
        self.realPath = realPath
        // Before SQLite opens the file: its recovery reads past the damage, and the next write overwrites
        // it. The -wal lies beside the file links lead to.
        walDamage = WriteAheadLogCheck.damage(ofWALAt: realPath + "-wal")
        // A file with a -wal was not closed by its last writer (or is open in another process): its
        // state on disk is not one that was checked.
        let stateOnDisk = FileManager.default.fileExists(atPath: realPath + "-wal") ? nil : FileState(of: realPath)
        let checkedFiles = checkingIntegrity ? Self.checkedFiles : nil
        if !checkingIntegrity {
            integrity = readOnly ? .notChecked : .builtHere
        } else if let stateOnDisk, checkedFiles?.contains(stateOnDisk) == true {
            integrity = .unchangedSinceChecked
        } else {
            integrity = .checked
        }
        let needsCheck = integrity == .checked
        var reason: String?
        var lock: NotebookLock?
        if readOnly {
            reason = "opened for reading only"
        } else if header.userVersion > NotebookSchema.currentVersion {
            reason = "it was written by a newer Quire (notebook format \(header.userVersion); this Quire knows up to "
                + "\(NotebookSchema.currentVersion)); update Quire to change it"
        } else if !Self.isWritable(realPath) {
            reason = "its folder or file is not writable"
        } else if let links = Self.hardLinkCount(realPath), links > 1 {
            reason = "the file has \(links) names (hard links), and SQLite keeps a journal beside each name, so two "
                + "writers could each miss the other's changes; give it one name (copy it with `quire duplicate`) to change it"
        } else if let taken = NotebookLock(notebookPath: realPath) {
            lock = taken
        } else {
            reason = "another Quire process has it open; close that one to change it here"
        }
        self.lock = lock
        watch = lock == nil ? nil : NotebookFileWatch(path: realPath)
        do {
            let (queue, unreadLog) = try Self.openDatabase(path: path, realPath: realPath, readOnly: reason != nil)
            database = queue
            if let unreadLog, let given = reason { reason = given + "; " + unreadLog }
            readOnlyReason = reason
            schemaVersion = try database.inDatabase { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                // The header may be older than the WAL: check again through SQLite.
                if version > NotebookSchema.currentVersion && reason == nil {
                    throw NotebookFileError.readOnly(path: path, reason: "it was written by a newer Quire")
                }
                if needsCheck {
                    let check = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
                    guard check == "ok" else { throw NotebookFileError.corrupt(path: path, reason: check) }
                    // A reader changes nothing, so the file is still as checked (a writer records its
                    // state when it closes).
                    if reason != nil, let stateOnDisk { checkedFiles?.recordIfSettled(stateOnDisk, of: realPath) }
                }
                // The tables are checked before anything is written (a migration, or the caller's first
                // change): a file missing one is refused untouched. v1 has strokes only; a version-0 file
                // has no tables yet, and the migration from 0 makes them (in one transaction).
                let items = version == 1 ? "stroke" : "item"
                let tables: [String] = (version > 0 ? ["notebook", "page", items] : []) + (version >= 3 ? [PageStepRows.table(schemaVersion: version), "notebook_step"] : [])
                for table in tables where try !db.tableExists(table) {
                    throw NotebookFileError.corrupt(path: path, reason: "its table `\(table)` is missing")
                }
                if reason == nil, version < NotebookSchema.currentVersion {
                    do {
                        try NotebookSchema.migrate(db, from: version)
                    } catch let error as DatabaseError where [.SQLITE_CONSTRAINT, .SQLITE_MISMATCH].contains(error.resultCode) {
                        // A damaged row (a stroke whose seq is text) that the new tables refuse: the
                        // migration rolled back, the file is as it was.
                        throw NotebookFileError.corrupt(path: path, reason: "its rows could not be moved to notebook format "
                                                        + "\(NotebookSchema.currentVersion) (\(error.message ?? "\(error)"))")
                    }
                    return NotebookSchema.currentVersion
                }
                // A file that is not migrated (read-only) is read in its own schema.
                return version
            }
        } catch let error as NotebookFileError {
            throw error
        } catch let error as DatabaseError {
            throw Self.fileError(error, path: path, reading: reason != nil)
        } catch let error as RowDecodingError {
            throw NotebookFileError.corrupt(path: path, reason: "a stored value does not read (\(error))")
        }
    }

    /// Where the files found sound are recorded (`CheckedNotebookFiles`): the user's cache folder, read
    /// from the environment once; nil checks every file at every open. Tests point it elsewhere.
    nonisolated(unsafe) public static var checkedFiles = CheckedNotebookFiles(environment: ProcessInfo.processInfo.environment)

    /// Test hook: when set, every notebook is taken to be in a folder this process may not write, as
    /// when it runs as root, which may write anywhere.
    nonisolated(unsafe) static var treatsEveryFolderAsReadOnly = false

    /// Whether this process may write the file and create its `-wal`, `-shm` and lock files beside it.
    /// How many names (directory entries) the file has; nil when it cannot be asked. A hard link is not
    /// resolved by `realPath`, and SQLite names its `-wal` after the name it opened, so a notebook with
    /// two names would have two journals and two writer locks: it is opened read-only instead.
    private static func hardLinkCount(_ realPath: String) -> Int? {
        var status = stat()
        guard stat(realPath, &status) == 0 else { return nil }
        return Int(status.st_nlink)
    }

    private static func isWritable(_ realPath: String) -> Bool {
        !treatsEveryFolderAsReadOnly
            && access((realPath as NSString).deletingLastPathComponent, W_OK) == 0 && access(realPath, W_OK) == 0
    }

    /// The connection, and for a reader that cannot see the notebook's last changes, why.
    ///
    /// Read-only, a notebook that no writer has open (it has no `-wal`) is opened `immutable`: SQLite
    /// then takes no locks and creates no `-wal` or `-shm` file, so reading works in a folder this process
    /// may not write, and reading another person's notebook in a shared folder leaves no files of ours
    /// behind for their saves to trip on. With a `-wal` and its `-shm` present (a writer has it open, or
    /// one was killed) a plain read-only open reads the latest changes through them, writing nothing.
    /// A `-wal` without its `-shm` can only be read by creating the `-shm`: done for one's own notebook
    /// in a writable folder; otherwise the file is read immutable, without the changes in the `-wal`.
    /// A writer that opens the notebook during an immutable read writes to its new `-wal`; the notebook
    /// file itself changes only when that writer checkpoints (on close, or after 8,000 pages of changes),
    /// so only a writer that also checkpoints within the read could change the file under the reader.
    private static func openDatabase(path: String, realPath: String, readOnly: Bool) throws -> (DatabaseQueue, String?) {
        let configuration = configuration(readOnly: readOnly)
        let files = FileManager.default
        guard readOnly, SQLiteURI.isSupported else { return (try DatabaseQueue(path: path, configuration: configuration), nil) }
        var note: String?
        if files.fileExists(atPath: realPath + "-wal") {
            var info = stat()
            let ownFile = stat(realPath, &info) == 0 && info.st_uid == geteuid()
            if files.fileExists(atPath: realPath + "-shm") || (ownFile && isWritable(realPath)) {
                return (try DatabaseQueue(path: path, configuration: configuration), nil)
            }
            note = "its last changes, in \((realPath as NSString).lastPathComponent)-wal, are not shown: reading them "
                + "needs a -shm file made beside it, which a reader here may not leave"
        }
        return (try DatabaseQueue(path: SQLiteURI.immutable(realPath), configuration: configuration), note)
    }

    /// Image and PDF bytes up to which a new notebook is built in memory and written out whole (see
    /// `DatabaseImage`); above it, in its file, so an import of large pictures does not hold them three
    /// times over. Ink needs no such limit: stored, a pen sample takes 16 bytes, half what the pages it comes
    /// from (which the caller holds already) take for it in memory.
    static let largestBlobsBuiltInMemory = 64 << 20

    /// Creates a notebook at `path` with `pages` (one blank Letter page by default) and the `blobs` their
    /// items show. The file is built under a temporary name and renamed into place, so a crash never
    /// leaves half a notebook.
    @discardableResult
    public static func create(at path: String, title: String, pages: [Page] = [Page()],
                              blobs: [BlobBytes] = []) throws -> NotebookStore {
        try create(at: path, title: title, pages: pages, blobs: blobs, inMemory: blobs.reduce(0) { $0 + $1.bytes.count } <= largestBlobsBuiltInMemory)
    }

    static func create(at path: String, title: String, pages: [Page], blobs: [BlobBytes], inMemory: Bool) throws -> NotebookStore {
        if let large = blobs.first(where: { $0.bytes.count > maximumBlobSize }) {
            throw NotebookFileError.blobTooLarge(path: path, size: large.bytes.count, limit: maximumBlobSize)
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw NotebookFileError.writeFailed(path: path, reason: "a file of that name already exists")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).creating").path
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            let setup = inMemory ? try DatabaseQueue() : try DatabaseQueue(path: temporary)
            try setup.writeWithoutTransaction { db in
                // Page size and application id first, in rollback mode, so the file's own header carries
                // them from the start (the header check above reads them without SQLite).
                try db.execute(sql: "PRAGMA page_size = \(NotebookSchema.pageSize)")
                try db.execute(sql: "PRAGMA application_id = \(NotebookSchema.applicationID)")
                try NotebookSchema.migrate(db, from: 0)
                if !inMemory {
                    // A cache as large as a big notebook's first write (this connection only, closed below):
                    // SQLite's default 2 MB made it read back the pages it had just written.
                    try db.execute(sql: "PRAGMA cache_size = -65536")
                    // The file is not the notebook until it is renamed into place below, and a failed build
                    // deletes it: no rollback journal on disk and no sync per write while it is built (the
                    // journal kept in memory still undoes a failed transaction); it is synced once, whole,
                    // before the rename.
                    try db.execute(sql: "PRAGMA journal_mode = MEMORY")
                    try db.execute(sql: "PRAGMA synchronous = OFF")
                }
                try db.inTransaction {
                    let now = Date().timeIntervalSince1970
                    for (key, value) in [("id", UUID().uuidString.lowercased() as any DatabaseValueConvertible),
                                         ("title", title), ("created", now)] {
                        try db.execute(sql: "INSERT INTO notebook(key, value) VALUES (?, ?)", arguments: [key, value])
                    }
                    let revision = RevisionClock().next(after: 0)
                    for blob in blobs { try BlobRows.store(blob.bytes, id: blob.id, kind: blob.kind, in: db) }
                    // One style cache for every page: each cache registers a commit hook, and GRDB visits
                    // every hook on every statement (a cache per page made 200 pages' writes 200 times dearer).
                    let styles = StyleCache()
                    for (index, page) in pages.enumerated() {
                        if let blob = try BlobRows.missing(page.items.blobs, in: db).first {
                            throw NotebookFileError.missingBlob(path: path, blob: blob.rawValue, page: page.id.rawValue)
                        }
                        try insert(page, position: Double(index + 1), in: db, styles: styles, revision: revision,
                                   path: path)
                    }
                    return .commit
                }
                if inMemory { try DatabaseImage.write(db, toNewFileAt: temporary) }
            }
            try setup.close()
            try useWriteAheadLog(temporary)
            try syncToDisk(temporary)
            guard Glibc.rename(temporary, path) == 0 else {
                throw NotebookFileError.fileSystem(path: path, operation: "move the new notebook into place at", errno: errno)
            }
        } catch let error as DatabaseError {
            try? FileManager.default.removeItem(atPath: temporary)
            throw NotebookFileError.writeFailed(path: path, reason: error.message ?? "\(error)")
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        return try NotebookStore(openingAt: path, readOnly: false, checkingIntegrity: false)
    }

    /// Puts the new file at `path` in WAL mode, as every notebook is opened. Not synced here: the caller
    /// syncs the whole file once, before it becomes the notebook.
    private static func useWriteAheadLog(_ path: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try database.close()
    }

    /// Flushes the file at `path` to the disk (fsync), so a notebook renamed into place after it is
    /// whole even if the machine stops at once.
    private static func syncToDisk(_ path: String) throws {
        let descriptor = Glibc.open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw NotebookFileError.fileSystem(path: path, operation: "open the new notebook to save it to disk at", errno: errno)
        }
        defer { Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw NotebookFileError.fileSystem(path: path, operation: "save the new notebook to disk at", errno: errno)
        }
    }

    /// SQLite's page cache for an open notebook, in KiB (see `configuration(readOnly:)`).
    static let pageCacheKiB = 256

    private static func configuration(readOnly: Bool) -> Configuration {
        var config = Configuration()
        config.readonly = readOnly
        config.label = "notebook"
        // A reader in another process never blocks a WAL writer for long; wait rather than fail.
        config.busyMode = .timeout(5)
        // The open notebook lives in memory as its pages, so SQLite's own page cache would hold a second
        // copy of every row written (its default 2 MB filled by the first 400 or so strokes drawn); the
        // operating system's file cache serves re-reads as well. `pageCacheKiB` keeps it small.
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(NotebookStore.pageCacheKiB)")
        }
        if !readOnly {
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                // A checkpoint copies each page the log holds once, however often it was written: the
                // header page and the b-tree leaves that every stroke rewrites cost once per checkpoint,
                // so fewer checkpoints (every 8,000 pages, a 4 MB log, not SQLite's 1,000) write less per
                // stroke (about 250 bytes of a 400-sample stroke's 23.9 KB).
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 8000")
            }
        }
        return config
    }

    /// Collects unreferenced blobs (see `BlobStore`), closes the file (checkpointing the WAL into it) and
    /// releases the lock. A damaged item that stops the collection does not stop the close.
    public func close() throws {
        // A collection refused because another program changed the file is left undone, as any write is.
        if !isReadOnly && schemaVersion >= 2 { _ = try? vacuumBlobs() }
        // Asked last before the close's own checkpoint changes the file.
        if let change = externalChange() { return try close(after: change) }
        try database.close()
        // Sound when opened, and changed since only by SQLite's own transactions: the next open need
        // not read it all again. Still under the lock, so no other Quire writes it meanwhile.
        if !isReadOnly, let checkedFiles = Self.checkedFiles, !FileManager.default.fileExists(atPath: realPath + "-wal"),
           let state = FileState(of: realPath) {
            checkedFiles.recordWhenSettled(state, of: realPath)
        }
        lock = nil
    }

    /// What another program did to the file since this process opened it to write (nil when nothing,
    /// and always for a notebook open read-only). Once it did, nothing more is written to it: every
    /// change throws `NotebookFileError.changedOnDisk`, and closing leaves the file as the other left it.
    public func externalChange() -> ExternalFileChange? { watch?.change() }

    /// Closes a notebook whose file another program changed, without writing to what is now theirs.
    /// The connection closes without a checkpoint (rewritten in place, the log's pages would overwrite
    /// the newer bytes; replaced or moved, SQLite would not fold it in anyway), and the `-wal` and `-shm`
    /// beside the name are removed: they are this process's, and the next open of the newer file would
    /// read this log's pages as its own. What the log held is in the copy the session wrote first
    /// (`writeCopy`).
    private func close(after change: ExternalFileChange) throws {
        database.inDatabase { db in
            if let connection = db.sqliteConnection { _ = quire_sqlite_skip_checkpoint_on_close(UnsafeMutableRawPointer(connection)) }
        }
        try database.close()
        unlink(realPath + "-wal")
        unlink(realPath + "-shm")
        lock = nil
    }

    /// Writes the notebook as this connection sees it (every change it saved) to a new notebook at
    /// `path`, titled `title`, with an identity of its own, and returns it open (read whole once: a copy
    /// that does not check is removed and the error thrown). SQLite's backup reads a consistent snapshot
    /// even while the notebook is being written.
    public func writeCopy(to path: String, title: String) throws -> NotebookStore {
        try writeCopy(to: path, title: title, keepingIdentity: false)
    }

    /// `keepingIdentity`: the copy keeps this notebook's id, title and every key, for a copy that is to
    /// go back into this notebook (`RecoveryFile`), not live beside it.
    func writeCopy(to path: String, title: String, keepingIdentity: Bool) throws -> NotebookStore {
        let copy = try NotebookStore.create(at: path, title: title, pages: [])
        do {
            try copy.ownWrite { try database.backup(to: copy.database) }
            if !keepingIdentity { try copy.resetIdentity(title: title) }
            // The copy's store was made for the empty file the backup replaced: it must not be used.
            try copy.close()
            return try NotebookStore(openingAt: path)
        } catch {
            try? copy.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Runs a write of this process's own to the file (not through `write`), refused once another
    /// program changed it.
    func ownWrite<T>(_ body: () throws -> T) throws -> T {
        guard let watch else { return try body() }
        return try watch.ownWrite(notebookPath: path, body)
    }

    // MARK: Reading

    public var title: String {
        get throws { try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM notebook WHERE key = 'title'") ?? "" } }
    }

    public var notebookID: String {
        get throws { try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM notebook WHERE key = 'id'") ?? "" } }
    }

    /// The pages' ids in order: all that opening a notebook needs to read.
    public func pageIDs() throws -> [PageID] {
        try read { db in try String.fetchAll(db, sql: "SELECT id FROM page\(Self.shownPages(schemaVersion)) ORDER BY position").map(PageID.init) }
    }

    /// The saved view (page and transform), if one was saved.
    public func view() throws -> NotebookView? {
        try read { db in
            guard let json = try String.fetchOne(db, sql: "SELECT value FROM notebook WHERE key = 'view'") else { return nil }
            return try? Self.decodeJSON(NotebookView.self, json)
        }
    }

    /// When this notebook was last opened for writing (0 if never): the library reopens the latest.
    public func lastOpened() throws -> Double {
        try read { db in try Double.fetchOne(db, sql: "SELECT value FROM notebook WHERE key = 'opened'") ?? 0 }
    }

    /// The page's thumbnail PNG and whether it shows the page's current ink.
    public func thumbnail(of page: PageID) throws -> (png: [UInt8], isCurrent: Bool)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT png, ink_version FROM thumbnail WHERE page_id = ?",
                                             arguments: [page.rawValue]) else { return nil }
            let stored = StoredRow(row: row, table: "thumbnail", name: "the thumbnail of page \(page)", path: path)
            let png = try stored.data("png")
            let version = try stored.string("ink_version")
            return ([UInt8](png), version == (try inkVersion(of: page, in: db)))
        }
    }

    // MARK: Changing (each call one transaction)

    /// Inserts a page, items and all, at `index` (the end when nil or past it). The page keeps its id
    /// and its items theirs. The blobs its items show must be stored already (else `.missingBlob`).
    public func insertPage(_ page: Page, at index: Int? = nil) throws {
        try insertPage(page, at: index, blobs: [])
    }

    /// `insertPage`, storing `blobs` in the same transaction (what a transfer from another file brings).
    func insertPage(_ page: Page, at index: Int?, blobs: [(bytes: [UInt8], kind: BlobKind)]) throws {
        try write { db in
            orders.forget(page.id)
            for blob in blobs { try BlobRows.store(blob.bytes, id: BlobRows.id(of: blob.bytes), kind: blob.kind, in: db) }
            if let missing = try BlobRows.missing(page.items.blobs, in: db).first {
                throw NotebookFileError.missingBlob(path: path, blob: missing.rawValue, page: page.id.rawValue)
            }
            let position = try Self.position(forIndex: index, excluding: nil, in: db)
            try Self.insert(page, position: position, in: db, styles: styleIDs, revision: revisions.next(after: 0), path: path)
        }
    }

    /// Appends `pages`, items and all, after the last page, with the `blobs` their items show, in one
    /// transaction: all of them or, on any error, none.
    public func appendPages(_ pages: [Page], storing blobs: [BlobBytes]) throws {
        if let large = blobs.first(where: { $0.bytes.count > Self.maximumBlobSize }) {
            throw NotebookFileError.blobTooLarge(path: path, size: large.bytes.count, limit: Self.maximumBlobSize)
        }
        try write { db in
            try store(pages, blobs: blobs, in: db) { try Self.position(forIndex: nil, excluding: nil, in: db) }
        }
    }

    /// Stores `blobs`, then `pages` (whose blobs must be stored by then) each at the position `position`
    /// gives, in the caller's transaction.
    func store(_ pages: [Page], blobs: [BlobBytes], in db: Database, position: () throws -> Double) throws {
        for blob in blobs { try BlobRows.store(blob.bytes, id: blob.id, kind: blob.kind, in: db) }
        let revision = revisions.next(after: 0)
        for page in pages {
            orders.forget(page.id)
            if let missing = try BlobRows.missing(page.items.blobs, in: db).first {
                throw NotebookFileError.missingBlob(path: path, blob: missing.rawValue, page: page.id.rawValue)
            }
            try Self.insert(page, position: try position(), in: db, styles: styleIDs, revision: revision, path: path)
        }
    }

    public func deletePage(_ page: PageID) throws {
        try write { db in
            orders.forget(page)
            // The steps first, while the page's row still says where they are.
            try PageStepRows(page: page, schemaVersion: schemaVersion, in: db).delete(in: db)
            try db.execute(sql: "DELETE FROM page WHERE id = ?", arguments: [page.rawValue])
            guard db.changesCount > 0 else { throw NotebookFileError.noSuchPage(path: path, page: page.rawValue) }
        }
    }

    /// Moves a page to `index` in the order (0-based; past the end: last). Rewrites one row.
    public func movePage(_ page: PageID, to index: Int) throws {
        try write { db in
            let position = try Self.position(forIndex: index, excluding: page, in: db)
            try db.execute(sql: "UPDATE page SET position = ? WHERE id = ?", arguments: [position, page.rawValue])
            guard db.changesCount > 0 else { throw NotebookFileError.noSuchPage(path: path, page: page.rawValue) }
        }
    }

    public func rename(to title: String) throws {
        try setValue(title, for: "title")
    }

    public func saveView(_ view: NotebookView) throws {
        try setValue(Self.json(view), for: "view")
    }

    /// Records that the notebook was opened now: `NotebookLibrary.lastOpened` picks it next start.
    public func markOpened(at time: Date = Date()) throws {
        try setValue(time.timeIntervalSince1970, for: "opened")
    }

    public func saveThumbnail(png: [UInt8], of page: PageID, inkVersion: String) throws {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO thumbnail(page_id, ink_version, png) VALUES (?, ?, ?)",
                           arguments: [page.rawValue, inkVersion, Data(png)])
        }
    }

    private func setValue(_ value: some DatabaseValueConvertible, for key: String) throws {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO notebook(key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    // MARK: Plumbing

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch let error as DatabaseError {
            throw Self.fileError(error, path: path, reading: true)
        } catch let error as RowDecodingError {
            // A value of the wrong kind that a fetch of plain values met (NULL where text belongs): the
            // rows read through `StoredRow` name it better, this keeps any other read from escaping as
            // something that is not a file error.
            throw NotebookFileError.corrupt(path: path, reason: "a stored value does not read (\(error))")
        }
    }

    func write(_ body: (Database) throws -> Void) throws {
        if let readOnlyReason { throw NotebookFileError.readOnly(path: path, reason: readOnlyReason) }
        do {
            try ownWrite { try database.write(body) }
        } catch let error as DatabaseError {
            throw Self.fileError(error, path: path)
        } catch let error as RowDecodingError {
            throw NotebookFileError.corrupt(path: path, reason: "a stored value does not read (\(error))")
        }
    }

    /// The file error for a failed SQLite call: a read that fails says it could not read, not save.
    static func fileError(_ error: DatabaseError, path: String, reading: Bool = false) -> NotebookFileError {
        let message = error.message ?? "\(error)"
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notANotebook(path: path, reason: message)
        case .SQLITE_CORRUPT: return .corrupt(path: path, reason: message)
        case _ where reading: return .readFailed(path: path, reason: message)
        case .SQLITE_FULL: return .writeFailed(path: path, reason: "the disk is full")
        case .SQLITE_READONLY: return .writeFailed(path: path, reason: "the file or its folder is read-only")
        default: return .writeFailed(path: path, reason: message)
        }
    }

    /// A `position` value that puts a page at `index` among the others (excluding `moving`): halfway
    /// between its new neighbours, so a reorder rewrites only the moved row. When halving runs out of
    /// precision every page is renumbered, which a person will not live to see.
    static func position(forIndex index: Int?, excluding moving: PageID?, in db: Database) throws -> Double {
        let positions = try Double.fetchAll(db, sql: "SELECT position FROM page WHERE id IS NOT ? AND trashed = 0 ORDER BY position",
                                            arguments: [moving?.rawValue])
        let at = min(max(index ?? positions.count, 0), positions.count)
        if let position = FractionalPositions.between(at > 0 ? positions[at - 1] : nil,
                                                      at < positions.count ? positions[at] : nil)?.first { return position }
        try db.execute(sql: """
            UPDATE page SET position = (SELECT count(*) FROM page p2 WHERE p2.position < page.position) + 1
            """)
        return try position(forIndex: index, excluding: moving, in: db)
    }

    /// The condition that leaves out pages in the trash (`SchemaV3Migration`), for a file that has it.
    static func shownPages(_ schemaVersion: Int, alias: String = "") -> String {
        schemaVersion >= 3 ? " WHERE \(alias)trashed = 0" : ""
    }

    static func insert(_ page: Page, position: Double, in db: Database, styles: StyleCache, revision: Int64,
                       path: String) throws {
        try db.execute(sql: """
            INSERT INTO page(id, position, width, height, orientation, background, created) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [page.id.rawValue, position, page.size.width, page.size.height, page.orientation.rawValue,
                             try json(page.background), Date().timeIntervalSince1970])
        for (index, item) in page.items.enumerated() {
            try ItemRows.insert(item, page: page.id, parent: ItemKey.onPage, position: Double(index + 1), revision: revision,
                                in: db, styles: styles, path: path)
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}

extension NotebookStore {
    /// A duplicate's own identity: a new id and title, not the original's view history.
    func resetIdentity(title: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE notebook SET value = ? WHERE key = 'id'", arguments: [UUID().uuidString.lowercased()])
            try db.execute(sql: "INSERT OR REPLACE INTO notebook(key, value) VALUES ('title', ?)", arguments: [title])
            try db.execute(sql: "DELETE FROM notebook WHERE key = 'opened'")
        }
    }
}
