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

    /// Targets alive now (for tests and benchmarks).
    var count: Int { targets.count }
}
