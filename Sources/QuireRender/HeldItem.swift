import CGL
import QuireGeometry

/// An item held up off the page's layers while a gesture moves, turns or warps it (a dragged or
/// stretched scrap), and how it is drawn over the view each frame: from a picture of it taken when it
/// was picked up, at the view's zoom, carried through the gesture's homography (projective texture
/// mapping, ink and shadow warped with it, as Loose Leaf does); or, when there is no picture for this
/// view (it zoomed, or the item is too large for one), from its vectors on a scratch layer. It knows
/// the item's place and picture, not the page's layers: taking it out of them and putting it back is
/// `PageRenderer`'s (`lift`, `drop`).
struct HeldItem {
    /// Where it is in the order (any edit but its own update puts it down first, so this stays right
    /// while it is held).
    var index: Int
    /// A picture of it taken as it was picked up, drawn through the gesture's map each frame.
    var snapshot: Snapshot?
    /// Its newest update, not built yet (see `PageRenderer.replaceLifted`).
    var deferredUpdate: (() -> RenderItem)?
    /// Held where it lies to be changed there (a text box being typed into), never moved: drawn from
    /// its vectors, only where it changed (frames stay partial).
    let inPlace: Bool

    /// The held item's picture: the page area it shows, the view it was taken for, and the map from
    /// where the item was picked up to where the gesture has it now.
    struct Snapshot {
        var target: RenderTarget
        var pageArea: Rect
        var pageToWindow: QuireGeometry.AffineTransform
        var map = Homography.identity
    }

    /// The largest side of a held item's picture: past it (an item zoomed far larger than any window)
    /// the item is drawn from its vectors each frame instead.
    static let maximumSnapshotSide = 4096

    /// Holds `entry` up, at `index` of the order, with a picture of it for `view` where one can be had
    /// (none held `inPlace`): `prepared` when it was taken for that view, ahead of the lift, else drawn
    /// into a target from `target` (given a size).
    init(index: Int, entry: RenderedItems.Entry, view: ViewState?, painter: ItemPainter, pageRect: Rect, inPlace: Bool,
         prepared: Snapshot?, target: (Int, Int) -> RenderTarget?) {
        self.index = index
        self.inPlace = inPlace
        if inPlace {
            snapshot = nil
        } else if let prepared, prepared.pageToWindow == view?.pageToWindow {
            snapshot = prepared
        } else {
            snapshot = view.flatMap { Self.snapshot(of: entry, for: $0, painter: painter, pageRect: pageRect, target: target) }
        }
    }

    /// The part of the window `entry` may be drawn in, as it will be once put down: all of it for a
    /// scrap (`RenderItem.hangsOverPageEdge`), else the page's part, as the layers are.
    static func shownArea(of entry: RenderedItems.Entry, view: ViewState, pageRect: Rect, window: Rect) -> Rect {
        entry.item.hangsOverPageEdge ? window : view.pageToWindow.apply(pageRect).intersection(window)
    }

