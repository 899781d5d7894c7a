import QuireGeometry

/// The part of the window beside the page — the desk — where only scraps hanging over the page's edge
/// are drawn (`SceneGroup.hangsOverPageEdge`): paper lying on a page may stick out past it, as Loose
/// Leaf's did, while the page's own ink stops at its edge. Worked out in whole window pixels, so the
/// page's pixels and the desk's never share one: the page's edges are rounded to the nearest pixel,
/// an area asked about rounded out as a scissor rounds it.
enum DeskArea {
    /// The page's pixels in the window, its edges rounded to the nearest whole pixel; nil when its
    /// corners are not finite (a broken view).
    static func pagePixels(_ pageOnScreen: Rect) -> Rect? {
        guard !pageOnScreen.isNull, pageOnScreen.minX.isFinite, pageOnScreen.minY.isFinite,
              pageOnScreen.maxX.isFinite, pageOnScreen.maxY.isFinite else { return nil }
        let x0 = pageOnScreen.minX.rounded(), y0 = pageOnScreen.minY.rounded()
        let x1 = pageOnScreen.maxX.rounded(), y1 = pageOnScreen.maxY.rounded()
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `area` (window pixels, rounded out) less the page's pixels: at most four rectangles, none
    /// empty, none sharing a pixel — the strips above and below the page, then those left and right of
    /// it between them. All of `area` when the page's place is unknown.
    static func parts(of area: Rect, pageOnScreen: Rect) -> [Rect] {
        guard !area.isNull, area.minX.isFinite, area.minY.isFinite, area.maxX.isFinite, area.maxY.isFinite else { return [] }
        let ax0 = area.minX.rounded(.down), ay0 = area.minY.rounded(.down)
        let ax1 = area.maxX.rounded(.up), ay1 = area.maxY.rounded(.up)
        guard ax1 > ax0, ay1 > ay0 else { return [] }
        let whole = Rect(x: ax0, y: ay0, width: ax1 - ax0, height: ay1 - ay0)
        guard let page = pagePixels(pageOnScreen), page.width > 0, page.height > 0 else { return [whole] }
        // All of it where the page shares none of its pixels.
        return whole.pixels(outside: page)
    }
}
