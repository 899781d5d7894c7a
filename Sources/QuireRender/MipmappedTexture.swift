import CGL

/// A texture made once from pixels, mipmapped and clamped at its edges: how brushes and pictures go to
/// the GPU alike. Returns the texture name; the caller deletes it.
enum MipmappedTexture {
    /// `mipmapped` false leaves the mipmaps for `buildMipmaps` (until then only level 0 is sampled).
    static func upload(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, internalFormat: Int32,
                       format: Int32, mipmapped: Bool = true) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0,
                     GLenum(format), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        if mipmapped {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        } else {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return texture
    }

    /// Builds the mipmaps of a texture uploaded without them, and samples them from now on.
    static func buildMipmaps(of texture: GLuint) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
    }
}
