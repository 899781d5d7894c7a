import CCairo
import QuireGeometry

extension BezierPath {
    /// Adds the path to `context`'s current path (in its user space), as cairo's own moves, lines and
    /// cubics; a quadratic becomes its raised cubic. Nothing is filled or cleared.
    func add(to context: OpaquePointer) {
        add(to: context, placing: { $0 })
    }

    /// Adds the path with every point on a grid of 1/`grid` of the surface's own units (`SurfaceGrid`),
    /// where the user space is a plain scale and move of the surface's; otherwise as `add(to:)`. A filled
    /// outline or a clip of a page of ink is then about half as many bytes.
    func add(to context: OpaquePointer, grid: Double) {
        guard let onGrid = SurfaceGrid(context, grid: grid) else { return add(to: context) }
        cairo_save(context)
        // The path is kept in the surface's units, so it is the same path once the matrix is back.
        cairo_identity_matrix(context)
        add(to: context, placing: onGrid.place)
        cairo_restore(context)
    }

    private func add(to context: OpaquePointer, placing place: (Point) -> Point) {
        var current = Point.zero
        for element in elements {
            switch element {
            case let .move(p):
                let q = place(p)
                cairo_move_to(context, q.x, q.y)
                current = p
            case let .line(p):
                let q = place(p)
                cairo_line_to(context, q.x, q.y)
                current = p
            case let .quad(c, p):
                let c1 = place(current + (c - current) * (2.0 / 3.0)), c2 = place(p + (c - p) * (2.0 / 3.0)), q = place(p)
                cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, q.x, q.y)
                current = p
            case let .cubic(c1, c2, p):
                let d1 = place(c1), d2 = place(c2), q = place(p)
                cairo_curve_to(context, d1.x, d1.y, d2.x, d2.y, q.x, q.y)
                current = p
            case .close:
                cairo_close_path(context)
            }
        }
    }
}

/// Points carried from a context's user space into its surface's own units (points for PDF) and put on
/// a grid of 1/`grid` of them: cairo prints a point as it holds it, in 1/256 units ("415.035156"), and
/// one on the grid needs at most three digits after the point ("415.125"). Only where the user space is
/// a plain scale and move of the surface's (nil otherwise); a point moves at most half a grid step.
struct SurfaceGrid {
    private let matrix: cairo_matrix_t
    private let grid: Double

    init?(_ context: OpaquePointer, grid: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == matrix.yy, matrix.xx > 0, grid > 0 else { return nil }
        self.matrix = matrix
        self.grid = grid
    }

    /// Surface units per user unit.
    var scale: Double { matrix.xx }

    func place(_ p: Point) -> Point {
        Point(((p.x * matrix.xx + matrix.x0) * grid).rounded() / grid, ((p.y * matrix.yy + matrix.y0) * grid).rounded() / grid)
    }
}

extension AffineTransform {
    /// As cairo's matrix (x′ = xx·x + xy·y + x0, y′ = yx·x + yy·y + y0).
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}
