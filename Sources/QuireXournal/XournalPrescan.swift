import Foundation

/// What the parse must know of a file before it starts, found in one pass over its unpacked bytes a
/// chunk at a time (`feed`), holding nothing of it but a few bytes where a chunk ends:
/// - how many `<page` tags it has, for the page limit and the progress shown;
/// - whether it declares a DOCTYPE, in any letter case (refused: Xournal++ files never have one, and
///   refusing it rules out entity expansion);
/// - how many XML comments and processing instructions it holds, and their bytes: libxml2's pull parser
///   keeps each until the element around it ends (at the top level, the end of the file), and parses a
///   run of them ahead at once, so only a bound found before parsing keeps memory from growing with
///   such a file (`XournalLimits.maximumComments`).
/// Comments, processing instructions and CDATA sections are passed over: a tag inside one is no tag.
struct XournalPrescan {
    private(set) var pageTags = 0
    private(set) var declaresDocumentType = false
    /// Comments and processing instructions (the XML declaration is one), and the bytes inside them.
    private(set) var asides = 0
    private(set) var asideBytes = 0

    private enum Place { case content, comment, instruction, cdata }
    private var place = Place.content
    /// The end of the last chunk when it could begin a tag whose end is in the next one.
    private var pending: [UInt8] = []

    /// The longest thing looked for ("<![CDATA[", "<!DOCTYPE").
    private static let longest = 9

    /// Scans the whole of `stream`.
    static func scan(_ stream: GzipStream) throws -> XournalPrescan {
        var scan = XournalPrescan()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let got = try stream.read(into: chunk)
            if got == 0 { return scan }
            scan.feed(UnsafeBufferPointer(start: chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: got))
        }
    }

    /// Scans bytes held whole.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> XournalPrescan {
        var scan = XournalPrescan()
        scan.feed(bytes)
        return scan
    }

    /// Scans the next `chunk` of the file.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !pending.isEmpty else { return scan(chunk) }
        let joined = pending + chunk
        pending = []
        joined.withUnsafeBufferPointer { scan($0) }
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        func starts(_ text: StaticString, at i: Int, anyCase: Bool = false) -> Bool {
            let length = text.utf8CodeUnitCount
            guard i + length <= count else { return false }
            return (0..<length).allSatisfy { k in
                let a = bytes[i + k], b = text.utf8Start[k]
                return a == b || (anyCase && a | 0x20 == b | 0x20)
            }
        }
        /// Where the next `terminator` from `i` begins, or nil; and how far the bytes are known not to
        /// begin one (a partial one at the very end is left for the next chunk).
        func find(_ terminator: StaticString, from i: Int) -> (found: Int?, safeEnd: Int) {
            let first = terminator.utf8Start[0], length = terminator.utf8CodeUnitCount
            var at = i
            while at < count, let hit = memchr(base + at, Int32(first), count - at) {
                let j = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if j + length > count { return (nil, j) }
                if starts(terminator, at: j) { return (j, j + length) }
                at = j + 1
            }
            return (nil, count)
        }
        var i = 0
        while i < count {
            switch place {
            case .content:
                guard let hit = memchr(base + i, 0x3C, count - i) else { return }   // '<'
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                // Not enough left to tell what it begins: kept for the next chunk.
                guard i + Self.longest <= count else {
                    pending = Array(bytes[i...])
                    return
                }
                if starts("<!--", at: i) {
                    place = .comment
                    asides += 1
                    i += 4
                } else if starts("<?", at: i) {
                    place = .instruction
                    asides += 1
                    i += 2
                } else if starts("<![CDATA[", at: i) {
                    place = .cdata
                    i += 9
                } else {
                    if starts("<!DOCTYPE", at: i, anyCase: true) { declaresDocumentType = true }
                    // "<page" and a space, tab, newline, return, '>' or '/' after it.
                    if starts("<page", at: i), [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(bytes[i + 5]) { pageTags += 1 }
                    i += 1
                }
            case .comment, .instruction, .cdata:
                let terminator: StaticString = place == .comment ? "-->" : place == .instruction ? "?>" : "]]>"
                let (found, safeEnd) = find(terminator, from: i)
                if place != .cdata { asideBytes += (found ?? safeEnd) - i }
                guard let found else {
                    // The terminator may begin in the last bytes: they wait for the next chunk.
                    if safeEnd < count { pending = Array(bytes[safeEnd...]) }
                    return
                }
                place = .content
                i = found + terminator.utf8CodeUnitCount
            }
        }
    }
}
