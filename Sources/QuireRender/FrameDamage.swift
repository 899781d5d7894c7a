import QuireGeometry

/// What changed in the window since the last frame drawn into it, so the next frame can composite
/// and present only that: the view layer's changed rectangles, and where the live stroke's tail was
/// drawn (the next frame must cover it whether the tail moved or went away). Changes far apart stay
/// apart (a typed line and the caret at one end of a text box, its frame's edge at the other): their
/// union would be all the box between them.
struct FrameDamage {
    /// Window pixels of the view layer changed since the last frame, as rectangles that do not meet
    /// (empty: none); past `maximumRectangles`, their union.
    var viewChanged: [Rect] = []
    static let maximumRectangles = 8
    /// Window pixels the last frame drew the live stroke's tail over (null: none).
    var lastTail = Rect.null
    /// The size and place the last frame was drawn at; another one needs a whole frame.
    var lastFrame: (width: Int, height: Int, pageToWindow: AffineTransform)?
    /// Whether the last frame drew something whose extent is not tracked (a live highlighter, tiles not
    /// yet sharp, a held item carried off where its place is not known): the next frame must be whole.
    var lastFrameUntracked = true
    /// The overlay the last frame drew, item by item with the window area each covered. An overlay that
    /// stays the same costs nothing; where items change (the text tool's caret, a slider's knob), where
    /// those were and are is damaged, not all the overlay covers (the toolbar, a text box's frame).
    var lastOverlay: [(drawing: OverlayItem.Drawing, bounds: Rect)] = []
    /// Window pixels the last frame drew a carried held item over (null: none).
    var lastHeld = Rect.null

    /// Takes this frame's overlay: the items between its first and last differences from the last
    /// frame's are damaged, where they were and where they are.
    mutating func noteOverlay(_ overlay: [OverlayItem]) {
        let now = overlay.map { (drawing: $0.drawing, bounds: $0.bounds) }
        var head = 0
        while head < now.count, head < lastOverlay.count, now[head].drawing == lastOverlay[head].drawing { head += 1 }
        if head == now.count, head == lastOverlay.count { return }
        var tail = 0
        while tail < now.count - head, tail < lastOverlay.count - head,
              now[now.count - 1 - tail].drawing == lastOverlay[lastOverlay.count - 1 - tail].drawing { tail += 1 }
        for item in lastOverlay[head..<(lastOverlay.count - tail)] + now[head..<(now.count - tail)] where !item.bounds.isNull {
            noteViewChanged(item.bounds.outsetBy(1))
        }
        lastOverlay = now
    }

    /// Where a held item carried by a gesture is drawn this frame (null: none): where it was drawn last
    /// and where it is now are damaged, so a drag draws the scrap's old and new place, not the window.
    mutating func noteHeld(_ windowRect: Rect) {
        noteViewChanged(lastHeld)
        noteViewChanged(windowRect)
        lastHeld = windowRect
    }

    mutating func noteViewChanged(_ windowRect: Rect) {
        guard !windowRect.isNull, !windowRect.isEmpty else { return }
        viewChanged = Self.adding(windowRect, to: viewChanged)
    }

    /// `rect` joined to `rects`: merged with every one it meets (and those with the next it meets), the
    /// rest kept apart; past `maximumRectangles`, all as their union.
    static func adding(_ rect: Rect, to rects: [Rect]) -> [Rect] {
        var merged = rect, rest = rects
        while let meeting = rest.firstIndex(where: { $0.intersects(merged) }) {
            merged = merged.union(rest.remove(at: meeting))
        }
        rest.append(merged)
        return rest.count > maximumRectangles ? [rest.reduce(Rect.null) { $0.union($1) }] : rest
    }

    /// The window rectangles the next frame must draw (none: nothing), or nil when it must draw everything.
    func areas(width: Int, height: Int, pageToWindow: AffineTransform, tail: Rect) -> [Rect]? {
        guard !lastFrameUntracked, let last = lastFrame, last.width == width, last.height == height,
              last.pageToWindow == pageToWindow else { return nil }
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var changed = viewChanged
        for live in [lastTail, tail] where !live.isNull && !live.isEmpty { changed = Self.adding(live, to: changed) }
        var areas: [Rect] = []
        for rect in changed {
            // Whole pixels, a pixel beyond, within the window: the dabs' antialiased rims round outward.
            let x0 = (rect.minX - 1).rounded(.down), y0 = (rect.minY - 1).rounded(.down)
            let x1 = (rect.maxX + 1).rounded(.up), y1 = (rect.maxY + 1).rounded(.up)
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
            let area = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(window)
            if !area.isNull, !area.isEmpty { areas = Self.adding(area, to: areas) }
        }
        return areas
    }

    /// Records the frame just drawn: the damage is spent.
    mutating func frameDrawn(width: Int, height: Int, pageToWindow: AffineTransform, tail: Rect, untracked: Bool) {
        viewChanged = []
        lastTail = tail
        lastFrame = (width, height, pageToWindow)
        lastFrameUntracked = untracked
    }
}
