/// Offscreen targets kept for reuse, one per purpose: after warm-up a frame creates no GL object.
/// Asking for a purpose at a new size replaces that purpose's target (a resized window), so old sizes
/// do not pile up.
final class TexturePool {
    private var targets: [String: RenderTarget] = [:]

    func target(_ purpose: String, width: Int, height: Int) -> RenderTarget? {
        if let existing = targets[purpose], existing.width == width, existing.height == height { return existing }
        targets[purpose] = try? RenderTarget(width: width, height: height)
        return targets[purpose]
    }

    /// A target for `purpose` of at least `width × height`, for scratch layers sized to what they hold:
    /// grown (in steps of 256 pixels, never shrunk) when a bigger one is asked for, so the varying
    /// sizes of scraps do not make a GL object each. The caller uses its upper-left part.
    /// `limit` caps the rounding (an export's tile must stay within the GL limits it was cut to).
    func target(_ purpose: String, atLeast width: Int, _ height: Int, limit: Int = .max) -> RenderTarget? {
        if let existing = targets[purpose], existing.width >= width, existing.height >= height { return existing }
        let old = targets[purpose]
        func grown(_ needed: Int, _ had: Int?) -> Int { max(had ?? 0, min(limit, (needed + 255) / 256 * 256), needed) }
        // The exact size when the rounded one is refused (beyond the driver's largest texture).
        targets[purpose] = (try? RenderTarget(width: grown(width, old?.width), height: grown(height, old?.height)))
            ?? (try? RenderTarget(width: max(width, old?.width ?? 0), height: max(height, old?.height ?? 0)))
        return targets[purpose]
    }

    /// Targets alive now (for tests and benchmarks).
    var count: Int { targets.count }

    /// Their GPU bytes.
    var bytes: Int { targets.values.reduce(0) { $0 + $1.bytes } }
}
