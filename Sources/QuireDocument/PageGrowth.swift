import QuireGeometry

/// How an endless notebook's page grows: when something on it comes within `margin` (a screen) of its
/// right or bottom edge, the page is made to reach that far past it, in whole steps (so a stroke drawn
/// down the page grows it now and then, not at every sample), up to `PageSize.maximumSide`. The top
/// and left stay where they are: page coordinates never shift under what is drawn.
public enum PageGrowth {
    /// Growth comes in multiples of this many page pixels.
    public static let step = 256.0

    /// The size the page should have for content reaching `reach` (page pixels), or nil when it needs
    /// no more room (or the reach is not a finite area).
    public static func size(for size: PageSize, reach: Rect, margin: Double) -> PageSize? {
        guard !reach.isNull, reach.maxX.isFinite, reach.maxY.isFinite, margin.isFinite, margin >= 0 else { return nil }
        func side(_ current: Double, _ reached: Double) -> Double {
            guard reached > current - margin else { return current }
            let wanted = ((reached + margin) / step).rounded(.up) * step
            return min(PageSize.maximumSide, max(current, wanted))
        }
        let grown = PageSize(width: side(size.width, reach.maxX), height: side(size.height, reach.maxY))
        return grown == size ? nil : grown
    }
}
