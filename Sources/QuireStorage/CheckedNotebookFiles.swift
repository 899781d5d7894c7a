import Foundation

/// The notebook files that passed SQLite's quick check and have not changed since, so that opening
/// one again does not read the whole file to check it again (a 300 MB notebook's check takes about a
/// second; its open without the check, tens of milliseconds).
///
/// A file is named by its device and inode and its state by size, modification time and change time.
/// The change time (ctime) cannot be set from user space: every write, truncation, `touch`, `chmod` or
/// restore of an old modification time moves it, so a file whose ctime is the recorded one has not
/// been written since it was checked. A file with a `-wal` beside it is always checked (its last
/// writer did not close it).
///
/// The kernel stamps ctime from a clock that moves in ticks of a few milliseconds, so two writes in
/// one tick leave the same ctime: a state is recorded only once its ctime lies in a tick that has
/// passed (`recordWhenSettled`), so any later write shows.
///
/// The record is a cache: a line it cannot read, a file that is too large or missing, or a folder it
/// cannot write only mean the next open checks again. It lives in `$XDG_CACHE_HOME/quire`
/// (`~/.cache/quire`), read and written whole (at most `capacity` lines, newest last).
public struct CheckedNotebookFiles: Sendable {
    /// The record file.
    public let path: String
    /// Most files remembered; the oldest is forgotten first.
    public static let capacity = 256
    /// A record longer than this (far more than `capacity` lines) is not read.
    static let largestRecord = 64 * 1024

    public init(path: String) {
        self.path = path
    }

    /// The record in the user's cache folder, or nil when the environment names none.
    public init?(environment: [String: String]) {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            self.init(path: cache + "/quire/checked-notebooks")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            self.init(path: home + "/.cache/quire/checked-notebooks")
        } else {
            return nil
        }
    }

    /// Whether the file at `realPath` is as it was when it was last found sound.
    func contains(_ state: FileState) -> Bool {
        entries().contains(state)
    }

    /// Records `state` of the file at `realPath` as checked, if the file is still in that state and its
    /// last change lies in a clock tick that has passed; waits up to a few ticks for that (a writer
    /// closing: its last checkpoint has just changed the file). Best effort.
    func recordWhenSettled(_ state: FileState, of realPath: String) {
        record(state, of: realPath, waitingMilliseconds: 50)
    }

    /// As `recordWhenSettled`, without waiting (a reader: the file changed in this tick only if someone
    /// else has just written it, and then it is better checked again).
    func recordIfSettled(_ state: FileState, of realPath: String) {
        record(state, of: realPath, waitingMilliseconds: 0)
    }

    private func record(_ state: FileState, of realPath: String, waitingMilliseconds: Int) {
        var waited = 0
        // The file's last change must lie in an earlier tick of the kernel's file-time clock than now.
        while !(state.changed < FileState.coarseNow()) {
            guard waited < waitingMilliseconds else { return }
            usleep(1_000)
            waited += 1
        }
        // A write after the first look has a later ctime (its tick has not passed yet).
        guard FileState(of: realPath) == state else { return }
        record(state)
    }

    private func record(_ state: FileState) {
        let kept = entries().filter { $0.device != state.device || $0.inode != state.inode }.suffix(Self.capacity - 1)
        let text = (kept + [state]).map(\.line).joined(separator: "\n") + "\n"
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        // Written beside and renamed over, so a reader never sees half a record.
        let temporary = path + ".\(getpid()).new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    private func entries() -> [FileState] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.largestRecord + 1), data.count <= Self.largestRecord else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap(FileState.init(line:))
    }
}

/// What identifies a file and its last change, from stat(2).
struct FileState: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Timestamp
    let changed: Timestamp

    struct Timestamp: Hashable, Comparable, Sendable {
        let seconds: Int64
        let nanoseconds: Int64
        static func < (a: Timestamp, b: Timestamp) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }

    init?(of realPath: String) {
        var info = stat()
        guard stat(realPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Timestamp(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        changed = Timestamp(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
    }

    /// Seven decimal numbers; anything else is not a state.
    init?(line: Substring) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 7 else { return nil }
        guard let device = UInt64(fields[0]), let inode = UInt64(fields[1]), let size = Int64(fields[2]), size >= 0,
              let modifiedSeconds = Int64(fields[3]), let modifiedNanoseconds = Int64(fields[4]),
              let changedSeconds = Int64(fields[5]), let changedNanoseconds = Int64(fields[6]),
              (0..<1_000_000_000).contains(modifiedNanoseconds), (0..<1_000_000_000).contains(changedNanoseconds)
        else { return nil }
        self.device = device
        self.inode = inode
        self.size = size
        modified = Timestamp(seconds: modifiedSeconds, nanoseconds: modifiedNanoseconds)
        changed = Timestamp(seconds: changedSeconds, nanoseconds: changedNanoseconds)
    }

    var line: String {
        "\(device) \(inode) \(size) \(modified.seconds) \(modified.nanoseconds) \(changed.seconds) \(changed.nanoseconds)"
    }

    /// The clock the kernel stamps file times from.
    static func coarseNow() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Timestamp(seconds: Int64(now.tv_sec), nanoseconds: Int64(now.tv_nsec))
    }
}
