import Foundation
import QuireImageIO

/// A camera-like picture: smooth gradients and shapes with sensor-like grain, so JPEG has the work a
/// real photo gives it (a flat fill compresses to nothing).
enum BenchmarkPhoto {
    static func make(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt32 = 12345
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let fy = Double(y) / Double(height)
                for x in 0..<width {
                    let fx = Double(x) / Double(width)
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let grain = Double(Int(state >> 27) - 16) * 0.6
                    let ring = sin(((fx - 0.4) * (fx - 0.4) + (fy - 0.5) * (fy - 0.5)) * 90)
                    let i = (y * width + x) * 4
                    p[i] = UInt8(clamping: Int(90 + 110 * fx + 30 * ring + grain))
                    p[i + 1] = UInt8(clamping: Int(150 - 60 * fy + 25 * sin(fx * 23) + grain))
                    p[i + 2] = UInt8(clamping: Int(60 + 140 * fy * (1 - fx) + 20 * ring + grain))
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `count` 4000×3000 photos (12 MP) written as JPEGs (quality 90) into `folder` as p0.jpg, p1.jpg, …,
    /// each with a corner block of its own, so no two are the same bytes and none is stored once for two.
    static func distinctJPEGs(count: Int, in folder: String) throws -> [String] {
        var photo = make(width: 4000, height: 3000)
        return try (0..<count).map { i in
            for y in 0..<64 { for x in 0..<64 { photo[x, y] = .init(r: UInt8(i % 256), g: UInt8(255 - i % 256), b: UInt8(i * 2 % 256), a: 255) } }
            let path = folder + "/p\(i).jpg"
            FileManager.default.createFile(atPath: path, contents: Data(try JPEG.encode(photo, quality: 90)))
            return path
        }
    }
}
