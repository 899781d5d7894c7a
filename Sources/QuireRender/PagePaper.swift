import QuireGeometry
import QuireInk

/// The paper a page is drawn on: its colour, its rules, grid or dots, and a picture printed on it (a
/// PDF page annotated on), under every item. It is paper, so an eraser takes the ink over it and never
/// it. The page's layers (`PageRenderer`) and export bands (`PageBandRenderer`) draw it alike.
struct PagePaper {
    var color = InkColor.white
    var pattern = PaperPattern.blank
    var image: SceneImage?

    /// Draws the paper over `pageRect` into the bound target over what is there, or, `behind`, under it
    /// ("destination over": the picture first, so it lies above the colour put under it next).
    func draw(with painter: ItemPainter, over pageRect: Rect, projection: PageProjection, behind: Bool = false) {
        if behind {
            drawImage(with: painter, projection: projection, behind: true)
            painter.quads.fill(pageRect, projection: projection, color: color, paper: pattern, behind: true)
        } else {
            painter.quads.fill(pageRect, projection: projection, color: color, paper: pattern)
            drawImage(with: painter, projection: projection)
        }
    }

    /// Draws the picture printed on the paper, if there is one, into the bound target.
    func drawImage(with painter: ItemPainter, projection: PageProjection, behind: Bool = false) {
        guard let image, !image.bounds.isNull,
              let texture = painter.images.texture(for: image) else { return }
        painter.imageQuads.draw(texture, corners: image.corners, projection: projection, opacity: image.opacity, behind: behind)
    }
}
