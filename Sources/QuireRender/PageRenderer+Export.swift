import CGL
import QuireGeometry
import QuireImageIO
import QuireInk

/// Page images for export at any size: rendered from vectors a band at a time, each band in tiles
/// within the GL limits (`ExportTiling`), read back into a `PixelBufferRing` slot as whole image rows.
/// One tile target is kept (in the pool) and reused for every tile of every page.
extension PageRenderer {
    /// Opens a page for export: sprites go to the GPU and items are listed, but the page-sized ink and
    /// baked layers are not drawn (an export at another scale draws from vectors, so drawing them at
    /// 1× first would be wasted). They are drawn when something needs them (`drawLayersIfStale`).
    public func loadForExport(_ loaded: [RenderItem]) {
        forgetItems()
        storeEntries(loaded)
        painter.images.sweep()
        exportHasErasers = list.entries.contains { entry in
            if case let .stroke(stroke) = entry.item { stroke.style.blendMode == .erase } else { false }
        }
        layersAreStale = true
        view?.tiles.markAllStale()
    }

    /// Draws the ink and baked layers from the items after `loadForExport` skipped them, or again where
    /// they hold a backdrop the paper no longer asks for (see `layerBackdrop`).
    func drawLayersIfStale() {
        guard layersAreStale else {
            if layerBackdrop != paperBackdrop {
                // Set first: the redraw calls this again, and must find nothing more to do.
                layerBackdrop = paperBackdrop
                redraw(pageRect, bakedToo: true)
            }
            return
        }
        layersAreStale = false
        bakeProgress = nil
        clearPageLayers()
        drawItems(list.indices, into: inkLayer, projection: pageProjection)
        let toBake = max(0, list.count - undoWindow)
        if toBake > 0 {
            drawItems(0..<toBake, into: bakedLayer, projection: pageProjection)
            bakedBoundary.reset(to: toBake)
        }
    }

    /// Renders rows `band` of the page's image at `scale` (`tiling` says the image's size and columns)
    /// and reads them into `slot`, which must hold `band.count × tiling.width × 4` bytes: whole image
    /// rows, the band's bottom row first (GL's order), premultiplied. On a page with erasers, ink is
    /// drawn first on a clear tile and the paper under it ("destination over"), so erasers remove ink
    /// and never the paper, with no second layer or copy; without, straight onto the paper. The slot is read asynchronously where it is a pixel buffer (`ring.map`).
    public func readBand(_ band: Range<Int>, of tiling: ExportTiling, scale: Double, into slot: PixelBufferRing.Slot,
                         ring: PixelBufferRing) throws {
        let rows = band.count
        for column in tiling.columns {
            // Kept from tile to tile and page to page; rounded up no further than the tile limit, so
            // its viewport (with the guard band) stays within GL's.
            guard let target = painter.pool.target("export-tile", atLeast: column.count, rows, limit: tiling.tileLimit) else {
                throw RenderError.framebufferIncomplete(status: 0)
            }
            // The tile is the target's upper-left corner (page y down); in GL's rows, its top rows.
            let pageToTile = QuireGeometry.AffineTransform.scale(scale, scale)
                .concatenating(.translation(-Double(column.lowerBound), -Double(band.lowerBound)))
            let projection = PageProjection(width: target.width, height: target.height, pageToFramebuffer: pageToTile,
                                            guardBand: guardBand)
            let tile = Rect(x: 0, y: 0, width: Double(column.count), height: Double(rows))
            target.bind()
            Scissor.set(tile, framebufferHeight: target.height)
            // Ink blends "over" (associatively) except an eraser's "destination out", which must not
            // take the paper: with no eraser on the page the ink goes straight onto the paper; with one,
            // onto a clear tile with the paper put under it afterwards. (Scraps erase within layers of
            // their own.) Opaque paper only: "under" needs what is drawn to keep its alpha.
            let paperFirst = !exportHasErasers && paperColor.alpha >= 1
            if paperFirst {
                glClearColor(paperColor.red, paperColor.green, paperColor.blue, 1)
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                if paperPattern != .blank { painter.quads.fill(pageRect, projection: projection, color: paperColor, paper: paperPattern) }
                drawPaperImage(projection: projection)
            } else {
                glClearColor(0, 0, 0, 0)
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            let wholePage = column.count == tiling.width && rows == tiling.height
            if wholePage {
                drawItems(list.indices, into: target, projection: projection)
            } else {
                // Only the items whose cells meet the tile's part of the page (outset for rounding).
                let area = Rect(x: Double(column.lowerBound) / scale, y: Double(band.lowerBound) / scale,
                                width: Double(column.count) / scale, height: Double(rows) / scale).outsetBy(2)
                drawItems(list.indices(touching: area), into: target, projection: projection)
            }
            if !paperFirst {
                target.bind()
                Scissor.set(tile, framebufferHeight: target.height)
                drawPaper(projection: projection, behind: true)
            }
            Scissor.off()
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
            ring.read(x: 0, y: target.height - rows, width: column.count, height: rows, into: slot,
                      offset: column.lowerBound * 4, rowLength: tiling.width)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        }
        try GLCheck.noError(during: "page export")
    }
}
