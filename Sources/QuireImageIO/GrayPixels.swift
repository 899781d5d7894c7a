/// Whether RGBA8 pixels are all gray (red = green = blue), so an opaque image of them can be stored as
/// one byte a pixel with nothing lost. Stops at the first colour pixel, so a colour image costs little.
enum GrayPixels {
    /// `height` rows of `width` RGBA8 pixels, `stride` bytes apart from the start of `rows`.
    static func areAllGray(_ rows: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) -> Bool {
        guard width > 0, height > 0, stride >= width * 4, rows.count >= (height - 1) * stride + width * 4,
              let base = rows.baseAddress else { return false }
        for row in 0..<height {
            let start = base + row * stride
            var x = 0
            // Eight bytes (two pixels) at a time: a pixel is gray when its bytes 0, 1 and 2 are equal,
            // that is when (p ^ (p >> 8)) is zero in its low two bytes. Alpha (byte 3) is not looked at.
            while x + 2 <= width {
                let pair = start.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                if (pair ^ (pair >> 8)) & 0x0000_FFFF_0000_FFFF != 0 { return false }
                x += 2
            }
            if x < width {
                let p = start.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                if (p ^ (p >> 8)) & 0xFFFF != 0 { return false }
            }
        }
        return true
    }
}
