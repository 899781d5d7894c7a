/// Why a Xournal++ file could not be read or written: the file, and what is wrong with it, in words a
/// user can act on. A file that meets one is imported not at all.
public struct XournalFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
