import QuireGeometry

/// A stretched scrap let go before the split rule was met, going back to where it lies: over
/// `duration` seconds, easing out, the quadrilateral it is drawn in moves from where the fingers left
/// it to its own, one step each frame the application draws, and then it is put down. Only the
/// renderer sees this: the page never changed, so there is no edit, nothing saved, nothing to undo.
final class SpringBack {
    /// Seconds from the release to the scrap lying flat again.
    static let duration = 0.25
    /// The scrap as the gesture left it, still held up off the page in the renderer.
    private let preview: ItemTransformPreview
    /// The corners of the scrap's page area where it lies (`from`) and where the warp had them (`to`).
    private let home: [Point]
    private let released: [Point]
    /// When the fingers let go (the canvas's clock, seconds).
    private let start: Double

    /// Nil when there is nothing to animate: the scrap is not warped, or its warped corners have no
    /// place on the page (then the caller puts it back at once).
    init?(_ preview: ItemTransformPreview, releasedAt start: Double) {
        let area = Quadrilateral(preview.original.bounds).corners
        guard start.isFinite, preview.map != .identity,
              area.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              let released = preview.map.apply(to: Quadrilateral(preview.original.bounds))?.corners else { return nil }
        self.preview = preview
        home = area
        self.released = released
        self.start = start
    }

    /// The part of the way back covered at `now` (0 at the release, 1 home): fast first, slowing as
    /// it lands (cubic ease-out), as paper let go settles.
    func progress(at now: Double) -> Double {
        let t = min(max((now - start) / Self.duration, 0), 1)
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    /// Shows the scrap where it is at `now`; true while it is still on its way, false once it has been
    /// put down flat (the renderer then holds exactly the page).
    func advance(to now: Double, in context: ToolContext) -> Bool {
        let p = progress(at: now)
        guard p < 1 else {
            finish(in: context)
            return false
        }
        let corners = zip(released, home).map { $0 + ($1 - $0) * p }
        // A step the corners allow no map for (they never fold over on their way home, but rounding
        // could make three of them line up) is skipped: the next frame's step is drawn instead.
        if let map = Homography(from: home, to: corners) { preview.show(map, in: context) }
        return true
    }

    /// Lands it at once: the renderer shows the scrap as the page has it, put down.
    func finish(in context: ToolContext) {
        preview.revert(in: context)
    }
}
