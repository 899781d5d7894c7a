import GRDB
import QuireDocument

/// Which state of its items a page is in, as a short string: a thumbnail made for another one is stale.
///
/// Every row written (inserted, rewritten, moved) gets a `revision` stamp larger than any before it in
/// this file (`RevisionClock.next`). The version is the page's row count, its largest stamp and
/// a mixed sum of all its stamps: an insert, update or reorder raises the largest stamp, a removal changes
/// the count and the sum, so every edit gives a new version. Undoing an insert leaves exactly the rows
/// that were there and so gives the old version back; undoing a removal writes the row anew, with a new
/// stamp, so the thumbnail is remade: cautious, never wrong. Nothing extra is written per edit: the
/// stamp rides in the row the edit writes anyway.
enum InkVersion {
    static func of(_ page: PageID, in db: Database) throws -> String {
        var count = 0
        var largest: Int64 = 0
        var mixed: UInt64 = 0
        let stamps = try Int64.fetchCursor(db, sql: "SELECT revision FROM item WHERE page_id = ?", arguments: [page.rawValue])
        while let stamp = try stamps.next() {
            count += 1
            largest = max(largest, stamp)
            mixed &+= mix(UInt64(bitPattern: stamp))
        }
        return "r\(count):\(largest):\(String(mixed, radix: 16))"
    }

    /// SplitMix64's finaliser: nearby stamps give unrelated values, so two different sets of rows of the
    /// same count and largest stamp do not sum alike.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
