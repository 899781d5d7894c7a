/// The part of a shadow mask's rectangle worth drawing: rectangles (framebuffer pixels, y down) that
/// hold every pixel the mask darkens outside the scrap, found band by band of rows. A scrap's shadow is
/// a thin rim round its outline, but its mask's rectangle is the outline's whole box: under the scrap
/// the stencil turns the shadow away, and a piece of a wavy cut leaves much of the box to the page
/// beside it, where the mask is clear. Drawn as one quad, every one of those pixels still cost llvmpipe
/// its stencil test, and those beside the piece their shading and blending too.
struct ShadowCover: Equatable {
    struct Rectangle: Equatable {
        let x0, y0, x1, y1: Int
    }

    /// Rows a band takes: fewer leave fewer clear pixels in, more make fewer quads to set up.
    static let bandRows = 8
    /// Runs of a band closer than this (pixels) are joined: a quad less to set up is worth more than
    /// the few clear pixels between them.
    static let joiningGap = 16

    let rectangles: [Rectangle]

    /// Nothing to draw: the cover of a mask that darkens no pixel.
    static let empty = ShadowCover(rectangles: [])

    private init(rectangles: [Rectangle]) {
        self.rectangles = rectangles
    }

    /// The cover of `alpha` (row by row from the top, `width` × `height` bytes) over the framebuffer
    /// rectangle at `x`, `y`: no rectangle where no pixel is darkened. `fillUnder(first, count, rows)`
    /// sets to 1, in the zeroed `rows` (`count` rows of `width` bytes), the pixels of the rectangle's rows
    /// `first..<first + count` that lie under the scrap: asked a band at a time (and a row either side),
    /// so no second buffer the size of the mask is held.
    init(alpha: UnsafeBufferPointer<UInt8>, x: Int, y: Int, width: Int, height: Int,
         fillUnder: (_ first: Int, _ count: Int, _ rows: UnsafeMutableBufferPointer<UInt8>) -> Void) {
        precondition(width > 0 && height > 0 && alpha.count == width * height)
        var rectangles: [Rectangle] = []
        // Per column of the band: 1 where a row of it has a pixel to draw.
        var needed = [UInt8](repeating: 0, count: width)
        // Per column of a row: 1 where the pixel and those above and below it are under the scrap.
        var column = [UInt8](repeating: 0, count: width)
        // The band's rows under the scrap, and the row either side of it.
        var under = [UInt8](repeating: 0, count: (Self.bandRows + 2) * width)
        needed.withUnsafeMutableBufferPointer { needed in
            column.withUnsafeMutableBufferPointer { column in
                under.withUnsafeMutableBufferPointer { under in
                    for top in stride(from: 0, to: height, by: Self.bandRows) {
                        let bottom = min(height, top + Self.bandRows)
                        let first = max(0, top - 1), end = min(height, bottom + 1)
                        let rows = UnsafeMutableBufferPointer(rebasing: under[0..<((end - first) * width)])
                        rows.update(repeating: 0)
                        fillUnder(first, end - first, rows)
                        needed.update(repeating: 0)
                        for row in top..<bottom {
                            Self.markNeeded(row: row, alpha: alpha, under: UnsafeBufferPointer(rows), firstUnderRow: first,
                                            width: width, height: height, column: column, into: needed)
                        }
                        Self.appendRuns(of: needed, x: x, y0: y + top, y1: y + bottom, to: &rectangles)
                    }
                }
            }
        }
        self.rectangles = rectangles
    }

    /// Marks in `needed` the columns of `row` with a darkened pixel that is not well under the scrap
    /// (it and its eight neighbours under it: the stencil turns such a pixel away, however the
    /// rasterizer rounds the outline's edge). Bytes are 0 or 1 (`under`'s too), so the loops are plain
    /// arithmetic the compiler vectorizes.
    private static func markNeeded(row: Int, alpha: UnsafeBufferPointer<UInt8>, under: UnsafeBufferPointer<UInt8>,
                                   firstUnderRow: Int, width: Int, height: Int, column: UnsafeMutableBufferPointer<UInt8>,
                                   into needed: UnsafeMutableBufferPointer<UInt8>) {
        // Row pointers and wrapping index arithmetic: no overflow checks in the loops, so they vectorize.
        let dark = alpha.baseAddress! + row * width, mark = needed.baseAddress!
        guard row > 0, row < height - 1, width > 2 else {
            // The rectangle's edge: nothing there is known to be well under.
            for c in 0..<width { mark[c] |= min(dark[c], 1) }
            return
        }
        let middle = under.baseAddress! + (row - firstUnderRow) * width, above = middle - width, below = middle + width
        let column = column.baseAddress!
        for c in 0..<width { column[c] = above[c] & middle[c] & below[c] }
        mark[0] |= min(dark[0], 1)
        mark[width &- 1] |= min(dark[width &- 1], 1)
        for c in 1..<(width - 1) {
            let wellUnder = column[c &- 1] & column[c] & column[c &+ 1]
            mark[c] |= min(dark[c], 1) & (wellUnder ^ 1)
        }
    }

    /// The runs of `needed` columns (rows `y0..<y1`) as rectangles, runs closer than `joiningGap` joined.
    private static func appendRuns(of needed: UnsafeMutableBufferPointer<UInt8>, x: Int, y0: Int, y1: Int,
                                   to rectangles: inout [Rectangle]) {
        let width = needed.count
        var c = 0
        while c < width {
            guard needed[c] != 0 else { c += 1; continue }
            let first = c
            var end = c + 1, probe = end
            while probe < width, probe - end < joiningGap {
                if needed[probe] != 0 { end = probe + 1 }
                probe += 1
            }
            rectangles.append(Rectangle(x0: x + first, y0: y0, x1: x + end, y1: y1))
            c = end
        }
    }

    /// Two triangles a rectangle, as x, y pairs: what `ShadowRenderer` draws.
    var triangles: [Float] {
        var vertices: [Float] = []
        vertices.reserveCapacity(rectangles.count * 12)
        for r in rectangles {
            let (x0, y0, x1, y1) = (Float(r.x0), Float(r.y0), Float(r.x1), Float(r.y1))
            vertices += [x0, y0, x1, y0, x0, y1, x0, y1, x1, y0, x1, y1]
        }
        return vertices
    }
}
