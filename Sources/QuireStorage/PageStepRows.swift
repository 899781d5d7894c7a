import GRDB
import QuireDocument

/// Where the steps of one page's history are stored, and the SQL that reaches them.
///
/// From schema 4 a step is the row `slot << 32 + seq` of `page_history` (`SchemaV4Migration`), `slot`
/// being the page's `history_slot`; a page with no slot has no steps. A read-only notebook of schema 3
/// (opened without migrating) keeps them in `history_step`, keyed `(page_id, seq)`, and is read there.
struct PageStepRows {
    /// A step's number within its page fits in the low 32 bits of its key.
    static let largestSeq: Int64 = (1 << 32) - 1
    /// Slots stay far below where `slot << 32` would overflow, so no key arithmetic can.
    static let largestSlot: Int64 = 1 << 30

    static func base(ofSlot slot: Int64) -> Int64 { slot << 32 }

    /// The table a notebook of `schemaVersion` (3 or later) keeps its pages' steps in.
    static func table(schemaVersion: Int) -> String { schemaVersion >= 4 ? "page_history" : "history_step" }

    private enum Place: Equatable {
        case slot(Int64)
        case noSlot
        case schemaV3(DatabaseValue)
    }

    private let place: Place
    /// The page's slot when it has one (and it is valid).
    var slot: Int64? { if case let .slot(slot) = place { slot } else { nil } }

    /// Whether the page's `history_slot` is not one (text, out of range, another page's too): its history
    /// cannot be told apart, so it reads as damaged and the next edit gives the page a new slot.
    let slotIsDamaged: Bool

    /// Reads the page's slot (one row of `page`, by its primary key).
    init(page: PageID, schemaVersion: Int, in db: Database) throws {
        guard schemaVersion >= 4 else {
            place = .schemaV3(ItemKey.value(page))
            slotIsDamaged = false
            return
        }
        let value = try DatabaseValue.fetchOne(db, sql: "SELECT history_slot FROM page WHERE id = ?",
                                               arguments: [page.rawValue]) ?? .null
        if value.isNull {
            place = .noSlot
            slotIsDamaged = false
        } else if case let .int64(slot) = value.storage, (1...Self.largestSlot).contains(slot),
                  try Int.fetchOne(db, sql: "SELECT count(*) FROM page WHERE history_slot = ?", arguments: [slot]) == 1 {
            place = .slot(slot)
            slotIsDamaged = false
        } else {
            place = .noSlot
            slotIsDamaged = true
        }
    }

    private init(place: Place) {
        self.place = place
        slotIsDamaged = false
    }

    /// The rows of `slot`, a page's new place.
    static func at(slot: Int64) -> PageStepRows { PageStepRows(place: .slot(slot)) }

    /// `SELECT <seq> AS seq, columns … ORDER BY seq` over the page's steps.
    func select(_ columns: String) -> (sql: String, arguments: StatementArguments) {
        switch place {
        case let .slot(slot):
            let base = Self.base(ofSlot: slot)
            return ("SELECT step - \(base) AS seq, \(columns) FROM page_history WHERE step > ? AND step <= ? ORDER BY step",
                    [base, base + Self.largestSeq])
        case .noSlot:
            return ("SELECT step AS seq, \(columns) FROM page_history WHERE 0", [])
        case let .schemaV3(key):
            return ("SELECT seq, \(columns) FROM history_step WHERE page_id = ? ORDER BY seq", [key])
        }
    }

    /// How many steps the page has (done and undone).
    func count(in db: Database) throws -> Int {
        let (sql, arguments) = select("1")
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: arguments) ?? 0
    }

    /// The key of step `seq` (a writable notebook, whose page has a slot).
    func key(_ seq: Int64) throws -> Int64 {
        guard case let .slot(slot) = place, (1...Self.largestSeq).contains(seq) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "step \(seq) has no key here")
        }
        return Self.base(ofSlot: slot) + seq
    }

    /// Deletes the page's steps numbered in `seqs` (all of them by default).
    func delete(_ seqs: ClosedRange<Int64> = 1...largestSeq, in db: Database) throws {
        switch place {
        case let .slot(slot):
            let base = Self.base(ofSlot: slot)
            let low = max(seqs.lowerBound, 1), high = min(seqs.upperBound, Self.largestSeq)
            guard low <= high else { return }
            try db.execute(sql: "DELETE FROM page_history WHERE step BETWEEN ? AND ?", arguments: [base + low, base + high])
        case .noSlot:
            return
        case let .schemaV3(key):
            try db.execute(sql: "DELETE FROM history_step WHERE page_id = ? AND seq BETWEEN ? AND ?",
                           arguments: [key, seqs.lowerBound, seqs.upperBound])
        }
    }

    /// Moves the page's steps to `slot`, the notebook's new highest, so its next steps are appended at the
    /// end of `page_history` (see `SchemaV4Migration`), and records the slot in the page's row.
    func move(page: PageID, to slot: Int64, in db: Database) throws -> PageStepRows {
        if case let .slot(old) = place {
            let from = Self.base(ofSlot: old), to = Self.base(ofSlot: slot)
            try db.execute(sql: """
                INSERT INTO page_history(step, undone, label, edit, blobs, stamp)
                SELECT step - ? + ?, undone, label, edit, blobs, stamp FROM page_history WHERE step > ? AND step <= ? ORDER BY step
                """, arguments: [from, to, from, from + Self.largestSeq])
            try delete(in: db)
        }
        try db.execute(sql: "UPDATE page SET history_slot = ? WHERE id = ?", arguments: [slot, page.rawValue])
        return .at(slot: slot)
    }

    /// The slot after the notebook's highest, and after any row's (a page whose slot was damaged leaves
    /// its rows behind): where a page being written goes. Throws `editRefused` when the slots are used
    /// up (only a hand-made file gets there: a billion pages' first edits).
    static func nextSlot(in db: Database, path: String, page: PageID) throws -> Int64 {
        // A slot out of range (damage) is no page's: ignored here as when reading.
        let highestPage = try Int64.fetchOne(db, sql: """
            SELECT history_slot FROM page WHERE history_slot <= ? AND typeof(history_slot) = 'integer'
            ORDER BY history_slot DESC LIMIT 1
            """, arguments: [largestSlot]) ?? 0
        let highestRow = try Int64.fetchOne(db, sql: "SELECT step FROM page_history WHERE step <= ? ORDER BY step DESC LIMIT 1",
                                            arguments: [base(ofSlot: largestSlot) + largestSeq]).map { $0 >> 32 } ?? 0
        let highest = max(highestPage, highestRow, 0)
        guard highest < largestSlot else {
            throw NotebookFileError.editRefused(path: path, page: page.rawValue,
                                                reason: "the notebook's history numbering is used up; copy its pages to a new notebook")
        }
        return highest + 1
    }

    /// Whether `slot` is the notebook's highest (its steps are the last rows of `page_history`). One
    /// probe of `page_by_history_slot`, on every new step.
    static func isHighest(_ slot: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT 1 FROM page WHERE history_slot > ? AND history_slot <= ? AND typeof(history_slot) = 'integer' LIMIT 1
            """, arguments: [slot, largestSlot]) == nil
    }
}
