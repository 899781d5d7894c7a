import CPNG
import Foundation

/// PNG through libpng. libpng's error handling stays in the C shim, so a bad file or a failed write is a
/// thrown `PNGError`, never an abort.
public enum PNG {
    public enum Speed: Sendable {
        /// libpng's default compression.
        case small
        /// Faster encoding, larger files: for thumbnails and screenshots taken while drawing.
        case fast
    }

    public static func write(_ image: RGBAImage, to path: String, speed: Speed = .small) throws {
        var message = [CChar](repeating: 0, count: 256)
        errno = 0
        let ok = image.pixels.withUnsafeBytes { bytes in
            quire_png_write_rgba_file(path, bytes.baseAddress, Int32(image.width), Int32(image.height),
                                      Int32(image.width * 4), speed == .fast ? 1 : 0, &message, message.count)
        }
        if ok == 0 {
            let reason = decode(message)
            if let system = PNGError.fileSystem(path: path, operation: "open", errno: errno, libpngSaid: reason) { throw system }
            throw PNGError.writeFailed(path: path, reason: reason)
        }
    }

    public static func encode(_ image: RGBAImage, speed: Speed = .small) throws -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutableRawPointer?
        var size = 0
        let ok = image.pixels.withUnsafeBytes { bytes in
            quire_png_write_rgba_memory(bytes.baseAddress, Int32(image.width), Int32(image.height),
                                        Int32(image.width * 4), speed == .fast ? 1 : 0, &out, &size,
                                        &message, message.count)
        }
        guard ok != 0, let out else { throw PNGError.writeFailed(path: nil, reason: decode(message)) }
        defer { free(out) }
        return [UInt8](UnsafeRawBufferPointer(start: out, count: size))
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

    private static func decode(_ message: [CChar]) -> String {
        let end = message.firstIndex(of: 0) ?? message.count
        return String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
