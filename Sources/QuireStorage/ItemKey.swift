import Foundation
import GRDB
import QuireDocument

/// How an `ItemID` is written in the `item` table's `id` and `parent` columns.
///
/// Ids are UUID strings; stored as text they would cost 37 bytes in every row (and again in every child
/// row of a scrap). A canonical lowercase UUID is stored as its 16 bytes instead, and read back as the
/// same string; any other id (ids are the app's to choose) is stored as text, as it is. A page's own
/// items have `parent = 0` (an integer, which SQLite stores in no bytes at all), so the key
/// `(page_id, parent, position)` puts a page's items, then each scrap's, side by side in one b-tree.
enum ItemKey {
    /// The `parent` of an item lying on the page itself.
    static let onPage: DatabaseValue = 0.databaseValue

    static func value(_ id: ItemID) -> DatabaseValue {
        if let bytes = uuidBytes(id.rawValue) { return Data(bytes).databaseValue }
        return id.rawValue.databaseValue
    }

    /// A page's id as schema 3's `history_step.page_id` holds it: 16 bytes for a UUID, as an item's id
    /// is (a step row is small, and the key is most of it). Read by `SchemaV4Migration` and for a
    /// read-only schema-3 notebook.
    static func value(_ page: PageID) -> DatabaseValue {
        if let bytes = uuidBytes(page.rawValue) { return Data(bytes).databaseValue }
        return page.rawValue.databaseValue
    }

    static func pageID(_ value: DatabaseValue) -> PageID? {
        id(value).map { PageID($0.rawValue) }
    }

    /// The id stored in `value`, or nil when the value cannot be one (damage).
    static func id(_ value: DatabaseValue) -> ItemID? {
        switch value.storage {
        case let .blob(data) where data.count == 16: ItemID(uuidString(data))
        case let .string(text) where !text.isEmpty: ItemID(text)
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func uuidString(_ data: Data) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, byte) in data.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 16 bytes of `text` when it is a UUID written exactly as `uuidString` writes one.
    static func uuidBytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        for (index, char) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard char == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch char {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = char - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = char - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let h = high {
                bytes.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }
}
