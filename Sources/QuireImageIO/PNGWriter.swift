import CPNG
import Foundation

/// A PNG written in one pass, rows as they come: to a file, or to memory. Rows are always handed over
/// as RGBA8; an `.rgb` image drops the alpha byte inside libpng (no converted copy), so an opaque page
/// costs three bytes a pixel to compress, not four, and a `.gray` one keeps one byte a pixel. An opaque
/// image can be stored gray when it turns out to be (`grayWhenPossible`): black or grey ink on white
/// paper, the usual notebook page, is then a third of the bytes to compress and to store. Rows may come
/// bottom-up (GL's order) without being flipped first, and in any number of calls (an export in tiles
/// hands over a band of rows at a time).
/// Not thread-safe; one writer is used by one thread at a time.
public final class PNGWriter {
    public enum Channels: Int, Sendable {
        /// One byte a pixel, the rows' red byte: for an opaque image whose every pixel has r = g = b.
        case gray = 1
        case rgb = 3
        case rgba = 4
    }

    /// zlib's levels 0 (stored) to 9 (smallest, slowest).
    public static let compressionLevels = 0...9
    /// The level exports and thumbnails use unless told otherwise, unfiltered. Measured on 300-dpi page
    /// images: as fast as level 1 and half its size on sparse ink; 1.5–2× the size of libpng's default
    /// (level 6, adaptive filters) in a third to a quarter of the time.
    public static let fastLevel = 2
    /// libpng's own default, for callers that want smaller files over speed.
    public static let defaultLibpngLevel = 6

    public let width: Int
    public let height: Int
    /// What the image is stored as; with `grayWhenPossible`, known once the first rows are written.
    public private(set) var channels: Channels
    /// The header waits for the first rows, to see whether an `.rgb` image is gray.
    private var grayWhenPossible: Bool
    private let path: String?
    private var writer: UnsafeMutablePointer<quire_png_writer>?
    public private(set) var rowsWritten = 0

    /// Starts a PNG at `path` (nil: in memory, see `finish`). Sizes must be 1…`ImageFile.maximumSide`
    /// a side; the level one of `compressionLevels`. `grayWhenPossible` (for `.rgb`, an opaque image):
    /// when the first `write` hands over the whole image and every pixel in it is gray, the image is
    /// stored `.gray`, which has the same pixels; otherwise `.rgb` as asked. The pixels must be seen
    /// before the header is written, so an image written a band at a time stays RGB.
    /// `blueFirst`: every pixel handed over is B, G, R, A rather than R, G, B, A (straight alpha either
    /// way): cairo's image surfaces on a little-endian machine, once unpremultiplied, written as they lie.
    public init(path: String?, width: Int, height: Int, channels: Channels, level: Int = fastLevel,
                grayWhenPossible: Bool = false, blueFirst: Bool = false) throws {
        guard (1...Int(Int32.max / 4)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw PNGError.writeFailed(path: path, reason: "a \(width)×\(height) image cannot be written")
        }
        guard Self.compressionLevels.contains(level) else {
            throw PNGError.writeFailed(path: path, reason: "compression level \(level) is not one of 0 to 9")
        }
        guard !grayWhenPossible || channels == .rgb else {
            throw PNGError.writeFailed(path: path, reason: "only an RGB image can be stored gray when it is")
        }
        self.width = width
        self.height = height
        self.channels = channels
        self.grayWhenPossible = grayWhenPossible
        self.path = path
        var message = [CChar](repeating: 0, count: 256)
        errno = 0
        // 0 channels: the header waits for the first rows.
        writer = quire_png_writer_begin(path, Int32(width), Int32(height), grayWhenPossible ? 0 : Int32(channels.rawValue),
                                        Int32(level), &message, message.count)
        guard writer != nil else {
            let reason = Self.text(message)
            if let path, let system = PNGError.fileSystem(path: path, operation: "open", errno: errno, libpngSaid: reason) {
                throw system
            }
            throw PNGError.writeFailed(path: path, reason: reason)
        }
        if blueFirst { quire_png_writer_blue_first(writer) }
    }

    deinit { quire_png_writer_free(writer) }

    /// Writes `count` rows of straight-alpha RGBA8 pixels, `stride` bytes apart from `rows`' start;
    /// `bottomUp`: the last row in memory is the first of the image (as GL reads them).
    public func write(rows: UnsafeRawBufferPointer, count: Int, stride: Int, bottomUp: Bool = false) throws {
        guard let writer else { throw PNGError.writeFailed(path: path, reason: "the image was already finished") }
        guard count >= 0, count <= height - rowsWritten, stride >= width * 4,
              count == 0 || rows.count >= (count - 1) * stride + width * 4, let base = rows.baseAddress else {
            if count == 0 { return }
            throw PNGError.writeFailed(path: path, reason: "\(count) rows of \(stride) bytes do not fit a \(width)×\(height) image "
                                       + "with \(height - rowsWritten) rows left, from \(rows.count) bytes")
        }
        var message = [CChar](repeating: 0, count: 256)
        if grayWhenPossible, count > 0 {
            grayWhenPossible = false
            let rows = UnsafeRawBufferPointer(start: base, count: (count - 1) * stride + width * 4)
            if count == height, GrayPixels.areAllGray(rows, width: width, height: count, stride: stride) { channels = .gray }
            guard quire_png_writer_header(writer, Int32(channels.rawValue), &message, message.count) != 0 else {
                throw PNGError.writeFailed(path: path, reason: Self.text(message))
            }
        }
        guard quire_png_writer_rows(writer, base, Int32(count), stride, bottomUp ? 1 : 0, &message, message.count) != 0 else {
            throw PNGError.writeFailed(path: path, reason: Self.text(message))
        }
        rowsWritten += count
    }

    /// Writes a whole image's rows (top row first).
    public func write(_ image: RGBAImage) throws {
        try image.pixels.withUnsafeBytes { try write(rows: $0, count: image.height, stride: image.width * 4) }
    }

    /// Ends the image, closing the file; for a memory writer returns the PNG's bytes (a file writer
    /// returns none). Every row must have been written.
    @discardableResult
    public func finish() throws -> [UInt8] {
        guard let writer else { throw PNGError.writeFailed(path: path, reason: "the image was already finished") }
        self.writer = nil
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutableRawPointer?
        var size = 0
        errno = 0
        guard quire_png_writer_finish(writer, &out, &size, &message, message.count) != 0 else {
            let reason = Self.text(message)
            if let path, let system = PNGError.fileSystem(path: path, operation: "write", errno: errno, libpngSaid: reason) {
                throw system
            }
            throw PNGError.writeFailed(path: path, reason: reason)
        }
        guard let out else { return [] }
        defer { free(out) }
        return [UInt8](UnsafeRawBufferPointer(start: out, count: size))
    }

    static func text(_ message: [CChar]) -> String {
        let end = message.firstIndex(of: 0) ?? message.count
        return String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
