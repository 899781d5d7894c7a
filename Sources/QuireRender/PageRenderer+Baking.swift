import CGL
import Foundation
import QuireInk

extension PageRenderer {
    /// Sprites baked per slice before the clock is checked again (about 2 ms of llvmpipe's small dabs).
    static let bakeSliceSprites = 2048

    /// Moves strokes that left the undo window into the baked layer, a slice at a time, until `budget`
    /// seconds are spent: a huge stroke never stalls a frame. A highlighter collects in a layer of its
    /// own until all its slices are in, then joins the baked layer at once. At least one slice is
    /// baked per call, so baking always progresses.
    func bake(budget: Double) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(budget * 1e9)
        while strokes.count - bakedCount > undoWindow {
            let stroke = strokes[bakedCount]
            let done = bakeProgress ?? 0
            let end = min(stroke.sprites.count, done + Self.bakeSliceSprites)
            let brush = brushes.texture(for: stroke.style.brush)
            let slice = stroke.sprites[done..<end]
            switch stroke.style.blendMode {
            case .normal, .erase:
                bakedLayer.bind()
                sprites.draw(slice, projection: pageProjection, brush: brush,
                             blend: stroke.style.blendMode == .erase ? .erase : .over)
            case .highlight:
                guard let layer = pool.target("bake-highlight", width: pageWidth, height: pageHeight) else { return }
                if done == 0 { layer.clear() }
                layer.bind()
                sprites.draw(slice, projection: pageProjection, brush: brush, blend: .maximum)
                if end == stroke.sprites.count {
                    bakedLayer.bind()
                    copyWhole(layer, opacity: stroke.style.layerOpacity)
                }
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            if end == stroke.sprites.count {
                bakedCount += 1
                bakeProgress = nil
            } else {
                bakeProgress = end
            }
            if DispatchTime.now().uptimeNanoseconds >= deadline { break }
        }
    }

    /// Bakes everything outside the undo window now (tests and exports that want a settled page).
    public func finishBaking() {
        while strokes.count - bakedCount > undoWindow { bake(budget: 1) }
    }
}
