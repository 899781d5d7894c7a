import CGL
import QuireGeometry

/// Draws a `ColorField` into its rectangle: one quad, every pixel's colour from the fragment shader
/// (`Shaders.colorFieldFragment`).
final class ColorFieldRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let rect: GLint
    private let kind: GLint
    private let hue: GLint
    private let quad = FloatVertexBuffer(attributeSizes: [2])

    init() throws {
        program = try ShaderProgram(vertex: Shaders.colorFieldVertex, fragment: Shaders.colorFieldFragment)
        pageToClip = program.uniform("uPageToClip")
        rect = program.uniform("uRect")
        kind = program.uniform("uKind")
        hue = program.uniform("uHue")
    }

    /// Draws `field` filling `area` (window pixels, through `projection`) into the bound framebuffer.
    func draw(_ field: ColorField, in area: Rect, projection: PageProjection) {
        guard area.width > 0, area.height > 0 else { return }
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform4f(rect, Float(area.minX), Float(area.minY), Float(area.width), Float(area.height))
        switch field {
        case let .saturationBrightness(h):
            glUniform1i(kind, 0)
            glUniform1f(hue, Float(h.isFinite ? min(1, max(0, h)) : 0))
        case .hue:
            glUniform1i(kind, 1)
            glUniform1f(hue, 0)
        }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        let values: (Float, Float, Float, Float, Float, Float, Float, Float) =
            (Float(area.minX), Float(area.minY), Float(area.maxX), Float(area.minY),
             Float(area.minX), Float(area.maxY), Float(area.maxX), Float(area.maxY))
        withUnsafeBytes(of: values) { quad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
    }
}
