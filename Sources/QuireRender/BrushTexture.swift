import CGL
import Foundation

/// A brush's shape as a single-channel coverage texture, mipmapped so small dabs stay smooth.
public final class BrushTexture {
    let id: GLuint
    public let size: Int

    /// `coverage` holds `size × size` bytes, 255 = fully covered.
    public init(size: Int, coverage: [UInt8]) {
        precondition(coverage.count == size * size, "a brush needs size×size coverage bytes")
        self.size = size
        id = coverage.withUnsafeBytes {
            MipmappedTexture.upload($0, width: size, height: size, internalFormat: GL_R8, format: GL_RED)
        }
    }

    deinit {
        var texture = id
        glDeleteTextures(1, &texture)
    }

    /// A round brush: full coverage out to `hardness` of the radius, then a smooth fall to zero at the
    /// rim, so overlapping dabs blend into one even line.
    public static func coverageOfRoundBrush(size: Int, hardness: Double) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size * size)
        let r = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r)).squareRoot() / r
                let t = min(1, max(0, (d - hardness) / max(1e-6, 1 - hardness)))
                let coverage = 1 - t * t * (3 - 2 * t)
                bytes[y * size + x] = UInt8((coverage * 255).rounded())
            }
        }
        return bytes
    }

    public static func softRound(size: Int = 64) -> BrushTexture {
        BrushTexture(size: size, coverage: coverageOfRoundBrush(size: size, hardness: 0.55))
    }
}
