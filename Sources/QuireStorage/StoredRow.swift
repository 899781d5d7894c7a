import Foundation
import GRDB

/// One row read back from a notebook file, its columns read with checked conversions.
///
/// GRDB's `row[column] as Double` traps ("could not decode Double") when a damaged or hand-edited file
/// holds text, a blob or NULL where a number belongs, and SQLite's column types do not stop that (a REAL
/// column keeps 'abc' as text). So every column is read here as the `DatabaseValue` it is, and a value
/// of the wrong kind throws `NotebookFileError.corrupt` naming the file, the row, the table and the
/// column, which the caller turns into "that page (or item) is unreadable" while the rest still reads.
struct StoredRow {
    let row: Row
    /// The table the row is from, as the file names it ("page", "item", …).
    let table: String
    /// Which row it is, for a person: "page 3F2A…", "item 9C… of page 3F2A…".
    let name: String
    let path: String

    /// A finite number (an integer or a real). Infinity is refused: no stored size or coordinate is one.
    func double(_ column: String) throws -> Double {
        let value = self[column]
        guard let number = Double.fromDatabaseValue(value), number.isFinite else { throw damaged(column, value, "a finite number") }
        return number
    }

    /// A finite number, or nil for NULL.
    func optionalDouble(_ column: String) throws -> Double? {
        self[column].isNull ? nil : try double(column)
    }

    /// An integer (a real with no fraction, as SQLite may hand back, counts).
    func int64(_ column: String) throws -> Int64 {
        let value = self[column]
        guard let number = Int64.fromDatabaseValue(value) else { throw damaged(column, value, "an integer") }
        return number
    }

    func optionalInt64(_ column: String) throws -> Int64? {
        self[column].isNull ? nil : try int64(column)
    }

    /// Text. A blob is refused rather than read as UTF-8: no text column is ever written as one.
    func string(_ column: String) throws -> String {
        let value = self[column]
        guard case let .string(text) = value.storage else { throw damaged(column, value, "text") }
        return text
    }

    func optionalString(_ column: String) throws -> String? {
        self[column].isNull ? nil : try string(column)
    }

    /// Bytes: a blob (or text, which SQLite keeps as its UTF-8 bytes).
    func data(_ column: String) throws -> Data {
        let value = self[column]
        switch value.storage {
        case let .blob(bytes): return bytes
        case let .string(text): return Data(text.utf8)
        default: throw damaged(column, value, "bytes")
        }
    }

    /// The column's value as stored; never traps (a column the query does not have reads as NULL).
    subscript(column: String) -> DatabaseValue {
        row.hasColumn(column) ? row[column] : .null
    }

    func damaged(_ column: String, _ value: DatabaseValue, _ expected: String) -> NotebookFileError {
        .corrupt(path: path, reason: "\(name) has \(table).\(column) = \(Self.describe(value)), which is not \(expected)")
    }

    /// A stored value as a person may read it in an error: short, whatever it holds.
    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "NULL"
        case let .int64(number): return "\(number)"
        case let .double(number): return "\(number)"
        case let .string(text): return "the text '\(text.count > 40 ? text.prefix(40) + "…" : text)'"
        case let .blob(bytes): return "a blob of \(bytes.count) bytes"
        }
    }
}
