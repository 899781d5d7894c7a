import CGL
import QuireGeometry

/// An item held up off the page while a gesture moves, turns or warps it (a dragged or stretched
/// scrap): taken out of the baked and ink layers once when the gesture begins, drawn over them each
/// frame from its vectors wherever the gesture has it, and put back into the layers once when it ends.
/// A frame of the gesture then costs drawing that one item, where a replace in place redraws every item
/// under and over it in both layers, twice (where it was and where it is). While held it shows above
/// the items over it, as paper picked up off a desk does; any other edit puts it down first.
extension PageRenderer {
    /// Holds up the item at `index`; false (refused, counted) when there is none. Holding another puts
    /// that one down first.
    @discardableResult
    public func lift(at index: Int) -> Bool {
        guard entries.indices.contains(index) else { return refuse("lift at \(index)") }
        guard liftedIndex != index else { return true }
        drop()
        liftedIndex = index
        grid.replace(at: index, bounds: .null)
        redraw(entries[index].item.bounds, bakedToo: takesBakedLayer(index))
        return true
    }

    /// Puts the held item back into the layers where it is now (nothing when none is held).
    public func drop() {
        guard let index = liftedIndex else { return }
        liftedIndex = nil
        let bounds = entries[index].item.bounds
        grid.replace(at: index, bounds: bounds)
        redraw(bounds, bakedToo: takesBakedLayer(index))
    }

    /// Whether the baked layer holds (or is half-way through taking) the item at `index`.
    private func takesBakedLayer(_ index: Int) -> Bool {
        if index < bakedCount { return true }
        if index == bakedCount, bakeProgress != nil {
            bakeProgress = nil
            return true
        }
        return false
    }

    /// The held item over the view in framebuffer `target`, drawn at the view's zoom on a scratch layer
    /// (its clip and shadow need a stencil the window may not have), limited to the page as the layers are.
    func drawLifted(projection: PageProjection, width: Int, height: Int, target: GLuint) {
        guard let index = liftedIndex, let view, let layer = pool.target("lifted", width: width, height: height) else { return }
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let area = view.pageToWindow.apply(entries[index].item.bounds.intersection(pageRect)).outsetBy(2).intersection(window)
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
        quads.drawLayer(layer.texture, over: window, projection: windowProjection)
        Scissor.off()
    }
}
