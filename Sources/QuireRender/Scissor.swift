import CGL
import QuireGeometry

/// Clipping to a rectangle given y-down, as everything in Quire is; GL's scissor counts rows bottom-up.
enum Scissor {
    /// Clips drawing to the pixels of `rect` (framebuffer pixels, y down) in a framebuffer `height` tall.
    static func set(_ rect: Rect, framebufferHeight height: Int) {
        let x0 = Int(rect.minX.rounded(.down)), y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up)), y1 = Int(rect.maxY.rounded(.up))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(x0), GLint(height - y1), GLsizei(max(0, x1 - x0)), GLsizei(max(0, y1 - y0)))
    }

    static func off() {
        glDisable(GLenum(GL_SCISSOR_TEST))
    }
}
