import CJPEG
import Foundation

/// JPEG through libjpeg(-turbo). libjpeg's error handling stays in the C shim (setjmp/longjmp), so a bad
/// file is a thrown `ImageError`, never an exit. Read pictures through `ImageFile`, which checks the
/// header first; `decode` here trusts that it has.
public enum JPEG {
    /// `image` as a baseline JPEG; alpha is dropped (JPEG has none). `quality` is libjpeg's 1…100 scale,
    /// clamped into it.
    public static func encode(_ image: RGBAImage, quality: Int = 90) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, components: 4, quality: quality)
    }

    /// One byte a pixel, for tests of grey JPEGs.
    static func encode(grey pixels: [UInt8], width: Int, height: Int, quality: Int = 90) throws -> [UInt8] {
        try encode(pixels: pixels, width: width, height: height, components: 1, quality: quality)
    }

    /// Four ink bytes a pixel (0 = no ink), written as Photoshop does, for tests of CMYK JPEGs.
    static func encode(cmyk pixels: [UInt8], width: Int, height: Int, quality: Int = 90) throws -> [UInt8] {
        try encode(pixels: pixels.map { 255 - $0 }, width: width, height: height, components: -4, quality: quality)
    }

    /// JPEG stores sides in 16 bits, and libjpeg refuses more than this.
    static let maximumEncodedSide = 65_500

    private static func encode(pixels: [UInt8], width: Int, height: Int, components: Int32, quality: Int) throws -> [UInt8] {
        guard (1...maximumEncodedSide).contains(width), (1...maximumEncodedSide).contains(height) else {
            throw ImageError.unsupported(reason: "a JPEG of \(width)×\(height) pixels (sides must be 1 to \(maximumEncodedSide))")
        }
        let bytesPerPixel = Int(abs(components))
        guard pixels.count == width * height * bytesPerPixel else {
            throw ImageError.unsupported(reason: "\(pixels.count) bytes for \(width)×\(height) pixels of \(bytesPerPixel) bytes")
        }
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let result = pixels.withUnsafeBufferPointer { bytes in
            quire_jpeg_encode(bytes.baseAddress, Int32(width), Int32(height), width * bytesPerPixel, components,
                              Int32(min(max(quality, 1), 100)), &out, &size, &message, message.count)
        }
        guard result == Int32(QUIRE_JPEG_OK), let out else {
            throw ImageError.unsupported(reason: "libjpeg could not encode it: \(text(message))")
        }
        defer { free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// The stored pixels of `data`, shrunk by libjpeg's DCT scaling (n/8) as far as it can go while each
    /// side stays at least `atLeast`. Scaling inside the inverse DCT skips most of the decoding work: a
    /// 12 MP photo wanted at 1024 pixels decodes at 1/2 or 3/8 size, several times faster than in full.
    static func decode(_ data: [UInt8], info: ImageInfo, atLeast: (width: Int, height: Int)) throws -> RGBAImage {
        let numerator = (1...8).first { n in
            scaled(info.width, n) >= atLeast.width && scaled(info.height, n) >= atLeast.height
        } ?? 8
        let decoder = UnsafeMutablePointer<quire_jpeg_decoder>.allocate(capacity: 1)
        defer { decoder.deallocate() }
        var storedWidth: Int32 = 0, storedHeight: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        return try data.withUnsafeBufferPointer { bytes in
            try check(quire_jpeg_begin(decoder, bytes.baseAddress, bytes.count, Int32(numerator),
                                       &storedWidth, &storedHeight, &width, &height), decoder)
            // libjpeg read the same header the probe did; should they ever disagree, trust neither.
            guard Int(storedWidth) == info.width, Int(storedHeight) == info.height,
                  (1...info.width).contains(Int(width)), (1...info.height).contains(Int(height)) else {
                quire_jpeg_abandon(decoder)
                throw ImageError.corrupt(reason: "libjpeg read a size of \(storedWidth)×\(storedHeight) pixels, "
                    + "the header says \(info.width)×\(info.height)")
            }
            let rowBytes = Int(width) * 4
            // Left uninitialised: libjpeg writes every byte of every row (alpha too) or the decode fails,
            // and a damaged file claiming a large size then costs no time filling memory it never uses.
            var result: Int32 = 0
            var pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * Int(height)) { out, count in
                result = quire_jpeg_finish(decoder, out.baseAddress, rowBytes)
                count = out.count
            }
            try check(result, decoder)
            if decoder.pointee.cmyk != 0 {
                convertCMYKToRGBA(&pixels, inverted: decoder.pointee.inverted_cmyk != 0)
            }
            return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
        }
    }

    /// libjpeg's own output size for a side scaled by n/8: rounded up.
    private static func scaled(_ side: Int, _ numerator: Int) -> Int { (side * numerator + 7) / 8 }

    /// Naive ink-to-light conversion (no colour profile): each ink darkens its colour, black all three.
    private static func convertCMYKToRGBA(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                // Inverted (Photoshop) data holds 255 - ink, which is how much light each channel lets through.
                let c = Int(inverted ? p[i] : 255 - p[i]), m = Int(inverted ? p[i + 1] : 255 - p[i + 1])
                let y = Int(inverted ? p[i + 2] : 255 - p[i + 2]), k = Int(inverted ? p[i + 3] : 255 - p[i + 3])
                p[i] = UInt8((c * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((y * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    private static func check(_ result: Int32, _ decoder: UnsafeMutablePointer<quire_jpeg_decoder>) throws {
        guard result != Int32(QUIRE_JPEG_OK) else { return }
        let message = withUnsafeBytes(of: decoder.pointee.errors.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch result {
        case Int32(QUIRE_JPEG_TRUNCATED): throw ImageError.truncated
        case Int32(QUIRE_JPEG_UNSUPPORTED): throw ImageError.unsupported(reason: message)
        case Int32(QUIRE_JPEG_OUT_OF_MEMORY): throw ImageError.unsupported(reason: "there is not enough memory to decode it")
        default: throw ImageError.corrupt(reason: "the JPEG data is damaged (libjpeg: \(message))")
        }
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
