@testable import QuireImageIO

/// Pictures made in code for the image tests, and the byte surgery the tests do on them.
enum ImageFixtures {
    static let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255)
    static let blue = RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255)
    static let white = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)

    /// `width`×`height`, the left half red and the right half blue.
    static func halves(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 255, 255))
        for y in 0..<height {
            for x in 0..<width / 2 { image[x, y] = red }
        }
        return image
    }

    /// White, with a red `mark`-pixel square in the top-left corner and a blue one in the top-right.
    static func markedCorners(width: Int, height: Int, mark: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (255, 255, 255, 255))
        for y in 0..<mark {
            for x in 0..<mark {
                image[x, y] = red
                image[width - 1 - x, y] = blue
            }
        }
        return image
    }

    /// `jpeg` with an APP1 Exif segment right after its start marker, whose TIFF structure (in the given
    /// byte order) holds an unrelated tag and then the orientation tag.
    static func withExif(_ jpeg: [UInt8], orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] {
            littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF)
        }
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        tiff += u16(2)  // entries in IFD0
        tiff += u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)  // Make, ASCII, stored inline
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]  // Orientation, SHORT
        tiff += u32(0)  // no next IFD
        return withAPP1(jpeg, payload: Array("Exif\0\0".utf8) + tiff)
    }

    static func withAPP1(_ jpeg: [UInt8], payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    /// `jpeg` with its frame header (SOF0) claiming `width`×`height`.
    static func jpeg(_ jpeg: [UInt8], claiming width: Int, _ height: Int) -> [UInt8] {
        var bytes = jpeg
        let sof = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return bytes
    }

    /// `png` with its IHDR claiming `width`×`height`, and the chunk's CRC fixed so libpng believes it.
    static func png(_ png: [UInt8], claiming width: Int, _ height: Int) -> [UInt8] {
        var bytes = png
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { bytes[offset + k] = UInt8((value >> (24 - 8 * k)) & 0xFF) }
        }
        let crc = crc32(Array(bytes[12..<29]))  // chunk type and data
        for k in 0..<4 { bytes[29 + k] = UInt8((crc >> (24 - 8 * k)) & 0xFF) }
        return bytes
    }

    /// A `width`×`height` PNG of 16-bit samples, every sample `value`, of PNG colour type `colorType` (0
    /// grey, 2 RGB, 4 grey and alpha, 6 RGBA; alpha is opaque), with `ancillary` chunks (type, data)
    /// before its pixels. The pixels go in one stored (uncompressed) deflate block.
    static func png16(width: Int, height: Int, colorType: UInt8, value: UInt16, ancillary: [(String, [UInt8])] = []) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (24 - 8 * $0)) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return u32(data.count) + body + u32(Int(crc32(body)))
        }
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colorType)]!
        let hasAlpha = colorType == 4 || colorType == 6
        var pixel: [UInt8] = []
        for channel in 0..<channels {
            let sample = hasAlpha && channel == channels - 1 ? UInt16.max : value
            pixel += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
        }
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + Array((0..<width).map { _ in pixel }.joined()) }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        precondition(raw.count < 65536, "one stored block")
        let length = raw.count
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            + raw + u32(Int(b << 16 | a))
        let header = u32(width) + u32(height) + [16, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + ancillary.flatMap { chunk($0.0, $0.1) } + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The largest difference in any channel between two pixels.
    static func distance(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
    }
}

/// SplitMix64: a seeded generator, so a failing mutation case can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
