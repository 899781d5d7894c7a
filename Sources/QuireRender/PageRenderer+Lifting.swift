import CGL
import QuireGeometry

/// Holding an item up off the page while a gesture moves, turns or warps it (a dragged or stretched
/// scrap): taken out of the baked and ink layers once when the gesture begins, drawn over them each
/// frame wherever the gesture has it (`HeldItem`: from its picture, or from its vectors), and put back
/// into the layers once when it ends. A frame of the gesture then costs drawing that one item, where a
/// replace in place redraws every item under and over it in both layers, twice (where it was and where
/// it is). While held it shows above the items over it, as paper picked up off a desk does; any other
/// edit puts it down first.
///
/// An item held in place (a text box being typed into) is not moved: frames stay partial, each drawing
/// the held item only where it changed (`replace` notes where), over the layers that no longer hold it.
/// A key typed into a box on a dense page then costs its line, where redrawing the view there from
/// vectors at a zoom other than 100 % drew every stroke under the line (20 ms on llvmpipe).
extension PageRenderer {
    /// Holds up item `id` (looked for first at `hint`); false (refused, counted) when it is not on the
    /// page. Holding another puts that one down first.
    @discardableResult
    public func lift(_ id: RenderItemID, near hint: Int? = nil, inPlace: Bool = false) -> Bool {
        guard let index = list.index(of: id, near: hint) else { return refuse("lift of \(id)") }
        return lift(at: index, inPlace: inPlace)
    }

    /// Holds up the item at `index` (see `lift(_:near:)`); false when there is none.
    @discardableResult
    public func lift(at index: Int, inPlace: Bool = false) -> Bool {
        guard list.indices.contains(index) else { return refuse("lift at \(index)") }
        guard held?.index != index || held?.inPlace != inPlace else { return true }
        let prepared = preparedLift.flatMap { $0.id == list[index].id ? $0.snapshot : nil }
        drop()
        held = HeldItem(index: index, entry: list[index], view: view, painter: painter, pageRect: pageRect, inPlace: inPlace,
                        prepared: prepared, target: snapshotTarget)
        list.setFindable(false, at: index)
        redraw(list[index].item.bounds, bakedToo: bakedBoundary.holds(index))
        return true
    }

    /// The item held up by a gesture that carries it (not one held in place), if any.
    public var carriedItemID: RenderItemID? {
        guard let held, !held.inPlace, list.indices.contains(held.index) else { return nil }
        return list[held.index].id
    }

    /// Takes the picture a lift of item `id` (looked for first at `hint`) would take, before the lift: a
    /// press on a scrap, before the gesture moves it. The lift's own work, picturing the item and
    /// redrawing the layers without it, then falls in two frames (the press's and the first move's),
    /// where in one it made the slowest frame of a drag on llvmpipe. Let go by any edit, a `drop` or
    /// the next prepare; unused when the view changed in between.
    public func prepareLift(_ id: RenderItemID, near hint: Int? = nil) {
        preparedLift = nil
        guard held == nil, let index = list.index(of: id, near: hint), let view,
              let snapshot = HeldItem.snapshot(of: list[index], for: view, painter: painter, pageRect: pageRect,
                                               target: snapshotTarget) else { return }
        preparedLift = (list[index].id, snapshot)
        // Drawn now, while the press's frame has nothing else to draw: left queued (a frame that shows
        // no change presents nothing), a software rasterizer would draw it in the first move's frame.
        glFlush()
    }

    /// Keeps the target of a picture let go (`old`) for the next, unless `current` still draws from it
    /// or it is larger than `spareSnapshotPixels`.
    func keepSpare(_ old: HeldItem.Snapshot?, unlessIn current: HeldItem.Snapshot?) {
        guard let target = old?.target, target !== current?.target,
              target.width * target.height <= spareSnapshotPixels else { return }
        spareSnapshotTarget = target
    }

    /// A target of `width` × `height` for a held item's picture: the spare one when it is that size.
    func snapshotTarget(width: Int, height: Int) -> RenderTarget? {
        if let spare = spareSnapshotTarget, spare.width == width, spare.height == height,
           spare !== held?.snapshot?.target, spare !== preparedLift?.snapshot.target {
            spareSnapshotTarget = nil
            return spare
        }
        return try? RenderTarget(width: width, height: height)
    }

    /// Puts the held item back into the layers where it is now (nothing when none is held), and lets go
    /// of a picture taken ahead of a lift.
    public func drop() {
        preparedLift = nil
        settleLifted()
        guard let index = held?.index else { return }
        held = nil
        list.setFindable(true, at: index)
        redraw(list[index].item.bounds, bakedToo: bakedBoundary.holds(index))
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

    /// The window pixels the held item is drawn over in a frame of `view` (see `HeldItem.windowArea`);
    /// nil when none is held or that is not known. Drawn from its vectors, its update is built first.
    func heldWindowArea(in view: ViewState) -> Rect? {
        guard let held else { return nil }
        if !held.drawsFromSnapshot(in: view) { settleLifted() }
        guard list.indices.contains(held.index) else { return nil }
        return held.windowArea(of: list[held.index], in: view, pageRect: pageRect)
    }

    /// The held item over the view in framebuffer `target`: from its picture while the view is the one
    /// it was taken for, else from its vectors (its update built first), only within `area` (window
    /// pixels) when given.
    func drawLifted(projection: PageProjection, width: Int, height: Int, target: GLuint, within area: Rect? = nil) {
        guard let held, let view else { return }
        if held.drawsFromSnapshot(in: view) {
            return held.drawSnapshot(of: list[held.index], over: view, painter: painter, pageRect: pageRect, projection: projection,
                                     width: width, height: height, target: target, within: area)
        }
        settleLifted()
        HeldItem.drawFromVectors(list[held.index], over: view, painter: painter, pageRect: pageRect, projection: projection,
                                 width: width, height: height, target: target, within: area)
    }
}
