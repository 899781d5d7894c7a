import QuireGeometry

/// How dark a scrap's shadow (see `SceneShadow`) makes each framebuffer pixel of a rectangle, worked out
/// on the processor: the shadow's opacity where the outline moved by the offset covers the pixel's
/// centre (even-odd), else falling quadratically (a quick fall that softens at the end, as a penumbra
/// looks) from the opacity at the moved outline to nothing `softness` page pixels from it, by the
/// distance to its nearest segment. The paper hides the part under the outline itself;
/// `ShadowRenderer` draws the mask only outside it.
///
/// Why on the processor: drawn by the GPU, a shadow took five passes a scrap (the moved outline into
/// the stencil, its core, the fading edge twice through the depth buffer so the nearest segment wins,
/// and a clear), each with its own state; on llvmpipe those passes were over a quarter of a scissors
/// cut's frame. The mask is a few thousand distances along the outline, and a few textured quads over
/// its rim to draw (`cover`).
struct ShadowMask {
    /// The rectangle, in whole framebuffer pixels (y down).
    let x: Int, y: Int, width: Int, height: Int
    /// Row by row from the top, a byte a pixel: alpha × 255, rounded.
    let alpha: [UInt8]
    /// Whether no pixel is darkened at all.
    let isClear: Bool
    /// Where in the rectangle the darkened pixels lie: all that is drawn of it.
    let cover: ShadowCover

    /// The most pixels a mask may hold (a whole 8,192² framebuffer): its bytes are allocated up front.
    static let maximumPixels = 8192 * 8192

    /// The mask of `shadow` cast by the closed `outlines` (page pixels) over the framebuffer pixels
    /// `x`, `y`, `width` × `height` of a target drawn through `pageToFramebuffer`; nil when the shadow
    /// draws nothing, the rectangle is empty or too large, or the map cannot be inverted.
    init?(outlines: [[Point]], shadow: SceneShadow, pageToFramebuffer: AffineTransform,
          x: Int, y: Int, width: Int, height: Int) {
        guard shadow.isDrawn, width > 0, height > 0, width <= Self.maximumPixels / height,
              let framebufferToPage = pageToFramebuffer.inverted else { return nil }
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
        let offset = Point(shadow.offsetX, shadow.offsetY)
        let moved = outlines.filter { $0.count >= 3 }.map { $0.map { $0 + offset } }
        var alpha = [UInt8](repeating: 0, count: width * height)
        var darkened = false
        // The opacity as a byte, rounded as every faded value is (half up).
        let full = UInt8(min(255, Double(shadow.opacity) * 255 + 0.5))
        alpha.withUnsafeMutableBufferPointer { pixels in
            Self.fillInside(moved, toFramebuffer: pageToFramebuffer, with: full,
                            x: x, y: y, width: width, height: height, into: pixels, darkened: &darkened)
            if shadow.softness > 0 {
                Self.fadeOutside(moved, softness: shadow.softness, opacity: Double(shadow.opacity), full: full,
                                 pageToFramebuffer: pageToFramebuffer, framebufferToPage: framebufferToPage,
                                 x: x, y: y, width: width, height: height, into: pixels, darkened: &darkened)
            }
        }
        self.alpha = alpha
        isClear = !darkened
        guard darkened else {
            // Nothing is drawn of a clear mask: no cover to work out.
            cover = .empty
            return
        }
        // Pixels under the scrap itself (its own outline, not the moved one, by the same rule): the
        // stencil turns them away, so the cover leaves out those well inside.
        let own = outlines.filter { $0.count >= 3 }.map { $0.map { pageToFramebuffer.apply($0) } }
        cover = alpha.withUnsafeBufferPointer { alpha in
            ShadowCover(alpha: alpha, x: x, y: y, width: width, height: height) { first, count, rows in
                var someUnder = false   // not needed: a pixel under the scrap only ever leaves the cover smaller
                Self.fillInside(framebufferOutlines: own, with: 1, x: x, y: y + first, width: width, height: count,
                                into: rows, darkened: &someUnder)
            }
        }
    }

    /// `value` at every pixel whose centre the even-odd region of `outlines` (page pixels) covers: on
    /// each row, the crossings of the row's centre line with the outlines, taken in pairs. A crossing is
    /// counted on a half-open range of y, so a vertex on the line counts once.
    private static func fillInside(_ outlines: [[Point]], toFramebuffer: AffineTransform, with value: UInt8,
                                   x: Int, y: Int, width: Int, height: Int, into alpha: UnsafeMutableBufferPointer<UInt8>,
                                   darkened: inout Bool) {
        fillInside(framebufferOutlines: outlines.map { $0.map { toFramebuffer.apply($0) } }, with: value,
                   x: x, y: y, width: width, height: height, into: alpha, darkened: &darkened)
    }

