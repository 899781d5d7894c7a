import Foundation
import GRDB

/// SQLite's URI file names (https://www.sqlite.org/uri.html), used to open a notebook `immutable`.
/// GRDB passes no `SQLITE_OPEN_URI` flag, so they work only where SQLite was built to take URIs by
/// default (`SQLITE_USE_URI`, as Debian and Ubuntu build it); elsewhere callers open the plain path.
enum SQLiteURI {
    /// Whether a file name of the form `file:…` is read as a URI by the SQLite in this process.
    static let isSupported: Bool = {
        guard let probe = try? DatabaseQueue() else { return false }
        return (try? probe.read { try Bool.fetchOne($0, sql: "SELECT sqlite_compileoption_used('USE_URI')") }) == true
    }()

    /// `file:PATH?immutable=1` for an absolute or relative `path`: SQLite reads the file without locks,
    /// `-wal` or `-shm`, taking it to be unchanging while open.
    static func immutable(_ path: String) -> String {
        "file:" + escaped(path) + "?immutable=1"
    }

    /// `path` with the characters a URI gives a meaning to (`%`, `?`, `#`) percent-encoded.
    static func escaped(_ path: String) -> String {
        var text = ""
        for character in path {
            switch character {
            case "%": text += "%25"
            case "?": text += "%3F"
            case "#": text += "%23"
            default: text.append(character)
            }
        }
        return text
    }
}
