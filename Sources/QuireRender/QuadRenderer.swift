import CGL
import QuireGeometry
import QuireInk

/// Draws rectangles filled with a colour or with a texture (a layer), through a page projection.
/// Three programs, each doing only its own work per pixel: a layer's texture, a plain colour, and
/// paper with a pattern printed on it (llvmpipe shades every branch of a shader, so one program for
/// all three cost every composite the pattern's arithmetic and every fill a texture fetch).
final class QuadRenderer {
    /// A linked program and where its uniforms are (-1 for one it lacks, which GL ignores).
    private struct Program {
        let program: ShaderProgram
        let pageToClip: GLint
        let color: GLint
        let opacity: GLint

        init(fragment: String) throws {
            program = try ShaderProgram(vertex: Shaders.quadVertex, fragment: fragment)
            pageToClip = program.uniform("uPageToClip")
            color = program.uniform("uColor")
            opacity = program.uniform("uOpacity")
        }
    }

    private let layerProgram: Program
    private let fillProgram: Program
    private let paperProgram: Program
    private let pattern: GLint
    private let lineColor: GLint
    private let spacing: GLint
    private let quad = FloatVertexBuffer(attributeSizes: [2, 2])
    /// Four corners of (x, y, u, v), reused for every quad.
    private var corners = [Float](repeating: 0, count: 16)
    /// Nearest-texel sampling, for a layer drawn texel for pixel (its texels' centres on the pixels'
    /// centres): the texel bilinear filtering gives there, for a quarter of the fetches (on llvmpipe
    /// the view's copy of the ink layer after an edit cost about twice as much filtered).
    private let texelForPixel = NearestSampler()

    init() throws {
        layerProgram = try Program(fragment: Shaders.quadLayerFragment)
        fillProgram = try Program(fragment: Shaders.quadFillFragment)
        paperProgram = try Program(fragment: Shaders.quadFragment)
        pattern = paperProgram.program.uniform("uPattern")
        lineColor = paperProgram.program.uniform("uLineColor")
        spacing = paperProgram.program.uniform("uSpacing")
        glUseProgram(layerProgram.program.id)
        glUniform1i(layerProgram.program.uniform("uTexture"), 0)
    }

    /// Fills `rect` with `fill` at `opacity`, premultiplied "over", with `paper`'s pattern printed on it
    /// (in the coordinates of `rect`, page pixels). `behind`: under what is there instead ("destination
    /// over"), so ink drawn first on a transparent target gets its paper without a second layer.
    func fill(_ rect: Rect, projection: PageProjection, color fill: InkColor, opacity: Float = 1,
              paper: PaperPattern = .blank, behind: Bool = false) {
        var program = fillProgram
        if paper.kind != .blank {
            program = paperProgram
            glUseProgram(program.program.id)
            glUniform1i(pattern, paper.kind.rawValue)
            let c = paper.lineColor
            glUniform4f(lineColor, c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
            glUniform1f(spacing, Float(paper.spacing))
        }
        draw(rect, program: program, projection: projection, texture: nil, fill: fill, opacity: opacity, replace: false,
             behind: behind)
    }

    /// Draws a whole layer texture over `rect`: its top row at `rect`'s top (GL rows run bottom-up).
    /// With `replace`, the texture overwrites what is there instead of blending over it.
    /// `part` picks a sub-rectangle of the texture, in 0…1 with y down (as `rect` is).
    /// `texelForPixel`: the part lands texel for pixel on whole framebuffer pixels (a layer copied to a
    /// target of its own scale, at a whole-pixel offset), so each pixel takes its texel as it is.
    func drawLayer(_ texture: GLuint, over rect: Rect, projection: PageProjection, opacity: Float = 1,
                   replace: Bool = false, part: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                   texelForPixel exact: Bool = false) {
        if exact { glBindSampler(0, texelForPixel.id) }
        draw(rect, program: layerProgram, projection: projection, texture: texture, fill: .white, opacity: opacity,
             replace: replace, part: part)
        if exact { glBindSampler(0, 0) }
    }

    private func draw(_ rect: Rect, program: Program, projection: PageProjection, texture: GLuint?, fill: InkColor,
                      opacity alpha: Float, replace: Bool, part: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                      behind: Bool = false) {
        glUseProgram(program.program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(program.pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform4f(program.color, fill.red * fill.alpha, fill.green * fill.alpha, fill.blue * fill.alpha, fill.alpha)
        glUniform1f(program.opacity, alpha)
        if let texture {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
        if replace {
            glDisable(GLenum(GL_BLEND))
        } else {
            glEnable(GLenum(GL_BLEND))
            if behind {
                glBlendFunc(GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_ONE))
            } else {
                glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            }
        }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        let (x0, y0, x1, y1) = (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        // Texture rows run bottom-up: the part's top edge is v = 1 − minY.
        let (u0, u1) = (Float(part.minX), Float(part.maxX))
        let (vTop, vBottom) = (Float(1 - part.minY), Float(1 - part.maxY))
        // Written in place: a quad per tile per frame must not allocate.
        let values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float) =
            (x0, y0, u0, vTop, x1, y0, u1, vTop, x0, y1, u0, vBottom, x1, y1, u1, vBottom)
        withUnsafeBytes(of: values) { source in
            corners.withUnsafeMutableBytes { $0.copyMemory(from: source) }
        }
        corners.withUnsafeBytes { quad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
        glEnable(GLenum(GL_BLEND))
        if behind { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
    }
}
