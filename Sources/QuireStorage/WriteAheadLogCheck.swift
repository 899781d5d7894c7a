import Foundation

/// Whether a notebook's `-wal` file holds committed changes that SQLite will silently drop.
///
/// SQLite reads a WAL only up to the first frame whose checksum fails, by design: what follows is taken
/// for a write torn by a crash. But a commit that was complete and is damaged afterwards (a bad disk
/// block, a copy cut short in the middle) then vanishes without a word, and the notebook opens showing
/// fewer strokes. This reads the WAL as SQLite will (format: sqlite.org/fileformat2.html#walformat)
/// before SQLite opens the file, and reports when a bad frame is followed by a whole commit of the same
/// WAL generation (same salts): that is damage, not a torn last write, which never has a commit after it.
enum WriteAheadLogCheck {
    /// A WAL larger than this is not read (SQLite's own limit for a journal is far below it); the check
    /// reads it in frames, so it is only a bound on time.
    static let largestChecked = 4 << 30

    /// A sentence for the person, or nil when the WAL is absent, intact or only torn at its end.
    static func damage(ofWALAt path: String) -> String? {
        // Only a plain file: opening a FIFO in its place would wait forever (SQLite then fails on it).
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 32), header.count == 32 else { return nil }
        let magic = word(header, 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return nil }
        let bigEndian = magic & 1 == 1
        let pageSize = Int(word(header, 8))
        // Page sizes are powers of two from 512 to 65536 (stored as 1 for 65536).
        let size = pageSize == 1 ? 65536 : pageSize
        guard size >= 512, size <= 65536, size & (size - 1) == 0 else { return nil }
        let salts = (word(header, 16), word(header, 20))
        var sums = checksum(header.prefix(24), bigEndian: bigEndian, (0, 0))
        guard sums == (word(header, 24), word(header, 28)) else {
            // SQLite ignores the whole WAL then; only an empty one (no frame) loses nothing.
            let hasFrames = ((try? handle.read(upToCount: 24 + size))?.count ?? 0) == 24 + size
            return hasFrames ? "its write-ahead log (\((path as NSString).lastPathComponent)) has a damaged header: the changes "
                + "saved in it cannot be read, so the notebook shows what it held before them" : nil
        }

        var frame = 0, firstBad: Int?, lostCommits = 0, read = 32
        while read + 24 + size <= largestChecked, let bytes = try? handle.read(upToCount: 24 + size), bytes.count == 24 + size {
            read += bytes.count
            frame += 1
            guard (word(bytes, 8), word(bytes, 12)) == salts else { break } // a frame of an older generation
            let isCommit = word(bytes, 4) != 0
            if firstBad == nil {
                sums = checksum(bytes.prefix(8), bigEndian: bigEndian, sums)
                sums = checksum(bytes.dropFirst(24), bigEndian: bigEndian, sums)
                if sums != (word(bytes, 16), word(bytes, 20)) { firstBad = frame }
            } else if isCommit {
                lostCommits += 1
            }
        }
        guard let firstBad, lostCommits > 0 else { return nil }
        return "its write-ahead log (\((path as NSString).lastPathComponent)) is damaged at frame \(firstBad): "
            + "\(lostCommits) saved change\(lostCommits == 1 ? "" : "s") after it cannot be read, so the notebook shows "
            + "what it held before them"
    }

    /// The big-endian 32-bit word at `offset` of `data`.
    private static func word(_ data: Data, _ offset: Int) -> UInt32 {
        let start = data.startIndex + offset
        return data[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// SQLite's WAL checksum over `data` (a multiple of 8 bytes), continuing from `sums`.
    private static func checksum(_ data: Data, bigEndian: Bool, _ sums: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = sums
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            func next() -> UInt32 {
                let b = (UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]), UInt32(bytes[index + 3]))
                index += 4
                return bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0
            }
            while index + 8 <= bytes.count {
                let x0 = next(), x1 = next()
                s0 = s0 &+ x0 &+ s1
                s1 = s1 &+ x1 &+ s0
            }
        }
        return (s0, s1)
    }
}
