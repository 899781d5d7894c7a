import CGL
import QuireGeometry

/// Clipping to a rectangle given y-down, as everything in Quire is; GL's scissor counts rows bottom-up.
enum Scissor {
    /// Clips drawing to the pixels of `rect` (framebuffer pixels, y down) in a framebuffer `height` tall.
    /// A null or non-finite rect clips everything away (never a trap on a rect from broken input).
    static func set(_ rect: Rect, framebufferHeight height: Int) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
              abs(rect.minX) < 1e9, abs(rect.minY) < 1e9, abs(rect.maxX) < 1e9, abs(rect.maxY) < 1e9 else {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(0, 0, 0, 0)
            return
        }
        let x0 = Int(rect.minX.rounded(.down)), y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up)), y1 = Int(rect.maxY.rounded(.up))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(x0), GLint(height - y1), GLsizei(max(0, x1 - x0)), GLsizei(max(0, y1 - y0)))
    }

    /// The scissor box in force (framebuffer pixels, y down), or nil when scissoring is off: what a
    /// scratch layer drawn in the middle of a redraw must stay within, and put back afterwards.
    static func current(framebufferHeight height: Int) -> Rect? {
        guard glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE) else { return nil }
        var box: [GLint] = [0, 0, 0, 0]
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &box)
        return Rect(x: Double(box[0]), y: Double(height - Int(box[1]) - Int(box[3])),
                    width: Double(box[2]), height: Double(box[3]))
    }

    /// Puts back what `current` returned.
    static func restore(_ rect: Rect?, framebufferHeight height: Int) {
        if let rect { set(rect, framebufferHeight: height) } else { off() }
    }

    static func off() {
        glDisable(GLenum(GL_SCISSOR_TEST))
    }
}
