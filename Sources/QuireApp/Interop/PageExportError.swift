import QuirePDF
import QuireStorage

/// A page that could not be read or written ends an export: the message says which page of the
/// notebook it was (whichever pages were asked for, and whichever format), then why.
public struct PageExportError: Error, CustomStringConvertible {
    /// The page's 1-based number in the notebook.
    public let page: Int
    public let reason: any Error

    public var description: String { "page \(page) could not be exported: \(FileSystemReason.text(for: reason))" }

    /// Runs `body` for page `page`, any error it throws becoming one naming the page, unless it names it
    /// already or is one the export answers itself (qpdf refusing the original pages: it redraws them).
    static func naming<T>(page: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            switch error {
            case is PageExportError, VectorExportError.badPageSize, VectorExportError.cannotKeepOriginals: throw error
            default: throw PageExportError(page: page, reason: error)
            }
        }
    }
}
