import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// `--show-latency`: the input → swap latency of the last input frames (`LatencySummary.overlayText`)
/// in small light text on a dark band at the window's bottom right (the toolbar is at the left, the notice line in the middle). Its words change at most twice a
/// second (`LatencyStatistics`), and only then is a frame wanted for it: it never adds a frame per event.
final class LatencyLine {
    static let textSize = 12.0
    var scale = 1.0
    private let text: TextRasterizer?
    /// The words to show; nil until the first input frame is measured.
    private var words: String?
    private var serial = 0
    private var laidOut: (serial: Int, scale: Double, run: GlyphRun)?
    /// The serial of the words the last frame drew.
    private var drawn = 0

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// New words to show (a frame is then wanted).
    func show(_ words: String) {
        guard words != self.words else { return }
        self.words = words
        serial += 1
    }

    /// Whether the words changed since the last frame drew them.
    var needsFrame: Bool { text != nil && serial != drawn }

    func overlay(windowWidth: Int, windowHeight: Int) -> [OverlayItem] {
        drawn = serial
        guard let text, let words else { return [] }
        if laidOut?.serial != serial || laidOut?.scale != scale {
            guard let run = try? text.run(words, size: Self.textSize * scale) else { return [] }
            laidOut = (serial, scale, run)
        }
        guard let run = laidOut?.run else { return [] }
        let padding = 6 * scale, margin = 8 * scale
        let width = Double(run.layout.width) + 2 * padding, height = Double(run.layout.height) + padding
        let band = Rect(x: Double(windowWidth) - margin - width, y: Double(windowHeight) - margin - height,
                        width: width, height: height)
        return [
            .polygon(InterfaceShape.roundedRect(band, radius: 4 * scale), color: InkColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 0.85)),
            .text(run, at: Point(band.minX + padding, band.minY + padding / 2), color: (235, 235, 235, 255)),
        ]
    }
}