    /// `fillInside` for outlines already in framebuffer pixels (the cover asks a band at a time).
    private static func fillInside(framebufferOutlines shown: [[Point]], with value: UInt8,
                                   x: Int, y: Int, width: Int, height: Int, into alpha: UnsafeMutableBufferPointer<UInt8>,
                                   darkened: inout Bool) {
        var crossings: [Double] = []
        for row in 0..<height {
            let centre = Double(y + row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for outline in shown {
                var a = outline[outline.count - 1]
                for b in outline {
                    if (a.y > centre) != (b.y > centre) {
                        crossings.append(a.x + (centre - a.y) / (b.y - a.y) * (b.x - a.x))
                    }
                    a = b
                }
            }
            guard crossings.count >= 2 else { continue }
            crossings.sort()
            for k in stride(from: 0, to: crossings.count - 1, by: 2) {
                // Columns whose centre (i + ½) lies in [enter, leave), clamped to the rectangle before
                // any Int conversion.
                let first = max(Double(x), (crossings[k] - 0.5).rounded(.up))
                let end = min(Double(x + width), (crossings[k + 1] - 0.5).rounded(.up))
                guard first < end else { continue }
                // One fill of the run's bytes, not a store each: the cover fills the scrap's own
                // inside the same way, a band at a time.
                let start = row * width - x
                UnsafeMutableBufferPointer(rebasing: alpha[(start + Int(first))..<(start + Int(end))]).update(repeating: value)
                darkened = true
            }
        }
    }

    /// The fading edge: at each pixel within `softness` page pixels of a segment of `outlines` (page
    /// pixels), opacity × (1 − d / softness)² for the nearest one (the largest value wins, and inside
    /// the outlines the full opacity already there does). Long segments are taken a short piece at a
    /// time, so the pixels tried hug the segment however it slants.
    private static func fadeOutside(_ outlines: [[Point]], softness: Double, opacity: Double, full: UInt8,
                                    pageToFramebuffer: AffineTransform, framebufferToPage: AffineTransform,
                                    x: Int, y: Int, width: Int, height: Int, into alpha: UnsafeMutableBufferPointer<UInt8>,
                                    darkened: inout Bool) {
        let scale = abs(pageToFramebuffer.determinant).squareRoot()
        // A piece spans 16 framebuffer pixels, or the softness where that is longer (zoomed far in, the
        // pixels a piece can darken are the softness round it anyway, however short it is).
        let pieceLength = max(16 / scale, softness)
        let (minX, minY) = (Double(x), Double(y))
        let (maxX, maxY) = (Double(x + width), Double(y + height))
        let softnessSquared = softness * softness, inverseSoftness = 1 / softness
        let opacity255 = opacity * 255
        let m = framebufferToPage
        // The page area the rectangle shows, and the softness around it: segments elsewhere darken none
        // of its pixels.
        let near = framebufferToPage.apply(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).outsetBy(softness)
        for outline in outlines {
            for k in outline.indices {
                let a = outline[k], b = outline[(k + 1) % outline.count]
                let ab = b - a, lengthSquared = ab.lengthSquared
                // A segment of no length is a point: every pixel is nearest its one end.
                let inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
                // Only the part of the segment near the rectangle: at a high zoom most of a long one is
                // far outside it.
                guard let (enter, leave) = ClipPath.span(from: a, to: b, within: near) else { continue }
                let shownLength = lengthSquared.squareRoot() * (leave - enter)
                let pieces = max(1, Int(min(1e6, (shownLength / pieceLength).rounded(.up))))
                for piece in 0..<pieces {
                    let p0 = a + ab * (enter + (leave - enter) * Double(piece) / Double(pieces))
                    let p1 = a + ab * (enter + (leave - enter) * Double(piece + 1) / Double(pieces))
                    let reach = Rect.null.union(p0).union(p1).outsetBy(softness)
                    let box = pageToFramebuffer.apply(reach)
                    let x0 = max(minX, (box.minX - 0.5).rounded(.up)), x1 = min(maxX, (box.maxX - 0.5).rounded(.up))
                    let y0 = max(minY, (box.minY - 0.5).rounded(.up)), y1 = min(maxY, (box.maxY - 0.5).rounded(.up))
                    guard x0 < x1, y0 < y1 else { continue }
                    for row in Int(y0)..<Int(y1) {
                        // The page point of the row's first pixel centre, then a pixel's step along x.
                        let cx = x0 + 0.5, cy = Double(row) + 0.5
                        var px = m.a * cx + m.c * cy + m.tx - a.x, py = m.b * cx + m.d * cy + m.ty - a.y
                        var index = (row - y) * width + Int(x0) - x
                        for _ in Int(x0)..<Int(x1) {
                            // Inside the moved outline it is as dark as it gets already.
                            if alpha[index] < full {
                                // Squared distance to the whole segment (not just this piece of it).
                                let along = min(1, max(0, (px * ab.x + py * ab.y) * inverseLengthSquared))
                                let (nx, ny) = (px - ab.x * along, py - ab.y * along)
                                let distanceSquared = nx * nx + ny * ny
                                if distanceSquared < softnessSquared {
                                    let t = 1 - distanceSquared.squareRoot() * inverseSoftness
                                    let value = UInt8(min(255, opacity255 * t * t + 0.5))
                                    if value > alpha[index] {
                                        alpha[index] = value
                                        darkened = true
                                    }
                                }
                            }
                            px += m.a
                            py += m.b
                            index += 1
                        }
                    }
                }
            }
        }
    }
}
