import CCairo
import QuireDocument
import QuireGeometry

/// The pictures a page draws, one surface per blob (`PictureSurface`), each decoded once however many
/// items show it. A picture that cannot be had is reported once and its items draw their ink only, as
/// they do on screen and in PNG exports.
final class PictureSurfaces {
    private let bytes: (BlobID) throws -> [UInt8]
    private let report: (String) -> Void
    private var surfaces: [BlobID: PictureSurface] = [:]
    private var refused: Set<BlobID> = []

    init(bytes: @escaping (BlobID) throws -> [UInt8], report: @escaping (String) -> Void) {
        self.bytes = bytes
        self.report = report
    }

    /// Lets go of the decoded pictures (after a page: the PDF keeps what it wrote by the pictures'
    /// unique ids, so a later page showing one again still refers to the same image object).
    func removeAll() {
        surfaces.removeAll()
    }

    func surface(for blob: BlobID) -> PictureSurface? {
        if let surface = surfaces[blob] { return surface }
        guard !refused.contains(blob) else { return nil }
        do {
            let surface = try PictureSurface(bytes: bytes(blob), uniqueID: "quire-blob-\(blob.rawValue)")
            surfaces[blob] = surface
            return surface
        } catch {
            refused.insert(blob)
            report("the picture \(blob.rawValue) cannot be drawn (\(error)); its items show their ink only")
            return nil
        }
    }

    /// Draws `reference`'s picture with its upright corners on `corners` (page coordinates). An affine
    /// placement is one image drawn through one matrix; a warped (projective) one, which PDF cannot
    /// express, is drawn as triangles each carried exactly at its three corners, finely enough that
    /// the seams and bends are under a tenth of a pixel on any picture a page holds.
    func draw(_ reference: ImageReference, onto corners: Quadrilateral, context: OpaquePointer) {
        guard let picture = surface(for: reference.blob), picture.width > 0, picture.height > 0 else { return }
        let w = Double(picture.width), h = Double(picture.height)
        let frame = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)]
        guard corners.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              let map = Homography(from: frame, to: corners.corners) else { return }
        if let affine = map.affineTransform {
            drawTriangle(nil, of: picture, through: affine, context: context)
            return
        }
        let cells = Self.cells(for: corners)
        for row in 0..<cells {
            for column in 0..<cells {
                let x0 = w * Double(column) / Double(cells), x1 = w * Double(column + 1) / Double(cells)
                let y0 = h * Double(row) / Double(cells), y1 = h * Double(row + 1) / Double(cells)
                for triangle in [[Point(x0, y0), Point(x1, y0), Point(x0, y1)], [Point(x1, y1), Point(x0, y1), Point(x1, y0)]] {
                    let mapped = triangle.compactMap(map.apply)
                    guard mapped.count == 3, let affine = Self.affine(from: triangle, to: mapped) else { continue }
                    drawTriangle(mapped, of: picture, through: affine, context: context)
                }
            }
        }
    }

    /// Cells a side for a warped picture: its longest side over 32 page pixels, from 4 to 32.
    private static func cells(for corners: Quadrilateral) -> Int {
        let c = corners.corners
        let longest = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }.max() ?? 0
        return min(32, max(4, Int((longest / 32).rounded(.up))))
    }

    /// The affine map taking the triangle `a` onto `b`; nil when either has no area.
    private static func affine(from a: [Point], to b: [Point]) -> AffineTransform? {
        let u = a[1] - a[0], v = a[2] - a[0]
        let det = u.x * v.y - u.y * v.x
        guard det != 0, det.isFinite else { return nil }
        let p = b[1] - b[0], q = b[2] - b[0]
        // M·u = p and M·v = q: M = [p q]·[u v]⁻¹.
        let ia = v.y / det, ib = -v.x / det, ic = -u.y / det, id = u.x / det
        let m = AffineTransform(a: p.x * ia + q.x * ic, b: p.y * ia + q.y * ic,
                                c: p.x * ib + q.x * id, d: p.y * ib + q.y * id, tx: 0, ty: 0)
        let origin = m.apply(a[0])
        var result = m
        result.tx = b[0].x - origin.x
        result.ty = b[0].y - origin.y
        return result.determinant != 0 ? result : nil
    }

    /// `triangle` with every edge moved `distance` outward (its corners where the moved edges meet);
    /// nil for a triangle with no area.
    static func grown(_ triangle: [Point], by distance: Double) -> [Point]? {
        let turn = (triangle[1] - triangle[0]).cross(triangle[2] - triangle[0])
        guard turn != 0, turn.isFinite else { return nil }
        // Outward is to the right of each edge for a counter-clockwise (y up) triangle, left otherwise.
        let side = turn > 0 ? -1.0 : 1.0
        func edge(_ i: Int) -> (point: Point, direction: Point) {
            let p = triangle[i], q = triangle[(i + 1) % 3]
            let direction = (q - p) / (q - p).length
            return (p + direction.perpendicular * (side * distance), direction)
        }
        var corners: [Point] = []
        for i in 0..<3 {
            // Corner i + 1 is where edge i meets edge i + 1.
            let a = edge(i), b = edge((i + 1) % 3)
            let denominator = a.direction.cross(b.direction)
            guard denominator != 0 else { return nil }
            let t = (b.point - a.point).cross(b.direction) / denominator
            corners.append(a.point + a.direction * t)
        }
        return corners
    }

    /// Draws `picture` through `affine` (upright picture coordinates → page), within `triangle` (page
    /// coordinates) or the whole picture when nil. The triangle is grown so neighbours overlap: where
    /// two antialiased edges meet, each covers part of a pixel and the paper shows through the sum. An
    /// opaque picture is grown a whole pixel, which hides that; one with transparency only a third, as
    /// its overlap shows doubled (a faint seam is the lesser fault).
    private func drawTriangle(_ triangle: [Point]?, of picture: PictureSurface, through affine: AffineTransform,
                              context: OpaquePointer) {
        cairo_save(context)
        if let triangle, let grown = Self.grown(triangle, by: picture.isOpaque ? 1 : 0.33) {
            cairo_new_path(context)
            BezierPath(polygon: grown).add(to: context)
            cairo_clip(context)
        }
        var matrix = affine.cairoMatrix
        cairo_transform(context, &matrix)
        let pattern = cairo_pattern_create_for_surface(picture.surface)
        var toStored = picture.toStored
        cairo_pattern_set_matrix(pattern, &toStored)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_set_source(context, pattern)
        cairo_new_path(context)
        cairo_rectangle(context, 0, 0, Double(picture.width), Double(picture.height))
        cairo_fill(context)
        cairo_pattern_destroy(pattern)
        cairo_restore(context)
    }
}
