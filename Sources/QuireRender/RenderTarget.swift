import CGL
import QuireImageIO
import QuireInk

/// An offscreen framebuffer with one premultiplied RGBA8 colour texture, and a depth-stencil buffer once
/// something is clipped in it (the stencil holds clip paths while they are drawn; see `StencilClip`): the
/// page's layers, and the target of page exports. Pixel rows run bottom-up, as everywhere in GL.
/// The stencil comes only when first wanted: at 4 bytes a pixel for every layer it would cost a page of
/// plain ink a tenth of the program's memory for nothing.
public final class RenderTarget {
    let framebuffer: GLuint
    let texture: GLuint
    private var depthStencil: GLuint = 0
    public let width: Int
    public let height: Int

    /// How many targets were ever made: a benchmark checks that frames after warm-up make none.
    /// Only touched on the GL thread.
    nonisolated(unsafe) public private(set) static var created = 0

    public init(width: Int, height: Int) throws {
        Self.created += 1
        self.width = width
        self.height = height
        var tex: GLuint = 0
        glGenTextures(1, &tex)
        texture = tex
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        var fbo: GLuint = 0
        glGenFramebuffers(1, &fbo)
        framebuffer = fbo
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            var f = framebuffer, t = texture
            glDeleteFramebuffers(1, &f)
            glDeleteTextures(1, &t)
            throw RenderError.framebufferIncomplete(status: status)
        }
        clear()
    }

    deinit {
        var f = framebuffer, t = texture, d = depthStencil
        glDeleteFramebuffers(1, &f)
        glDeleteTextures(1, &t)
        if d != 0 { glDeleteRenderbuffers(1, &d) }
    }

    /// GPU bytes: the colour texture, and the depth-stencil buffer once attached.
    public var bytes: Int { width * height * 4 * (depthStencil == 0 ? 1 : 2) }

    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    /// Binds the target with a stencil buffer, attaching a cleared one the first time. False (and no
    /// stencil) when the driver will not complete the framebuffer with one: a clip then draws nothing.
    @discardableResult
    func bindWithStencil() -> Bool {
        bind()
        guard depthStencil == 0 else { return true }
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), renderbuffer)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), 0)
            glDeleteRenderbuffers(1, &renderbuffer)
            return false
        }
        depthStencil = renderbuffer
        Self.stencilsAttached += 1
        clearStencil()
        return true
    }

    /// How many stencil buffers were ever attached: a test checks that plain ink never asks for one.
    /// Only touched on the GL thread.
    nonisolated(unsafe) public private(set) static var stencilsAttached = 0

    private func clearStencil() {
        glStencilMask(0xff)
        glClearStencil(0)
        // Depth too, though nothing uses it: clearing the whole packed depth-stencil word is a plain
        // fill, where clearing only its stencil byte means reading and masking every pixel.
        glClearDepth(1)
        glClear(GLbitfield(GL_DEPTH_BUFFER_BIT) | GLbitfield(GL_STENCIL_BUFFER_BIT))
    }

    /// Its pixels, top row first, straight alpha.
    public func readPixels() -> RGBAImage {
        bind()
        glFinish()
        let image = FramebufferReader.read(width: width, height: height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return image
    }

    /// Clears to `color` everywhere (transparent when nil), with no clip left in the stencil.
    public func clear(to color: InkColor? = nil) {
        bind()
        InkColor.setClearColor(color)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        if depthStencil != 0 { clearStencil() }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
