import CGL
import Foundation
import QuireInk

extension PageRenderer {
    /// Sprites baked per slice before the clock is checked again (about 2 ms of llvmpipe's small dabs).
    static let bakeSliceSprites = 2048

    /// Moves items that left the undo window into the baked layer until `budget` seconds are spent. A
    /// stroke goes a slice at a time, so a huge stroke never stalls a frame; a highlighter collects in a
    /// layer of its own until all its slices are in, then joins the baked layer at once; a picture, a
    /// group or a clipped stroke goes whole. At least one step is baked per call, so baking always
    /// progresses. The sprites are on the GPU already: baking uploads nothing.
    func bake(budget: Double) {
        drawLayersIfStale()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(budget * 1e9)
        while list.count - bakedCount > undoWindow {
            let entry = list[bakedCount]
            guard case let .stroke(stroke) = entry.item, stroke.clip == nil else {
                // A lifted item is not in the layers; it is baked where it lands (`drop`).
                if bakedCount != held?.index { render(bakedCount, into: bakedLayer, projection: pageProjection) }
                bakedBoundary.advance(by: 1)
                if DispatchTime.now().uptimeNanoseconds >= deadline { break }
                continue
            }
            let done = bakeProgress ?? 0
            let end = min(entry.span.count, done + Self.bakeSliceSprites)
            let slice = entry.span.slice(done..<end)
            switch stroke.style.blendMode {
            case .normal, .erase:
                painter.drawSprites(slice, style: stroke.style, into: bakedLayer, projection: pageProjection)
            case .highlight:
                guard let layer = painter.pool.target("bake-highlight", width: pageWidth, height: pageHeight) else { return }
                if done == 0 { layer.clear() }
                layer.bind()
                painter.sprites.draw(slice, projection: pageProjection, brush: painter.brushes.texture(for: stroke.style.brush),
                             blend: .maximum)
                if end == entry.span.count {
                    bakedLayer.bind()
                    painter.copyWhole(layer, opacity: stroke.style.layerOpacity)
                }
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            if end == entry.span.count {
                bakedBoundary.advance(by: 1)
            } else {
                bakeProgress = end
            }
            if DispatchTime.now().uptimeNanoseconds >= deadline { break }
        }
    }

    /// Bakes a little (within `bakeBudget`), for a caller that draws its frames with `bakes: false`:
    /// right after a frame is presented, while the next one is not due. Flushed, so the rasterizer
    /// works on it in that pause rather than in the next frame.
    public func bakeBetweenFrames() {
        let bakes = list.count - bakedCount > undoWindow
        guard bakes || !undrawnBands.isEmpty else { return }
        // A band of a large page not drawn yet (`PageRenderer+Bands`), then baking.
        drawNextBand()
        if bakes { bake(budget: bakeBudget) }
        glFlush()
    }

    /// Bakes everything outside the undo window now (tests and exports that want a settled page).
    public func finishBaking() {
        while list.count - bakedCount > undoWindow { bake(budget: 1) }
    }
}
