/// Why a PDF cannot be read or rendered; each names the file and says what is wrong with it.
public enum PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    case notPDF(name: String)
    case unreadable(name: String, reason: String)
    case encrypted(name: String)
    case noPages(name: String)
    case tooLarge(name: String, bytes: Int, limit: Int)
    case tooManyPages(name: String, pages: Int, limit: Int)
    case badPageSize(name: String, page: Int, width: Double, height: Double)
    case noSuchPage(name: String, page: Int, pages: Int)
    case badScale(name: String, scale: Double)
    case renderTooLarge(name: String, page: Int, width: Double, height: Double)
    case renderFailed(name: String, page: Int, reason: String)

    public var description: String {
        switch self {
        case let .notPDF(name):
            "\(name) is not a PDF (it does not start with %PDF-)"
        case let .unreadable(name, reason):
            "\(name) cannot be read as a PDF: \(reason)"
        case let .encrypted(name):
            "\(name) is encrypted with a password; Quire cannot open protected PDFs (save an unprotected copy first)"
        case let .noPages(name):
            "\(name) has no pages"
        case let .tooLarge(name, bytes, limit):
            "\(name) is \(bytes / (1 << 20)) MiB; PDFs up to \(limit / (1 << 20)) MiB can be opened"
        case let .tooManyPages(name, pages, limit):
            "\(name) has \(pages) pages; at most \(limit) can be opened"
        case let .badPageSize(name, page, width, height):
            "page \(page) of \(name) is \(width)×\(height) points; pages must be from 1 to 14,400 points a side"
        case let .noSuchPage(name, page, pages):
            "\(name) has \(pages) pages; there is no page \(page)"
        case let .badScale(name, scale):
            "\(name) cannot be drawn at scale \(scale)"
        case let .renderTooLarge(name, page, width, height):
            "page \(page) of \(name) would be \(Int(width))×\(Int(height)) pixels at this zoom, more than can be drawn at once"
        case let .renderFailed(name, page, reason):
            "page \(page) of \(name) could not be drawn: \(reason)"
        }
    }
}
