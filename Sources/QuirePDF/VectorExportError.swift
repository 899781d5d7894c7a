/// Why a PDF or SVG export failed; each names the file or page and says what went wrong.
public enum VectorExportError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case badPageSize(page: Int, reason: String)
    case drawingFailed(path: String, reason: String)
    /// qpdf could not put the original PDF pages into the export (other than by a failed write): the
    /// export can be made again with every page redrawn.
    case cannotKeepOriginals(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .badPageSize(page, reason): "page \(page) cannot be exported: \(reason)"
        case let .drawingFailed(path, reason): "\(path) could not be drawn: \(reason)"
        case let .cannotKeepOriginals(path, reason): "the original PDF pages could not be kept in \(path): \(reason)"
        }
    }
}
