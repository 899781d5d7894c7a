import CGL
import QuireImageIO

/// Reads pixels back from GL into a top-row-first, straight-alpha image.
enum FramebufferReader {
    /// Reads the bound read framebuffer's `width × height` pixels from the lower-left corner.
    static func read(width: Int, height: Int) -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bytes.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        unpremultiply(&bytes)
        return RGBAImage(width: width, height: height, pixels: bytes).flippedVertically()
    }

    /// GL holds premultiplied colour; PNG and people expect straight alpha.
    static func unpremultiply(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { PremultipliedAlpha.unpremultiply($0) }
    }
}
