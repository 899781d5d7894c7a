import CGL
import QuireGeometry

/// The paper: its colour and pattern, then the picture printed on it (`paperImage`), under every item.
extension PageRenderer {
    /// Draws the paper into the bound target over what is there, or, `behind`, under it ("destination
    /// over": the picture first, so it lies above the colour put under it next).
    func drawPaper(projection: PageProjection, behind: Bool = false) {
        if behind {
            drawPaperImage(projection: projection, behind: true)
            painter.quads.fill(pageRect, projection: projection, color: paperColor, paper: paperPattern, behind: true)
        } else {
            painter.quads.fill(pageRect, projection: projection, color: paperColor, paper: paperPattern)
            drawPaperImage(projection: projection)
        }
    }

    /// Draws the picture printed on the paper, if there is one, into the bound target.
    func drawPaperImage(projection: PageProjection, behind: Bool = false) {
        guard let image = paperImage, !image.bounds.isNull,
              let texture = painter.images.texture(for: image.imageKey, image: image.image) else { return }
        painter.imageQuads.draw(texture, corners: image.corners, projection: projection, opacity: image.opacity, behind: behind)
    }
}
