/// Why a file (a picture, a PDF) could not be imported: the file, and what is wrong with it. Nothing of
/// an import that meets one is added to the notebook.
public struct ImportError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot import \(path): \(reason)" }
}
