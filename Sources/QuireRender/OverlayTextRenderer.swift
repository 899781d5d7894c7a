import CGL
import QuireGeometry

/// Draws the overlay's text runs from glyph atlas pages: every glyph of every run given is a textured
/// quad, gathered by page, so a batch costs one draw call per page. Each page is a single-channel
/// texture, uploaded when first seen and again when a newer version (more glyphs) arrives; sampled
/// nearest, since glyphs are drawn at whole pixels, one texel to one pixel.
final class OverlayTextRenderer {
    private struct PageTexture {
        var texture: GLuint
        var version: Int
        var width: Int
        var height: Int
    }

    private let program: ShaderProgram
    private let pageToClip: GLint
    private let buffer = FloatVertexBuffer(attributeSizes: [2, 2, 4])
    private var textures: [Int: PageTexture] = [:]
    /// Vertices per page, reused from frame to frame.
    private var vertices: [Int: [Float]] = [:]
    /// Draw calls made, for tests that check the batching.
    private(set) var drawCalls = 0

    init() throws {
        program = try ShaderProgram(vertex: Shaders.glyphVertex, fragment: Shaders.glyphFragment)
        pageToClip = program.uniform("uPageToClip")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uAtlas"), 0)
    }

    deinit {
        for page in textures.values {
            var texture = page.texture
            glDeleteTextures(1, &texture)
        }
    }

    /// Page textures held now.
    var pageTextureCount: Int { textures.count }

    /// Draws `texts` into the bound framebuffer, premultiplied over.
    func draw(_ texts: [OverlayText], projection: PageProjection) {
        var order: [Int] = []
        var newest: [Int: GlyphPage] = [:]
        for text in texts {
            for page in text.pages where page.isWhole && page.version > (newest[page.id]?.version ?? Int.min) {
                newest[page.id] = page
            }
        }
        for (id, page) in newest { upload(page, id: id) }
        for key in vertices.keys { vertices[key]!.removeAll(keepingCapacity: true) }
        for text in texts where text.opacity > 0 && !text.bounds.isNull {
            let o = text.pixelOrigin
            let a = text.color.alpha * min(1, text.opacity)
            let color = (text.color.red * a, text.color.green * a, text.color.blue * a, a)
            for glyph in text.glyphs {
                guard let page = textures[glyph.page], glyph.width > 0, glyph.height > 0, glyph.sourceX >= 0, glyph.sourceY >= 0,
                      glyph.sourceX + glyph.width <= page.width, glyph.sourceY + glyph.height <= page.height else { continue }
                if vertices[glyph.page] == nil { vertices[glyph.page] = [] }
                if vertices[glyph.page]!.isEmpty { order.append(glyph.page) }
                let x0 = Float(o.x) + Float(glyph.x), y0 = Float(o.y) + Float(glyph.y)
                let x1 = x0 + Float(glyph.width), y1 = y0 + Float(glyph.height)
                let u0 = Float(glyph.sourceX) / Float(page.width), v0 = Float(glyph.sourceY) / Float(page.height)
                let u1 = Float(glyph.sourceX + glyph.width) / Float(page.width)
                let v1 = Float(glyph.sourceY + glyph.height) / Float(page.height)
                func corner(_ x: Float, _ y: Float, _ u: Float, _ v: Float) {
                    vertices[glyph.page]!.append(x); vertices[glyph.page]!.append(y)
                    vertices[glyph.page]!.append(u); vertices[glyph.page]!.append(v)
                    vertices[glyph.page]!.append(color.0); vertices[glyph.page]!.append(color.1)
                    vertices[glyph.page]!.append(color.2); vertices[glyph.page]!.append(color.3)
                }
                // Two triangles: upper-left, upper-right, lower-right; upper-left, lower-right, lower-left.
                corner(x0, y0, u0, v0); corner(x1, y0, u1, v0); corner(x1, y1, u1, v1)
                corner(x0, y0, u0, v0); corner(x1, y1, u1, v1); corner(x0, y1, u0, v1)
            }
        }
        guard !order.isEmpty else { return }
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glActiveTexture(GLenum(GL_TEXTURE0))
        for id in order {
            guard let page = textures[id], let quads = vertices[id] else { continue }
            glBindTexture(GLenum(GL_TEXTURE_2D), page.texture)
            quads.withUnsafeBytes { buffer.draw(GL_TRIANGLES, count: quads.count / 8, vertices: $0) }
            drawCalls += 1
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }

    /// Lets go of the textures of pages no run in `pages` lies in (pages the atlas dropped).
    func keepOnly(_ pages: Set<Int>) {
        for (id, page) in textures where !pages.contains(id) {
            var texture = page.texture
            glDeleteTextures(1, &texture)
            textures[id] = nil
            vertices[id] = nil
        }
    }

    private func upload(_ page: GlyphPage, id: Int) {
        if let held = textures[id], held.version >= page.version { return }
        var texture = textures[id]?.texture ?? 0
        if texture == 0 { glGenTextures(1, &texture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        page.coverage.withUnsafeBytes {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(page.width), GLsizei(page.height), 0,
                         GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textures[id] = PageTexture(texture: texture, version: page.version, width: page.width, height: page.height)
    }
}
