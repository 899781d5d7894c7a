import CGL
import QuireGeometry

/// Scraps hanging over the page's edge, shown over the desk beside it. The page's layers are the
/// page's size and end at its edge, and so does its ink; a scrap (`SceneGroup.hangsOverPageEdge`) is
/// paper lying on the page, and where it sticks out past the edge the view draws it again over the
/// desk, from its vectors, in the page's order. Only the view does: exports and thumbnails are of the
/// page. A desk with nothing hanging over it costs a clear, as it did.
extension PageRenderer {
    /// Where the page lies in `view`'s window (its bounding box; the view only zooms and pans).
    func pageOnScreen(in view: ViewState) -> Rect {
        view.pageToWindow.apply(pageRect)
    }

    /// Draws over the desk within `windowRect` of `layer` (the view's) the scraps that reach there,
    /// through `projection`; leaves the scissor off. Ink being drawn shows on them there as on the page:
    /// the live stroke's final sprites over each scrap, inside its outline, before the next scrap up —
    /// the ink a scrap takes when the pen lifts (`Page.sticking`), the topmost scrap's where they overlap.
    func drawOverhangs(_ windowRect: Rect, of view: ViewState, into layer: RenderTarget, projection: PageProjection) {
        let parts = DeskArea.parts(of: windowRect, pageOnScreen: pageOnScreen(in: view))
        guard !parts.isEmpty else { return }
        layer.bind()
        let inking = live.isDrawing && live.blendMode == .normal
        for part in parts {
            let scraps = list.indices(touching: view.pageRect(ofWindowRect: part)).filter { list[$0].item.hangsOverPageEdge }
            guard !scraps.isEmpty else { continue }
            Scissor.set(part, framebufferHeight: view.height)
            guard inking else {
                drawItems(scraps, into: layer, projection: projection)
                continue
            }
            for scrap in scraps {
                drawItems([scrap], into: layer, projection: projection)
                guard case let .group(group) = list[scrap].item else { continue }
                painter.drawClipped(group.clip, in: layer, projection: projection) {
                    drawLiveSprites(into: layer, projection: projection)
                }
                layer.bind()
                Scissor.set(part, framebufferHeight: view.height)
            }
        }
        Scissor.off()
    }

    /// Brings the view up to date over the desk where `rect` (page pixels: an item that changed, as
    /// it was or is now) reaches past the page. Nothing when it lies within the page.
    func refreshDesk(around rect: Rect) {
        guard !rect.isNull, !rect.isEmpty else { return }
        if rect.minX >= 0, rect.minY >= 0, rect.maxX <= Double(pageWidth), rect.maxY <= Double(pageHeight) { return }
        if pendingRedraws != nil {
            pendingDeskRefreshes.append(rect)
            return
        }
        guard let view, let layer = viewLayer else { return }
        let window = Rect(x: 0, y: 0, width: Double(view.width), height: Double(view.height))
        let area = view.pageToWindow.apply(rect.outsetBy(1)).outsetBy(1).intersection(window)
        guard !area.isNull, !area.isEmpty else { return }
        let projection = view.projection(guardBand: guardBand)
        for part in DeskArea.parts(of: area, pageOnScreen: pageOnScreen(in: view)) {
            renderView(part, of: view, into: layer, projection: projection)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
