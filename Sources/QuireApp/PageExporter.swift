import Foundation
import QuireImageIO

/// Writes page images so that a reader never sees half a file: PNG to a temporary name beside the
/// target, then an atomic rename.
public enum PageExporter {
    public static func write(_ image: RGBAImage, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory) else {
            throw PNGError.writeFailed(path: path, reason: "the folder \(directory) does not exist")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        do {
            try PNG.write(image, to: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(atPath: temporary)
            throw PNGError.fileSystem(path: path, operation: "rename into place", code: code)
        }
    }

    /// `quire-page-YYYYMMDD-HHMMSS.png` in the current folder: where the export key writes when no
    /// path was given.
    public static func defaultPath(now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return FileManager.default.currentDirectoryPath + "/quire-page-\(formatter.string(from: now)).png"
    }
}
