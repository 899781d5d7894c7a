import Foundation
import GRDB

/// Which b-tree pages a run of commits wrote to a notebook's write-ahead log: the frames appended to
/// `path-wal` since it was `logSize` bytes long, each named by the table and page type it holds in the
/// file (SQLite's `dbstat`). It shows where the bytes of "written per stroke" go beyond the stroke's own
/// overflow pages (leaf splits, the history's b-tree, the header page).
struct WALFrameCensus {
    private(set) var frames: [UInt32] = []
    private(set) var commits = 0
    private(set) var pageSize = 0

    /// Reads the log's frames from `logSize` on (an absent or empty log begins after its 32-byte header);
    /// nil when the log was restarted in between (a checkpoint that reset it), so the frames there are
    /// not this run's.
    init?(log: String, from logSize: Int) {
        let offset = max(32, logSize)
        guard let data = FileManager.default.contents(atPath: log), data.count >= 32, offset <= data.count else { return nil }
        let bytes = [UInt8](data)
        func word(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        pageSize = Int(word(8))
        let frameSize = pageSize + 24
        guard pageSize >= 512, (offset - 32) % frameSize == 0 else { return nil }
        let salts = (word(16), word(20))
        var at = offset
        while at + frameSize <= bytes.count {
            guard (word(at + 8), word(at + 12)) == salts else { return nil }
            frames.append(word(at))
            if word(at + 4) != 0 { commits += 1 }
            at += frameSize
        }
        guard commits > 0 else { return nil }
    }

    /// Frames per commit by "table: page type", most first, read against the checkpointed file.
    func perCommit(in file: String) throws -> [(String, Double)] {
        // Read only, but through a connection that may write: a read-only one cannot remove the log
        // it opens on a notebook in WAL mode, and a `-wal` left beside the file makes every later open
        // check it again (`CheckedNotebookFiles`), which the open benchmark refuses.
        let database = try DatabaseQueue(path: file)
        defer { try? database.close() }
        let names = try database.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT pageno, name || ': ' || pagetype AS what FROM dbstat")
                .map { (UInt32($0["pageno"] as Int64), $0["what"] as String) }, uniquingKeysWith: { first, _ in first })
        }
        var counts: [String: Int] = [:]
        for page in frames { counts[names[page] ?? "freed since", default: 0] += 1 }
        return counts.map { ($0.key, Double($0.value) / Double(commits)) }.sorted { $0.1 > $1.1 }
    }
}
