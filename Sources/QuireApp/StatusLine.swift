import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText

/// The status at the window's top right: the notebook's title, which page of how many, and the zoom,
/// in small light text on a dark band. The text is rendered again only when it changes.
final class StatusLine {
    static let textSize = 13.0
    var scale = 1.0
    private let text: TextRasterizer?
    private var rendered: (status: String, scale: Double, image: RGBAImage)?

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// "Physics — page 3 of 12 · 150%".
    static func text(position: String, zoom: Double) -> String {
        "\(position) · \(Int((zoom * 100).rounded()))%"
    }

    func overlay(_ status: String, windowWidth: Int) -> [OverlayItem] {
        guard let text else { return [] }
        if rendered?.status != status || rendered?.scale != scale {
            guard let image = try? text.render(status, size: Self.textSize * scale, color: (230, 230, 235, 255),
                                               maximumWidth: max(40, windowWidth / 2)) else { return [] }
            rendered = (status, scale, image)
        }
        guard let image = rendered?.image else { return [] }
        let padding = 8 * scale, margin = 12 * scale
        let band = Rect(x: Double(windowWidth) - margin - Double(image.width) - 2 * padding, y: margin,
                        width: Double(image.width) + 2 * padding, height: Double(image.height) + padding)
        return [
            .polygon(InterfaceShape.roundedRect(band, radius: band.height / 2), color: InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 0.8)),
            .image(key: "status-\(status)-\(scale)", image: image,
                   rect: Rect(x: band.minX + padding, y: band.minY + padding / 2, width: Double(image.width), height: Double(image.height)),
                   opacity: 1),
        ]
    }
}
