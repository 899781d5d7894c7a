/// Reads the headers of PNG and JPEG files: sizes and the EXIF orientation, nothing else. Hand-written
/// rather than through libpng/libjpeg because it runs on untrusted bytes *before* anything is allocated
/// for them. Every read goes through `bytes(at:count:)`, which checks the range first, so no input can
/// make it read outside `data`.
struct ImageHeaderReader {
    let data: [UInt8]

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func info() throws -> ImageInfo {
        if data.starts(with: Self.pngSignature) { return try pngInfo() }
        if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF { return try jpegInfo() }
        // A prefix of a signature is a file cut short, not some other kind of file.
        if !data.isEmpty, Self.pngSignature.starts(with: data) || [0xFF, 0xD8, 0xFF].starts(with: data) {
            throw ImageError.truncated
        }
        throw ImageError.notAnImage
    }

    // MARK: PNG

    /// The IHDR chunk, which the PNG specification requires to come first.
    private func pngInfo() throws -> ImageInfo {
        guard let chunk = bytes(at: 8, count: 8 + 13) else { throw ImageError.truncated }
        guard chunk[4..<8].elementsEqual("IHDR".utf8), bigEndian32(chunk, 0) == 13 else {
            throw ImageError.corrupt(reason: "the PNG does not start with its header chunk (IHDR)")
        }
        let width = bigEndian32(chunk, 8), height = bigEndian32(chunk, 12)
        // The PNG specification limits sides to 2^31 - 1; zero is not a picture.
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw ImageError.corrupt(reason: "the PNG header gives its size as \(width)×\(height) pixels")
        }
        try ImageFile.checkLimits(width: width, height: height)
        return ImageInfo(format: .png, width: width, height: height)
    }

    /// Throws `truncated` unless the PNG's chunks, followed by their lengths, reach the end chunk (IEND).
    /// libpng stops reading once it has the pixels, so without this a file missing its last bytes would
    /// pass; a cut-short file is refused whichever bytes it lost.
    func checkPNGIsComplete() throws {
        var position = 8
        while true {
            guard let header = bytes(at: position, count: 8) else { throw ImageError.truncated }
            let length = bigEndian32(header, 0)
            guard length <= 0x7FFF_FFFF else { throw ImageError.corrupt(reason: "the PNG has a chunk of \(length) bytes") }
            // The chunk's data and its 4-byte CRC must be there.
            guard length + 4 <= data.count - (position + 8) else { throw ImageError.truncated }
            if header[4..<8].elementsEqual("IEND".utf8) { return }
            position += 8 + length + 4
        }
    }

    // MARK: JPEG

    /// Walks the marker segments up to the first frame header (SOF), noting an EXIF orientation on the way.
    private func jpegInfo() throws -> ImageInfo {
        var orientation = ExifOrientation.upright
        var sawExif = false
        var position = 2
        while true {
            // Any number of 0xFF fill bytes may come before a marker code.
            guard let first = byte(at: position) else { throw ImageError.truncated }
            guard first == 0xFF else {
                throw ImageError.corrupt(reason: "the JPEG has stray data where a marker should be (byte \(position))")
            }
            var codePosition = position + 1
            while byte(at: codePosition) == 0xFF { codePosition += 1 }
            guard let code = byte(at: codePosition) else { throw ImageError.truncated }
            position = codePosition + 1
            switch code {
            case 0x01, 0xD0...0xD7:
                continue  // markers without a segment
            case 0xD8, 0xD9, 0xDA:
                // A second start, the end, or the scan data before any frame header.
                throw ImageError.corrupt(reason: "the JPEG has no frame header before its image data")
            default:
                break
            }
            guard let lengthBytes = bytes(at: position, count: 2) else { throw ImageError.truncated }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])  // counts itself, not the marker
            guard length >= 2 else { throw ImageError.corrupt(reason: "the JPEG has a segment of length \(length)") }
            guard let segment = bytes(at: position + 2, count: length - 2) else { throw ImageError.truncated }
            position += length
            switch code {
            case 0xE1 where !sawExif && segment.starts(with: Array("Exif\0\0".utf8)):
                sawExif = true
                orientation = ExifOrientationReader(tiff: Array(segment.dropFirst(6))).orientation()
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(code):  // DHT, JPG and DAC share the range
                return try frameInfo(code: code, segment: segment, orientation: orientation)
            default:
                continue
            }
        }
    }

    private func frameInfo(code: UInt8, segment s: [UInt8], orientation: ExifOrientation) throws -> ImageInfo {
        guard s.count >= 6 else { throw ImageError.corrupt(reason: "the JPEG frame header is too short") }
        let precision = Int(s[0]), height = Int(s[1]) << 8 | Int(s[2]), width = Int(s[3]) << 8 | Int(s[4])
        let components = Int(s[5])
        if [0xC3, 0xC7, 0xCB, 0xCF].contains(code) {
            throw ImageError.unsupported(reason: "lossless JPEG (frame type 0x\(String(code, radix: 16, uppercase: true)))")
        }
        guard precision == 8 else { throw ImageError.unsupported(reason: "\(precision)-bit JPEG (only 8-bit is read)") }
        guard height > 0 else {
            // A height of 0 means "given after the first scan" (a DNL marker), which libjpeg does not read.
            throw ImageError.unsupported(reason: "a JPEG whose height comes after its image data (DNL)")
        }
        guard width > 0 else { throw ImageError.corrupt(reason: "the JPEG frame header gives a width of 0") }
        guard [1, 3, 4].contains(components) else {
            throw ImageError.unsupported(reason: "a JPEG with \(components) colour components")
        }
        try ImageFile.checkLimits(width: width, height: height)
        return ImageInfo(format: .jpeg, width: width, height: height, orientation: orientation)
    }

    // MARK: Bounds-checked access

    private func byte(at index: Int) -> UInt8? {
        index >= 0 && index < data.count ? data[index] : nil
    }

    /// A copy, indexed from 0, of `count` bytes from `index`; nil when they are not all there.
    private func bytes(at index: Int, count: Int) -> [UInt8]? {
        guard index >= 0, count >= 0, index <= data.count, count <= data.count - index else { return nil }
        return Array(data[index..<index + count])
    }

    private func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
