import CCairo
import QuireGeometry

extension BezierPath {
    /// Adds the path to `context`'s current path (in its user space), as cairo's own moves, lines and
    /// cubics; a quadratic becomes its raised cubic. Nothing is filled or cleared.
    func add(to context: OpaquePointer) {
        var current = Point.zero
        for element in elements {
            switch element {
            case let .move(p):
                cairo_move_to(context, p.x, p.y)
                current = p
            case let .line(p):
                cairo_line_to(context, p.x, p.y)
                current = p
            case let .quad(c, p):
                let c1 = current + (c - current) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
                cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case let .cubic(c1, c2, p):
                cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(context)
            }
        }
    }
}

extension AffineTransform {
    /// As cairo's matrix (x′ = xx·x + xy·y + x0, y′ = yx·x + yy·y + y0).
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}
