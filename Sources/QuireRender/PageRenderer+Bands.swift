import CGL
import QuireGeometry

/// A large page (an endless one grown to twenty screens) opens without drawing its layers: they are
/// drawn a band of rows at a time, those the window will show first — with the opening, where the
/// window says which (`drawBands(touching:)`), else at the first frame — and the rest one band a frame
/// after it, nearest the view first. Drawing all of a 1024 × 15,360 page's 800,000 dabs at load made
/// its first frame wait for them (237–385 ms on llvmpipe, where GL draws when a result is needed); the
/// window needs only the rows it shows.
///
/// An undrawn band's pixels are never shown: whatever shows the layers there (the view at 100 %, the
/// scaled page under tiles still sharpening, an export at 1:1) draws the bands it touches first. What
/// draws into the layers meanwhile (an edit's redraw, the live stroke, baking) may draw into an
/// undrawn band as anywhere: the band is drawn whole from the page's items (the live stroke's sprites
/// included) when its turn comes, so nothing drawn there before counts.
extension PageRenderer {
    /// Rows in a band: a few milliseconds of llvmpipe's drawing on a dense page.
    static let layerBandHeight = 256

    /// Whether a page of `pageWidth × pageHeight` loads a band at a time (`drawsInBandsAbovePixels`).
    var loadsInBands: Bool { pageWidth * pageHeight > drawsInBandsAbovePixels }

    /// Marks every band of the page undrawn (a large page just loaded).
    func leaveLayersUndrawn() {
        undrawnBands = stride(from: 0, to: pageHeight, by: Self.layerBandHeight).map { top in
            Rect(x: 0, y: Double(top), width: Double(pageWidth), height: Double(min(Self.layerBandHeight, pageHeight - top)))
        }
    }

    /// Whether any part of the layers is still to be drawn.
    public var hasUndrawnBands: Bool { !undrawnBands.isEmpty }

    /// How many bands are still to be drawn.
    public var undrawnBandCount: Int { undrawnBands.count }

    /// Draws now the undrawn bands sharing pixels with `rect` (page pixels): a page just opened, the
    /// bands the window is to show first — drawn with the page's opening, as a smaller page is whole.
    public func drawBands(touching rect: Rect) {
        guard !undrawnBands.isEmpty, !rect.isNull, !rect.isEmpty else { return }
        var due: [Rect] = []
        undrawnBands.removeAll { band in
            let shared = band.intersection(rect)
            guard !shared.isNull, !shared.isEmpty else { return false }
            due.append(band)
            return true
        }
        draw(bands: due)
    }

    /// Marks drawn, without drawing them, the undrawn bands lying wholly inside `area`: a redraw of the
    /// area from vectors (baked layer and all) is about to draw them as they should be.
    func noteBandsDrawn(within area: Rect) {
        undrawnBands.removeAll { band in
            area.minX <= band.minX && area.minY <= band.minY && area.maxX >= band.maxX && area.maxY >= band.maxY
        }
    }

    /// Draws the undrawn band nearest the view (the page's top without one): one a frame, so the rest
    /// of a large page comes in over its first second without holding up any frame.
    func drawNextBand() {
        guard !undrawnBands.isEmpty else { return }
        let middle = view.map { $0.pageRect(ofWindowRect: Rect(x: 0, y: 0, width: Double($0.width), height: Double($0.height))).center }
        let next = middle.map { middle in
            undrawnBands.indices.min { abs(undrawnBands[$0].center.y - middle.y) < abs(undrawnBands[$1].center.y - middle.y) }!
        } ?? 0
        draw(bands: [undrawnBands.remove(at: next)])
    }

    /// Draws every band still undrawn (an export of the layers as they are).
    func drawAllBands() {
        let all = undrawnBands
        undrawnBands = []
        draw(bands: all)
    }

    /// Draws `bands` (each a whole band, none undrawn any more) from the items, as a redraw of the area
    /// with the baked layer does: neighbouring bands as one area. The view is left as it is: no tile
    /// of it was taken from an undrawn band (at 100 % a tile draws its bands first; at any other zoom
    /// it is drawn from the items), and the scaled page under tiles still sharpening is drawn only
    /// where the window's bands are drawn.
    private func draw(bands: [Rect]) {
        guard !bands.isEmpty else { return }
        var areas: [Rect] = []
        for band in bands.sorted(by: { $0.minY < $1.minY }) {
            if let last = areas.last, last.maxY == band.minY {
                areas[areas.count - 1] = last.union(band)
            } else {
                areas.append(band)
            }
        }
        redraw(areas: areas.map { ($0, true) }, refreshesView: false)
    }
}
