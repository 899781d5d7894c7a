import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// The status at the window's top right: the notebook's title, which page of how many, and the zoom,
/// in small light text on a dark band. The text is laid out again only when it changes.
final class StatusLine {
    static let textSize = 13.0
    var scale = 1.0
    private let text: TextRasterizer?
    private var laidOut: (status: String, scale: Double, width: Int, run: GlyphRun)?

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// "Physics — page 3 of 12 · 150%".
    static func text(position: String, zoom: Double) -> String {
        "\(position) · \(Int((zoom * 100).rounded()))%"
    }

    func overlay(_ status: String, windowWidth: Int) -> [OverlayItem] {
        guard let text else { return [] }
        if laidOut?.status != status || laidOut?.scale != scale || laidOut?.width != windowWidth {
            guard let run = try? text.run(status, size: Self.textSize * scale, maximumWidth: max(40, windowWidth / 2)) else { return [] }
            laidOut = (status, scale, windowWidth, run)
        }
        guard let run = laidOut?.run else { return [] }
        let (width, height) = (Double(run.layout.width), Double(run.layout.height))
        let padding = 8 * scale, margin = 12 * scale
        let band = Rect(x: Double(windowWidth) - margin - width - 2 * padding, y: margin,
                        width: width + 2 * padding, height: height + padding)
        return [
            .polygon(InterfaceShape.roundedRect(band, radius: band.height / 2), color: InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 0.8)),
            .text(run, at: Point(band.minX + padding, band.minY + padding / 2), color: (230, 230, 235, 255)),
        ]
    }
}
