import CGL
import QuireGeometry

/// An item held up off the page while a gesture moves, turns or warps it (a dragged or stretched
/// scrap): taken out of the baked and ink layers once when the gesture begins, drawn over them each
/// frame from its vectors wherever the gesture has it, and put back into the layers once when it ends.
/// A frame of the gesture then costs drawing that one item, where a replace in place redraws every item
/// under and over it in both layers, twice (where it was and where it is). While held it shows above
/// the items over it, as paper picked up off a desk does; any other edit puts it down first.
///
/// While the gesture only moves, turns, scales or warps it (`moveLifted(by:)`), a frame does not even
/// draw it: a picture of it taken when it was picked up, at the view's zoom, is drawn through the
/// gesture's homography (projective texture mapping), ink and shadow warped with it, as Loose Leaf does.
extension PageRenderer {
    /// The item held up: where it is in the order (any edit but its own update puts it down first, so
    /// this stays right while it is held), its picture, and its newest update not built yet.
    struct HeldItem {
        var index: Int
        /// A picture of it taken as it was picked up, drawn through the gesture's map each frame.
        var snapshot: LiftSnapshot?
        /// Its newest update, not built yet (see `replaceLifted`).
        var deferredUpdate: (() -> RenderItem)?
    }

    /// The held item's picture: the page area it shows, the view it was taken for, and the map from
    /// where the item was picked up to where the gesture has it now.
    struct LiftSnapshot {
        var target: RenderTarget
        var pageArea: Rect
        var pageToWindow: QuireGeometry.AffineTransform
        var map = Homography.identity
    }

    /// The largest side of a held item's picture: past it (an item zoomed far larger than any window)
    /// the item is drawn from its vectors each frame instead.
    static let maximumSnapshotSide = 4096

    /// Holds up item `id` (looked for first at `hint`); false (refused, counted) when it is not on the
    /// page. Holding another puts that one down first.
    @discardableResult
    public func lift(_ id: RenderItemID, near hint: Int? = nil) -> Bool {
        guard let index = list.index(of: id, near: hint) else { return refuse("lift of \(id)") }
        return lift(at: index)
    }

    /// Holds up the item at `index` (see `lift(_:near:)`); false when there is none.
    @discardableResult
    public func lift(at index: Int) -> Bool {
        guard list.indices.contains(index) else { return refuse("lift at \(index)") }
        guard held?.index != index else { return true }
        drop()
        held = HeldItem(index: index, snapshot: snapshot(of: index))
        list.setFindable(false, at: index)
        redraw(list[index].item.bounds, bakedToo: takesBakedLayer(index))
        return true
    }

    /// Puts the held item back into the layers where it is now (nothing when none is held).
    public func drop() {
        settleLifted()
        guard let index = held?.index else { return }
        held = nil
        list.setFindable(true, at: index)
        redraw(list[index].item.bounds, bakedToo: takesBakedLayer(index))
    }

    /// The held item is shown carried by `map` (page coordinates) from where it was picked up; the item
    /// itself is updated by the same gesture's edits, for when it is put down.
    public func moveLifted(by map: Homography) {
        held?.snapshot?.map = map
    }

    /// Item `id` (looked for first at `hint`) is now what `build` makes. When it is the held item and
    /// frames draw it from its picture (`moveLifted`), building it waits until something needs its
    /// vectors (it is put down, drawn without a picture, read back, exported): a gesture's updates come
    /// a frame apart and only the last one lands, where building each (a scrap's ink inked again
    /// through the gesture's map, its sprites sent to the GPU and the previous ones freed) cost more
    /// than the rest of the frame, and its allocations the slow frames. Any other item, or a held item
    /// drawn from vectors, is replaced at once (`replace(at:with:)`). False when it is not on the page.
    @discardableResult
    public func replaceLifted(_ id: RenderItemID, near hint: Int? = nil, building build: @escaping () -> RenderItem) -> Bool {
        guard let index = list.index(of: id, near: hint) else { return refuse("replace of \(id)") }
        guard index == held?.index, held?.snapshot != nil else { return replace(at: index, with: build()) }
        held?.deferredUpdate = build
        return true
    }

