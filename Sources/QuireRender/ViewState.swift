import QuireGeometry

/// How the page is seen in the window right now, and which window tiles are sharp at that view.
struct ViewState {
    let width: Int
    let height: Int
    let pageToWindow: AffineTransform
    var tiles: ViewTiles

    init(width: Int, height: Int, pageToWindow: AffineTransform) {
        self.width = width
        self.height = height
        self.pageToWindow = pageToWindow
        tiles = ViewTiles(width: width, height: height)
    }

    func projection(guardBand: Int) -> PageProjection {
        PageProjection(width: width, height: height, pageToFramebuffer: pageToWindow, guardBand: guardBand)
    }

    /// Whether each page pixel lands on one window pixel: no zoom, no turn, a pan by whole pixels.
    var showsPagePixelForPixel: Bool {
        let t = pageToWindow
        return t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == t.tx.rounded() && t.ty == t.ty.rounded()
    }

    /// A tile's rectangle in window pixels.
    func windowRect(ofTile index: Int) -> Rect {
        let t = tiles.rect(ofTile: index)
        return Rect(x: Double(t.x), y: Double(t.y), width: Double(t.width), height: Double(t.height))
    }

    /// The page area a window rectangle shows.
    func pageRect(ofWindowRect window: Rect) -> Rect {
        (pageToWindow.inverted ?? .identity).apply(window)
    }
}
