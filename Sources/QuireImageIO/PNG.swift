import CPNG
import Foundation

/// PNG through libpng. libpng's error handling stays in the C shim, so a bad file or a failed write is a
/// thrown `PNGError`, never an abort.
public enum PNG {
    public enum Speed: Sendable {
        /// libpng's default compression (level 6, adaptive filters).
        case small
        /// Faster encoding, slightly larger files: exports, thumbnails and screenshots taken while drawing.
        case fast

        var level: Int { self == .small ? PNGWriter.defaultLibpngLevel : PNGWriter.fastLevel }
    }

    /// Writes `image` in one pass (`PNGWriter`); an image with no transparent pixel is written as RGB, or
    /// as gray when every pixel is gray.
    public static func write(_ image: RGBAImage, to path: String, speed: Speed = .small) throws {
        try write(image, to: path, level: speed.level)
    }

    /// `write` at zlib `level` (0–9).
    public static func write(_ image: RGBAImage, to path: String, level: Int) throws {
        let opaque = image.isOpaque
        let writer = try PNGWriter(path: path, width: image.width, height: image.height,
                                   channels: opaque ? .rgb : .rgba, level: level, grayWhenPossible: opaque)
        try writer.write(image)
        try writer.finish()
    }

    /// The PNG's bytes, compressed once (no size query first); an opaque image is encoded as RGB, or as
    /// gray when every pixel is gray.
    public static func encode(_ image: RGBAImage, speed: Speed = .small) throws -> [UInt8] {
        let opaque = image.isOpaque
        let writer = try PNGWriter(path: nil, width: image.width, height: image.height,
                                   channels: opaque ? .rgb : .rgba, level: speed.level, grayWhenPossible: opaque)
        try writer.write(image)
        return try writer.finish()
    }

    /// Pictures over `ImageFile.maximumSide` / `maximumPixels` are refused from their header (`readFailed`).
    public static func read(from path: String) throws -> RGBAImage {
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutableRawPointer?
        var width: Int32 = 0, height: Int32 = 0
        errno = 0
        let ok = quire_png_read_rgba_file(path, &out, &width, &height, ImageFile.maximumSide, ImageFile.maximumPixels,
                                          &message, message.count)
        guard ok != 0, let out else {
            let reason = decode(message)
            if let system = PNGError.fileSystem(path: path, operation: "open", errno: errno, libpngSaid: reason) { throw system }
            throw PNGError.readFailed(path: path, reason: reason)
        }
        return adopt(out, width: Int(width), height: Int(height))
    }

    public static func decode(_ data: [UInt8]) throws -> RGBAImage {
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutableRawPointer?
        var width: Int32 = 0, height: Int32 = 0
        let ok = data.withUnsafeBytes { bytes in
            quire_png_read_rgba_memory(bytes.baseAddress, bytes.count, &out, &width, &height, ImageFile.maximumSide,
                                       ImageFile.maximumPixels, &message, message.count)
        }
        guard ok != 0, let out else { throw PNGError.readFailed(path: nil, reason: decode(message)) }
        return adopt(out, width: Int(width), height: Int(height))
    }

    private static func adopt(_ buffer: UnsafeMutableRawPointer, width: Int, height: Int) -> RGBAImage {
        defer { free(buffer) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: width * height * 4))
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    private static func decode(_ message: [CChar]) -> String { PNGWriter.text(message) }
}
