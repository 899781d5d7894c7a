import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// The ruler's angle as a protractor reads it ("30°"), in small light text on a dark band at its
/// centre, shown whether or not the toolbar is. Laid out again only when the angle changes.
final class RulerLabel {
    static let textSize = 13.0
    var scale = 1.0
    private let text: TextRasterizer?
    private var laidOut: (label: String, scale: Double, run: GlyphRun)?

    init(text: TextRasterizer?) {
        self.text = text
    }

    func overlay(_ ruler: Ruler?, pageToWindow: AffineTransform) -> [OverlayItem] {
        guard let ruler, let text else { return [] }
        let label = "\(ruler.degrees)°"
        if laidOut?.label != label || laidOut?.scale != scale {
            guard let run = try? text.run(label, size: Self.textSize * scale) else { return [] }
            laidOut = (label, scale, run)
        }
        guard let run = laidOut?.run else { return [] }
        let centre = pageToWindow.apply(ruler.centre)
        let (width, height) = (Double(run.layout.width), Double(run.layout.height))
        let padding = 6 * scale
        let band = Rect(x: (centre.x - width / 2 - padding).rounded(), y: (centre.y - height / 2 - padding / 2).rounded(),
                        width: width + 2 * padding, height: height + padding)
        return [
            .polygon(InterfaceShape.roundedRect(band, radius: band.height / 2), color: InkColor(red: 0.12, green: 0.2, blue: 0.32, alpha: 0.85)),
            .text(run, at: Point(band.minX + padding, band.minY + padding / 2), color: (235, 240, 248, 255)),
        ]
    }
}
