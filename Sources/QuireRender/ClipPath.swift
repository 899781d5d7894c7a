import QuireGeometry

/// Clip paths as flattened outlines: the one place that decides how finely a path is flattened and what
/// a broken path clips to.
enum ClipPath {
    /// Outlines of `path` within a quarter of a framebuffer pixel at `pixelScale` framebuffer pixels per
    /// page pixel, each taken as closed. Empty for an empty or non-finite path (which shows nothing).
    static func outlines(of path: BezierPath, pixelScale: Double) -> [[Point]] {
        guard path.isFinite, !path.isEmpty, pixelScale.isFinite, pixelScale > 0 else { return [] }
        return path.flattened(tolerance: 0.25 / pixelScale).map(\.points).filter { $0.count >= 3 }
    }

    /// The page area a clip lets through; null for a path that shows nothing.
    static func bounds(of path: BezierPath) -> Rect {
        guard path.isFinite, !path.isEmpty else { return .null }
        return path.bounds
    }

    /// Whether `rect` lies wholly inside the even-odd region of `outlines` (each closed), no outline
    /// crossing or touching it: clipping to them would change nothing there, so a redraw of a few dabs
    /// inside a scrap need not write the scrap's outline into the stencil, nor draw its shadow.
    static func contains(_ rect: Rect, outlines: [[Point]]) -> Bool {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return false }
        let centre = rect.center
        var crossings = 0
        for outline in outlines where outline.count >= 3 {
            for i in outline.indices {
                let a = outline[i], b = outline[(i + 1) % outline.count]
                if segment(a, b, touches: rect) { return false }
                // The ray from the centre towards +x, each edge counted on a half-open y range.
                if (a.y > centre.y) != (b.y > centre.y), a.x + (centre.y - a.y) / (b.y - a.y) * (b.x - a.x) > centre.x {
                    crossings += 1
                }
            }
        }
        return crossings % 2 == 1
    }

    /// Whether segment `a`–`b` meets the closed `rect`.
    private static func segment(_ a: Point, _ b: Point, touches rect: Rect) -> Bool {
        span(from: a, to: b, within: rect) != nil
    }

    /// The part of segment `a`–`b` inside the closed `rect`, as the segment's parameters (0 at `a`, 1
    /// at `b`), or nil when none of it is (Liang–Barsky: the segment cut to each of the rect's four
    /// sides in turn).
    static func span(from a: Point, to b: Point, within rect: Rect) -> (enter: Double, leave: Double)? {
        guard !rect.isNull else { return nil }
        var (enter, leave) = (0.0, 1.0)
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
            if enter > leave { return nil }
        }
        return (enter, leave)
    }
}
