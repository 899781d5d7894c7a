/// Finds the orientation tag (0x0112) in the first image directory (IFD0) of an EXIF block's TIFF
/// structure, in either byte order. Small on purpose: this one tag is all Quire reads from EXIF.
///
/// Damaged EXIF is common (editors rewrite it carelessly) and says nothing about the pixels, so anything
/// unexpected here means "upright" rather than an error; the picture still opens. Every read is checked
/// against the block's length first.
struct ExifOrientationReader {
    /// The bytes after "Exif\0\0": a TIFF header, then offsets relative to its first byte.
    let tiff: [UInt8]

    private static let orientationTag = 0x0112
    private static let shortType = 3

    func orientation() -> ExifOrientation {
        guard tiff.count >= 8 else { return .upright }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true   // "II", Intel
        case (0x4D, 0x4D): littleEndian = false  // "MM", Motorola
        default: return .upright
        }
        guard let magic = uint16(at: 2, littleEndian), magic == 42,
              let directory = uint32(at: 4, littleEndian),
              let entryCount = uint16(at: directory, littleEndian) else { return .upright }
        for entry in 0..<entryCount {
            let at = directory + 2 + entry * 12
            guard let tag = uint16(at: at, littleEndian) else { return .upright }
            guard tag == Self.orientationTag else { continue }
            guard uint16(at: at + 2, littleEndian) == Self.shortType, uint32(at: at + 4, littleEndian) == 1,
                  let value = uint16(at: at + 8, littleEndian) else { return .upright }
            return ExifOrientation(rawValue: value) ?? .upright
        }
        return .upright
    }

    private func uint16(at offset: Int, _ littleEndian: Bool) -> Int? {
        guard offset >= 0, offset <= tiff.count - 2 else { return nil }
        let a = Int(tiff[offset]), b = Int(tiff[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    private func uint32(at offset: Int, _ littleEndian: Bool) -> Int? {
        guard let first = uint16(at: offset, littleEndian), let second = uint16(at: offset + 2, littleEndian) else {
            return nil
        }
        return littleEndian ? first | second << 16 : first << 16 | second
    }
}