    /// Builds the held item's update that `replaceLifted` put off, if there is one.
    func settleLifted() {
        guard let build = held?.deferredUpdate, let index = held?.index else { return }
        held?.deferredUpdate = nil
        guard list.indices.contains(index) else { return }
        forget(list.replaceHidden(at: index, with: storedEntry(build(), id: list[index].id)))
    }

    /// The item at `index` rendered at the view's zoom into a target of its own, with the page area it
    /// covers; nil with no view yet or past `maximumSnapshotSide` (then it is drawn from vectors).
    private func snapshot(of index: Int) -> LiftSnapshot? {
        guard let view, let inverse = view.pageToWindow.inverted else { return nil }
        let bounds = list[index].item.bounds.intersection(pageRect)
        guard !bounds.isNull, !bounds.isEmpty else { return nil }
        let onScreen = view.pageToWindow.apply(bounds)
        let x0 = onScreen.minX.rounded(.down), y0 = onScreen.minY.rounded(.down)
        let x1 = onScreen.maxX.rounded(.up), y1 = onScreen.maxY.rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0,
              x1 - x0 <= Double(Self.maximumSnapshotSide), y1 - y0 <= Double(Self.maximumSnapshotSide),
              let target = try? RenderTarget(width: Int(x1 - x0), height: Int(y1 - y0)) else { return nil }
        let projection = PageProjection(width: target.width, height: target.height,
                                        pageToFramebuffer: view.pageToWindow.concatenating(.translation(-x0, -y0)),
                                        guardBand: guardBand)
        target.clear()
        render(index, into: target, projection: projection)
        return LiftSnapshot(target: target, pageArea: inverse.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)),
                            pageToWindow: view.pageToWindow)
    }

    /// Whether the baked layer holds (or is half-way through taking) the item at `index`.
    private func takesBakedLayer(_ index: Int) -> Bool {
        bakedBoundary.holds(index)
    }

    /// The held item over the view in framebuffer `target`, drawn at the view's zoom on a scratch layer
    /// (its clip and shadow need a stencil the window may not have), limited to the page as the layers are.
    func drawLifted(projection: PageProjection, width: Int, height: Int, target: GLuint) {
        guard let index = held?.index, let view else { return }
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        if let snapshot = held?.snapshot, snapshot.pageToWindow == view.pageToWindow {
            // A render target's rows run bottom-up, a picture's top-down: its corners go in turned over.
            let area = Quadrilateral(snapshot.pageArea)
            guard let corners = snapshot.map.apply(to: Quadrilateral(upperLeft: area.lowerLeft, upperRight: area.lowerRight,
                                                                     lowerRight: area.upperRight, lowerLeft: area.upperLeft))
            else { return }
            let pageOnScreen = view.pageToWindow.apply(pageRect).intersection(window)
            guard !pageOnScreen.isNull, !pageOnScreen.isEmpty else { return }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
            Scissor.set(pageOnScreen, framebufferHeight: height)
            painter.imageQuads.draw(snapshot.target.texture, corners: corners, projection: projection, opacity: 1)
            Scissor.off()
            return
        }
        // No picture for this view (it zoomed, or the item is too large for one): drawn from vectors.
        settleLifted()
        guard let layer = painter.pool.target("lifted", width: width, height: height) else { return }
        let area = view.pageToWindow.apply(list[index].item.bounds.intersection(pageRect)).outsetBy(2).intersection(window)
        guard !area.isNull, !area.isEmpty else { return }
        layer.bind()
        Scissor.set(area, framebufferHeight: height)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let pageOnScreen = view.pageToWindow.apply(pageRect).intersection(area)
        if !pageOnScreen.isNull, !pageOnScreen.isEmpty {
            Scissor.set(pageOnScreen, framebufferHeight: height)
            render(index, into: layer, projection: projection)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        Scissor.set(area, framebufferHeight: height)
        let windowProjection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
        painter.quads.drawLayer(layer.texture, over: window, projection: windowProjection)
        Scissor.off()
    }
}
