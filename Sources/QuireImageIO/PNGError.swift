import Foundation

/// Why a PNG could not be read or written: libpng's own words, or, when the file system refused
/// (no such folder, no permission, a full disk), the call and its errno as a typed code, so a caller
/// can tell the cases apart without reading a message.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case readFailed(path: String?, reason: String)
    case writeFailed(path: String?, reason: String)
    /// A file-system call on `path` failed: `operation` is what was being done ("open", "rename").
    case fileSystem(path: String, operation: String, code: POSIXErrorCode)

    public var description: String {
        switch self {
        case let .readFailed(path, reason):
            return "cannot read PNG\(path.map { " \($0)" } ?? ""): \(reason)"
        case let .writeFailed(path, reason):
            return "cannot write PNG\(path.map { " \($0)" } ?? ""): \(reason)"
        case let .fileSystem(path, operation, code):
            return "cannot \(operation) PNG \(path): \(String(cString: strerror(code.rawValue)))"
        }
    }

    /// The file-system error behind a failed libpng file call, or nil when libpng failed for its own
    /// reasons. libpng's simplified API reports a refused `fopen` as `strerror(errno)` and nothing
    /// else, so the message being errno's own text is what tells the two apart.
    static func fileSystem(path: String, operation: String, errno value: Int32, libpngSaid message: String) -> PNGError? {
        guard value != 0, let code = POSIXErrorCode(rawValue: value), message == String(cString: strerror(value)) else {
            return nil
        }
        return .fileSystem(path: path, operation: operation, code: code)
    }
}
