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
}
