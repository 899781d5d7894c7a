import Foundation
import QuireImageIO

/// Writes page images so that a reader never sees half a file: PNG to a temporary name beside the
/// target, then an atomic rename.
public enum PageExporter {
    /// Writes `image` at zlib `level` (the fast level unless told; an opaque image as RGB, or gray when
    /// every pixel is).
    public static func write(_ image: RGBAImage, to path: String, level: Int = PNGWriter.fastLevel) throws {
        let temporary = try temporaryPath(for: path)
        do {
            try PNG.write(image, to: temporary, level: level)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        try moveIntoPlace(temporary, path)
    }

    /// The temporary name a file for `path` is written under: beside it, hidden, this process's own.
    /// Throws when the folder does not exist.
    static func temporaryPath(for path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory) else {
            throw PNGError.writeFailed(path: path, reason: "the folder \(directory) does not exist")
        }
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
    }

    /// Renames the finished `temporary` to `path` (removing it if that fails).
    static func moveIntoPlace(_ temporary: String, _ path: String) throws {
        guard rename(temporary, path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(atPath: temporary)
            throw PNGError.fileSystem(path: path, operation: "rename into place", code: code)
        }
    }

    /// `TITLE-yyyyMMdd-HHmmss.pdf` in the current folder, the title's slashes made dashes.
    public static func defaultPDFPath(title: String, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let name = title.replacingOccurrences(of: "/", with: "-").prefix(100)
        return FileManager.default.currentDirectoryPath + "/\(name.isEmpty ? "notebook" : String(name))-\(formatter.string(from: now)).pdf"
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
