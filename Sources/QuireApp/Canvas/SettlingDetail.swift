/// The detail PDF pages are rendered at in the window, following the zoom only once it has stayed put
/// for `settle` seconds: a pinch or a held zoom key passes through many zooms, and each would start a
/// poppler render nobody sees; meanwhile the rendering held is drawn scaled.
struct SettlingDetail {
    /// Seconds the zoom must stay unchanged.
    let settle: Double
    /// The detail in use.
    private(set) var detail: Double
    private var zoom: Double
    private var changedAt = -Double.infinity

    init(zoom: Double, settle: Double = 0.15) {
        self.settle = settle
        self.zoom = zoom
        detail = RenderItemBuilder.pdfDetail(forZoom: zoom)
    }

    /// Seconds from `now` until the detail follows the zoom (0: now); nil when it is at the zoom's.
    func due(now: Double) -> Double? {
        guard RenderItemBuilder.pdfDetail(forZoom: zoom) != detail else { return nil }
        return max(0, changedAt + settle - now)
    }

    /// Notes the zoom seen at `now`; true when the detail changed (the PDF pages are asked for again).
    mutating func observe(zoom newZoom: Double, now: Double) -> Bool {
        if newZoom != zoom {
            zoom = newZoom
            changedAt = now
        }
        guard due(now: now) == 0 else { return false }
        detail = RenderItemBuilder.pdfDetail(forZoom: zoom)
        return true
    }
}
