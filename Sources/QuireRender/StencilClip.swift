import CGL
import QuireGeometry
import QuireInk

/// Clipping by paths through the stencil buffer of the bound render target, nested up to eight deep in
/// each target (a scratch layer drawn inside a clip starts a stack of its own; see `enterLayer`).
/// Fill rule: EVEN-ODD everywhere (a hole is any subpath inside another, whichever way it winds): each
/// clip level owns one stencil bit, and a fan per outline inverts that bit, which leaves it set exactly
/// where the outlines nest an odd number of times. Drawing passes where every active level's bit is set.
/// Popping a level draws the same fans again, which inverts the bit back to zero, so outside a push/pop
/// pair the stencil is always clear and no frame pays for clearing it.
final class StencilClip {
    /// Levels one target's stencil holds (one bit each).
    static let maximumDepth = 8
    private let polygons: PolygonRenderer
    /// Fan vertices of each active level, to undo them on pop; kept to reuse their storage.
    private var fans: [[Float]] = []
    /// Levels pushed, counting those in targets drawn into before the current scratch layer.
    private(set) var depth = 0
    /// The first level in the bound target's stencil: levels below it belong to the targets a scratch
    /// layer will be joined to (see `enterLayer`), and do not apply while drawing into the layer.
    private var base = 0

    init(polygons: PolygonRenderer) {
        self.polygons = polygons
    }

    /// Restricts drawing into the bound target to the inside of `path` (and of every clip already
    /// pushed in it). Returns false, pushing nothing, when nesting is too deep: the caller draws nothing.
    func push(_ path: BezierPath, projection: PageProjection) -> Bool {
        push(outlines: ClipPath.outlines(of: path, pixelScale: projection.pixelScale), projection: projection)
    }

    /// `push` for a path already flattened (`ClipPath.outlines` at the projection's scale).
    func push(outlines: [[Point]], projection: PageProjection) -> Bool {
        guard depth - base < Self.maximumDepth else { return false }
        if fans.count <= depth { fans.append([]) }
        fans[depth].removeAll(keepingCapacity: true)
        PolygonRenderer.appendFans(of: outlines, to: &fans[depth])
        invert(level: depth, projection: projection)
        depth += 1
        applyTest()
        return true
    }

    /// Ends the innermost clip; `projection` must be the one it was pushed with.
    func pop(projection: PageProjection) {
        guard depth > base else { return }
        depth -= 1
        invert(level: depth, projection: projection)
        applyTest()
    }

    /// Starts drawing into a scratch layer with a stencil of its own (a highlighter's layer, a run of a
    /// scrap's ink): the clips pushed so far stay in the target's stencil and stop applying, and clips
    /// pushed from now on go into the layer's stencil. Returns what `leaveLayer` takes; every
    /// clip pushed in the layer must be popped before leaving it.
    func enterLayer() -> Int {
        let saved = base
        base = depth
        applyTest()
        return saved
    }

    /// Back to the target the layer is joined to: its clips apply again.
    func leaveLayer(_ saved: Int) {
        base = min(saved, depth)
        applyTest()
    }

    /// The stencil bit of the innermost clip in the bound target (counting from the target's first
    /// level); nil when the target holds none. A scrap's shadow draws where it is clear.
    var innermostBit: Int? {
        guard depth > base else { return nil }
        return depth - base - 1
    }

    /// Puts back the stencil test of the clips in force, after someone drew with a test of their own.
    func restoreTest() {
        applyTest()
    }

    /// Flips the stencil bit of `level` under the fans of that level, where the lower levels pass.
    private func invert(level: Int, projection: PageProjection) {
        Self.invert(bit: level - base, under: fans[level], polygons: polygons, projection: projection)
    }

    /// Flips stencil bit `bit` under the triangle fans `vertices` (x, y pairs) wherever the bits below
    /// it are all set, colour writes off: the bit ends set exactly where the fans' outlines nest an odd
    /// number of times (even-odd). Leaves the stencil test on, writing all bits and keeping them.
    /// The overlay's polygon fill uses it too, with bit 0.
    static func invert(bit: Int, under vertices: [Float], polygons: PolygonRenderer, projection: PageProjection) {
        guard vertices.count >= 6 else { return }
        let lower = GLuint((1 << bit) - 1)
        glEnable(GLenum(GL_STENCIL_TEST))
        glStencilFunc(GLenum(GL_EQUAL), GLint(lower), lower)
        glStencilMask(GLuint(1 << bit))
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INVERT))
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        polygons.drawTriangles(vertices, projection: projection, color: .black)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glStencilMask(0xff)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
    }

    private func applyTest() {
        guard depth > base else {
            glDisable(GLenum(GL_STENCIL_TEST))
            return
        }
        let all = GLuint((1 << (depth - base)) - 1)
        glEnable(GLenum(GL_STENCIL_TEST))
        glStencilFunc(GLenum(GL_EQUAL), GLint(all), all)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
    }
}
