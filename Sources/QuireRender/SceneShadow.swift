import QuireGeometry

/// The soft shadow a piece of paper casts on the page under it: its outline moved by `offset` (light
/// from the upper left), dark at `opacity` under it and fading to nothing `softness` page pixels out.
/// Drawn only outside the outline that casts it (the paper hides the rest), even-odd, so a hole shows
/// the shadow of its rim. Page pixels throughout, so the shadow zooms with the page and exports as seen.
public struct SceneShadow: Hashable, Sendable {
    public var offsetX: Double
    public var offsetY: Double
    public var softness: Double
    public var opacity: Float

    /// Limits on what is drawn: a shadow beyond them is not paper lying on a page but a broken value.
    public static let maximumOffset = 32.0
    public static let maximumSoftness = 32.0

    public init(offsetX: Double, offsetY: Double, softness: Double, opacity: Float) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.softness = softness
        self.opacity = opacity
    }

    /// A scrap's: thin, down and right, about 30 % black at the edge.
    public static let paper = SceneShadow(offsetX: 1.5, offsetY: 1.5, softness: 3, opacity: 0.3)

    /// Whether it draws anything: every value finite and within the limits above, and some opacity.
    public var isDrawn: Bool {
        offsetX.isFinite && offsetY.isFinite && abs(offsetX) <= Self.maximumOffset && abs(offsetY) <= Self.maximumOffset
            && softness.isFinite && softness >= 0 && softness <= Self.maximumSoftness
            && opacity.isFinite && opacity > 0 && opacity <= 1
    }

    /// The page area the shadow of an outline with bounds `outline` can darken (null when it draws
    /// nothing).
    public func bounds(around outline: Rect) -> Rect {
        guard isDrawn, !outline.isNull else { return .null }
        // A pixel more: the shadow's falloff ends inside a pixel that still blends a little.
        return Rect(x: outline.minX + offsetX, y: outline.minY + offsetY, width: outline.width, height: outline.height)
            .outsetBy(softness + 1)
    }
}
