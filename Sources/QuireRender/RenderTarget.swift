import CGL
import QuireImageIO

/// An offscreen framebuffer with one premultiplied RGBA8 colour texture and a depth-stencil buffer (the
/// stencil holds clip paths while they are drawn; see `StencilClip`): the page's layers, and the target
/// of page exports. Pixel rows run bottom-up, as everywhere in GL.
public final class RenderTarget {
    let framebuffer: GLuint
    let texture: GLuint
    private let depthStencil: GLuint
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
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        depthStencil = renderbuffer
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), renderbuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            var f = framebuffer, t = texture
            glDeleteFramebuffers(1, &f)
            glDeleteTextures(1, &t)
            glDeleteRenderbuffers(1, &renderbuffer)
            throw RenderError.framebufferIncomplete(status: status)
        }
        clear()
    }

    deinit {
        var f = framebuffer, t = texture, d = depthStencil
        glDeleteFramebuffers(1, &f)
        glDeleteTextures(1, &t)
        glDeleteRenderbuffers(1, &d)
    }

    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    /// Its pixels, top row first, straight alpha.
    public func readPixels() -> RGBAImage {
        bind()
        glFinish()
        let image = FramebufferReader.read(width: width, height: height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return image
    }

    /// Transparent everywhere, no clip in the stencil.
    public func clear() {
        bind()
        glClearColor(0, 0, 0, 0)
        glStencilMask(0xff)
        glClearStencil(0)
        // Depth too, though nothing uses it: clearing the whole packed depth-stencil word is a plain
        // fill, where clearing only its stencil byte means reading and masking every pixel.
        glClearDepth(1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT) | GLbitfield(GL_STENCIL_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