    /// `entry` rendered at `view`'s zoom into a target of its own (from `target`, given a size), with
    /// the page area it covers; nil past `maximumSnapshotSide` or off the page (then it is drawn from
    /// vectors).
    static func snapshot(of entry: RenderedItems.Entry, for view: ViewState, painter: ItemPainter, pageRect: Rect,
                         target makeTarget: (Int, Int) -> RenderTarget?) -> Snapshot? {
        guard let inverse = view.pageToWindow.inverted else { return nil }
        let bounds = entry.item.hangsOverPageEdge ? entry.item.bounds : entry.item.bounds.intersection(pageRect)
        guard !bounds.isNull, !bounds.isEmpty else { return nil }
        let onScreen = view.pageToWindow.apply(bounds)
        let x0 = onScreen.minX.rounded(.down), y0 = onScreen.minY.rounded(.down)
        let x1 = onScreen.maxX.rounded(.up), y1 = onScreen.maxY.rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0,
              x1 - x0 <= Double(maximumSnapshotSide), y1 - y0 <= Double(maximumSnapshotSide),
              let target = makeTarget(Int(x1 - x0), Int(y1 - y0)) else { return nil }
        let projection = PageProjection(width: target.width, height: target.height,
                                        pageToFramebuffer: view.pageToWindow.concatenating(.translation(-x0, -y0)),
                                        guardBand: painter.guardBand)
        // A reused target is cleared whole, whatever scissor the last drawing left.
        Scissor.off()
        target.clear()
        painter.render(entry, into: target, projection: projection)
        return Snapshot(target: target, pageArea: inverse.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)),
                        pageToWindow: view.pageToWindow)
    }

    /// Whether a frame of `view` draws it from its picture (no vectors needed).
    func drawsFromSnapshot(in view: ViewState) -> Bool {
        snapshot?.pageToWindow == view.pageToWindow
    }

    /// The window pixels a frame of `view` draws it over (`entry`: it as it is now), a little beyond;
    /// nil when that is not known (its picture carried off to infinity by the gesture's map): the frame
    /// is then drawn whole.
    func windowArea(of entry: RenderedItems.Entry, in view: ViewState, pageRect: Rect) -> Rect? {
        let window = Rect(x: 0, y: 0, width: Double(view.width), height: Double(view.height))
        let pageArea: Rect
        if let snapshot, drawsFromSnapshot(in: view) {
            guard let corners = snapshot.map.apply(to: Quadrilateral(snapshot.pageArea)) else { return nil }
            pageArea = corners.bounds
        } else {
            pageArea = entry.item.bounds
        }
        let area = view.pageToWindow.apply(pageArea).outsetBy(2)
        guard area.minX.isFinite, area.minY.isFinite, area.maxX.isFinite, area.maxY.isFinite else { return nil }
        return area.intersection(Self.shownArea(of: entry, view: view, pageRect: pageRect, window: window))
    }

    /// Draws it from its picture over the view in framebuffer `target` (`drawsFromSnapshot`), limited to
    /// the page as the layers are unless it is a scrap (`shownArea`), and to `within` (window pixels)
    /// when given.
    func drawSnapshot(of entry: RenderedItems.Entry, over view: ViewState, painter: ItemPainter, pageRect: Rect,
                      projection: PageProjection, width: Int, height: Int, target: GLuint, within: Rect? = nil) {
        guard let snapshot, snapshot.pageToWindow == view.pageToWindow else { return }
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        // A render target's rows run bottom-up, a picture's top-down: its corners go in turned over.
        let area = Quadrilateral(snapshot.pageArea)
        guard let corners = snapshot.map.apply(to: Quadrilateral(upperLeft: area.lowerLeft, upperRight: area.lowerRight,
                                                                 lowerRight: area.upperRight, lowerLeft: area.upperLeft))
        else { return }
        let shown = Self.shownArea(of: entry, view: view, pageRect: pageRect, window: window).intersection(within ?? window)
        guard !shown.isNull, !shown.isEmpty else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        Scissor.set(shown, framebufferHeight: height)
        painter.imageQuads.draw(snapshot.target.texture, corners: corners, projection: projection, opacity: 1)
        Scissor.off()
    }

    /// Draws `entry` (the held item as it is now) from its vectors over the view in framebuffer
    /// `target`, at the view's zoom on a scratch layer (its clip and shadow need a stencil the window may
    /// not have), limited to the page as the layers are unless it is a scrap (`shownArea`), and to
    /// `within` (window pixels) when given.
    static func drawFromVectors(_ entry: RenderedItems.Entry, over view: ViewState, painter: ItemPainter, pageRect: Rect,
                                projection: PageProjection, width: Int, height: Int, target: GLuint, within: Rect? = nil) {
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let shown = within.map { window.intersection($0) } ?? window
        guard !shown.isNull, !shown.isEmpty, let layer = painter.pool.target("lifted", width: width, height: height) else { return }
        let drawable = shownArea(of: entry, view: view, pageRect: pageRect, window: window)
        let area = view.pageToWindow.apply(entry.item.bounds).outsetBy(2).intersection(drawable).intersection(shown)
        guard !area.isNull, !area.isEmpty else { return }
        layer.bind()
        Scissor.set(area, framebufferHeight: height)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        painter.render(entry, into: layer, projection: projection)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        Scissor.set(area, framebufferHeight: height)
        let windowProjection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
        painter.quads.drawLayer(layer.texture, over: window, projection: windowProjection)
        Scissor.off()
    }
}
