import CGL
import QuireGeometry
import QuireInk

/// Draws rectangles filled with a colour or with a texture (a layer), through a page projection.
final class QuadRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let color: GLint
    private let useTexture: GLint
    private let opacity: GLint
    private let pattern: GLint
    private let lineColor: GLint
    private let spacing: GLint
    private let quad = FloatVertexBuffer(attributeSizes: [2, 2])
    /// Four corners of (x, y, u, v), reused for every quad.
    private var corners = [Float](repeating: 0, count: 16)

    init() throws {
        program = try ShaderProgram(vertex: Shaders.quadVertex, fragment: Shaders.quadFragment)
        pageToClip = program.uniform("uPageToClip")
        color = program.uniform("uColor")
        useTexture = program.uniform("uUseTexture")
        opacity = program.uniform("uOpacity")
        pattern = program.uniform("uPattern")
        lineColor = program.uniform("uLineColor")
        spacing = program.uniform("uSpacing")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uTexture"), 0)
    }

    /// Fills `rect` with `fill` at `opacity`, premultiplied "over", with `paper`'s pattern printed on it
    /// (in the coordinates of `rect`, page pixels). `behind`: under what is there instead ("destination
    /// over"), so ink drawn first on a transparent target gets its paper without a second layer.
    func fill(_ rect: Rect, projection: PageProjection, color fill: InkColor, opacity: Float = 1,
              paper: PaperPattern = .blank, behind: Bool = false) {
        glUseProgram(program.id)
        glUniform1i(pattern, paper.kind.rawValue)
        let c = paper.lineColor
        glUniform4f(lineColor, c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        glUniform1f(spacing, Float(paper.spacing))
        draw(rect, projection: projection, texture: nil, fill: fill, opacity: opacity, replace: false, behind: behind)
        glUniform1i(pattern, 0)
    }

    /// Draws a whole layer texture over `rect`: its top row at `rect`'s top (GL rows run bottom-up).
    /// With `replace`, the texture overwrites what is there instead of blending over it.
    /// `part` picks a sub-rectangle of the texture, in 0…1 with y down (as `rect` is).
    func drawLayer(_ texture: GLuint, over rect: Rect, projection: PageProjection, opacity: Float = 1,
                   replace: Bool = false, part: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) {
        draw(rect, projection: projection, texture: texture, fill: .white, opacity: opacity, replace: replace, part: part)
    }

    private func draw(_ rect: Rect, projection: PageProjection, texture: GLuint?, fill: InkColor, opacity alpha: Float,
                      replace: Bool, part: Rect = Rect(x: 0, y: 0, width: 1, height: 1), behind: Bool = false) {
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform4f(color, fill.red * fill.alpha, fill.green * fill.alpha, fill.blue * fill.alpha, fill.alpha)
        glUniform1i(useTexture, texture == nil ? 0 : 1)
        glUniform1f(opacity, alpha)
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
