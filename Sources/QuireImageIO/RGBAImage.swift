/// An image as 8-bit RGBA rows, top row first, straight (not premultiplied) alpha.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "RGBAImage needs width*height*4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        self.width = width
        self.height = height
        var row: [UInt8] = []
        row.reserveCapacity(width * 4)
        for _ in 0..<width { row += [fill.0, fill.1, fill.2, fill.3] }
        pixels = Array([[UInt8]](repeating: row, count: height).joined())
    }

    public struct Pixel: Equatable, Sendable, CustomStringConvertible {
        public var r, g, b, a: UInt8
        public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
        /// Rec. 601 luma, 0…255.
        public var luma: Double { 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b) }
        public var description: String { "rgba(\(r),\(g),\(b),\(a))" }
    }

    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = (y * width + x) * 4
            return Pixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Whether every pixel is fully opaque (an image then needs no alpha channel on disk).
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            var i = 3
            while i < bytes.count {
                if bytes[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// The same image upside down: GL reads rows bottom first, PNG and X write them top first.
    public func flippedVertically() -> RGBAImage {
        let rowBytes = width * 4
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            let src = (height - 1 - y) * rowBytes
            out[y * rowBytes..<(y + 1) * rowBytes] = pixels[src..<src + rowBytes]
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
