import Foundation

/// Why a notebook file could not be opened or changed. Each message names the file and says what to do.
public enum NotebookFileError: Error, Equatable, CustomStringConvertible {
    /// Not SQLite at all, or SQLite of another program.
    case notANotebook(path: String, reason: String)
    /// A Quire notebook whose contents are damaged (truncated, overwritten).
    case corrupt(path: String, reason: String)
    case notFound(path: String)
    /// A change was asked of a notebook opened read-only.
    case readOnly(path: String, reason: String)
    case noSuchPage(path: String, page: String)
    case writeFailed(path: String, reason: String)
    /// Reading the file failed (an I/O error, a lock held too long) without it being found damaged.
    case readFailed(path: String, reason: String)
    /// An edit that does not fit the page as stored (an id not where the edit says): nothing was changed.
    case editRefused(path: String, page: String, reason: String)
    /// An item names image or PDF bytes the notebook does not hold.
    case missingBlob(path: String, blob: String, page: String?)
    /// Image or PDF bytes above `NotebookStore.maximumBlobSize`.
    case blobTooLarge(path: String, size: Int, limit: Int)
    /// A file-system call on the notebook failed: `operation` says what was being done, `code` why.
    case fileSystem(path: String, operation: String, code: POSIXErrorCode)
    /// Another program replaced or changed the file while this process had it open: nothing more is
    /// written to it (`NotebookStore.externalChange`).
    case changedOnDisk(path: String, change: ExternalFileChange)

    public var description: String {
        switch self {
        case let .notANotebook(path, reason):
            "\(path) is not a Quire notebook (\(reason)); it was left untouched. Open a .quire file, or check the path."
        case let .corrupt(path, reason):
            "\(path) is damaged (\(reason)); it was left untouched. Restore it from a backup or from the trash folder, or delete it."
        case let .notFound(path):
            "there is no notebook at \(path); `quire list` shows the notebooks in the library."
        case let .readOnly(path, reason):
            "\(path) is open read-only (\(reason)); nothing was changed."
        case let .noSuchPage(path, page):
            "\(path) has no page \(page); `quire info` lists its pages."
        case let .writeFailed(path, reason):
            "could not save to \(path): \(reason)."
        case let .readFailed(path, reason):
            "could not read \(path): \(reason); it was left untouched."
        case let .editRefused(path, page, reason):
            "a change to page \(page) of \(path) was refused: \(reason); nothing was changed."
        case let .missingBlob(path, blob, page):
            "\(path) is damaged: \(page.map { "page \($0) shows" } ?? "asked for") image or PDF data \(blob), which it does not hold; "
                + "it was left untouched."
        case let .blobTooLarge(path, size, limit):
            "could not save to \(path): an image or PDF of \(size) bytes is larger than the \(limit) bytes a notebook takes."
        case let .fileSystem(path, operation, code):
            "could not \(operation) \(path): \(String(cString: strerror(code.rawValue)))."
        case let .changedOnDisk(path, change):
            "\(path) \(change) while it was open here; nothing more is saved over it."
        }
    }

    /// The error a failed call left in `errno` (EIO when it left none).
    static func fileSystem(path: String, operation: String, errno value: Int32) -> NotebookFileError {
        .fileSystem(path: path, operation: operation, code: POSIXErrorCode(rawValue: value) ?? .EIO)
    }
}
