/// Why a PNG could not be read or written, with libpng's own words.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case readFailed(path: String?, reason: String)
    case writeFailed(path: String?, reason: String)

    public var description: String {
        switch self {
        case let .readFailed(path, reason):
            return "cannot read PNG\(path.map { " \($0)" } ?? ""): \(reason)"
        case let .writeFailed(path, reason):
            return "cannot write PNG\(path.map { " \($0)" } ?? ""): \(reason)"
        }
    }
}
