import CGL

/// A GL sampler object that takes the nearest texel, without mipmaps, clamped at the edges: for a
/// texture drawn texel for pixel (each pixel centre on a texel centre), where filtering gives that very
/// texel for four or more fetches a pixel, which a software rasteriser feels. Bound to a texture unit
/// for one draw (`glBindSampler`), it overrides the texture's own filtering. Needs a current GL context
/// to be made and dropped.
final class NearestSampler {
    let id: GLuint

    init() {
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glSamplerParameteri(sampler, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        id = sampler
    }

    deinit {
        var sampler = id
        glDeleteSamplers(1, &sampler)
    }
}
