import QuireGeometry

/// What changed in the window since the last frame drawn into it, so the next frame can composite
/// and present only that: the view layer's changed rectangles, and where the live stroke's tail was
/// drawn (the next frame must cover it whether the tail moved or went away).
struct FrameDamage {
    /// Window pixels of the view layer changed since the last frame (null: none).
    var viewChanged = Rect.null
    /// Window pixels the last frame drew the live stroke's tail over (null: none).
    var lastTail = Rect.null
    /// The size and place the last frame was drawn at; another one needs a whole frame.
    var lastFrame: (width: Int, height: Int, pageToWindow: AffineTransform)?
    /// Whether the last frame drew something whose extent is not tracked (a live highlighter, tiles not
    /// yet sharp, a held item): the next frame must be whole.
    var lastFrameUntracked = true
    /// The overlay the last frame drew, and the window area it covered. An overlay that stays the same
    /// costs nothing; one that changes damages where it was and where it is.
    var lastOverlay: [OverlayItem.Drawing] = []
    var lastOverlayBounds = Rect.null

    /// Takes this frame's overlay: where it differs from the last frame's, both areas are damaged.
    mutating func noteOverlay(_ overlay: [OverlayItem]) {
        let drawing = overlay.map(\.drawing)
        guard drawing != lastOverlay else { return }
        let bounds = OverlayItem.bounds(of: overlay)
        noteViewChanged(lastOverlayBounds.union(bounds).outsetBy(1))
        lastOverlay = drawing
        lastOverlayBounds = bounds
    }

    mutating func noteViewChanged(_ windowRect: Rect) {
        guard !windowRect.isNull, !windowRect.isEmpty else { return }
        viewChanged = viewChanged.union(windowRect)
    }

    /// The window rectangle the next frame must draw, or nil when it must draw everything.
    func area(width: Int, height: Int, pageToWindow: AffineTransform, tail: Rect) -> Rect? {
        guard !lastFrameUntracked, let last = lastFrame, last.width == width, last.height == height,
              last.pageToWindow == pageToWindow else { return nil }
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let changed = viewChanged.union(lastTail).union(tail)
        guard !changed.isNull else { return .null }
        // Whole pixels, a pixel beyond, within the window: the dabs' antialiased rims round outward.
        let x0 = (changed.minX - 1).rounded(.down), y0 = (changed.minY - 1).rounded(.down)
        let x1 = (changed.maxX + 1).rounded(.up), y1 = (changed.maxY + 1).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let area = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(window)
        return area.isNull || area.isEmpty ? .null : area
    }

    /// Records the frame just drawn: the damage is spent.
    mutating func frameDrawn(width: Int, height: Int, pageToWindow: AffineTransform, tail: Rect, untracked: Bool) {
        viewChanged = .null
        lastTail = tail
        lastFrame = (width, height, pageToWindow)
        lastFrameUntracked = untracked
    }
}
