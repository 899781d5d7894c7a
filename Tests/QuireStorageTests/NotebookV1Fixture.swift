import Foundation
import QuireDocument
import QuireGeometry
import QuireInk

/// What `Fixtures/notebook-v1.quire` holds: a notebook written by the last schema-1 Quire (commit
/// b2ea93f, whose store was still version 1) from exactly these values, so a test can open a copy,
/// let it migrate, and compare every stroke sample for sample.
///
/// Made by `NotebookV1FixtureMaker` (run with `QUIRE_WRITE_V1_FIXTURE=1` against schema-1 code), then
/// committed; the file must never be regenerated with newer code, or it would stop being a v1 file.
enum NotebookV1Fixture {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/notebook-v1.quire").path
    }

    static let title = "Fixture v1"
    static let firstPage = PageID("0f1e2d3c-4b5a-4697-8877-665544332211")
    static let secondPage = PageID("a1b2c3d4-e5f6-4a0b-9c8d-7e6f5a4b3c2d")
    static let ruled = PageBackground(pattern: .ruled, paperColor: InkColor(red: 1, green: 0.98, blue: 0.9),
                                      lineColor: InkColor(red: 0.5, green: 0.6, blue: 1), spacing: 28)
    /// The saved view: the second page, zoomed 1.5× and scrolled.
    static let view = NotebookView(pageID: secondPage,
                                   pageToWindow: AffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: -120, ty: 36))
    /// The first page's thumbnail, saved while current; the second page's was saved before its last
    /// stroke, so it is stale.
    static let firstThumbnail: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4]
    static let secondThumbnail: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 8, 7]

    /// A stroke of `count` samples from `device`: pressure and tilt only where a pen would have them.
    static func stroke(_ tool: InkTool, device: InputDeviceKind, y: Double, count: Int, tilt: Bool = true,
                       color: StrokeColor = .rgb(.black)) -> Stroke {
        let samples = (0..<count).map { i -> InputSample in
            let d = Double(i)
            let stylus = device == .pen || device == .eraser
            return InputSample(position: Point(40 + d * 3.25, y + 8 * sin(d / 4)),
                               pressure: stylus ? 0.2 + 0.015 * d : nil,
                               tiltX: stylus && tilt ? 20 - d / 3 : 0, tiltY: stylus && tilt ? -7 + d / 5 : 0,
                               time: 81_234.5 + y / 10 + d / 200, device: device)
        }
        return Stroke(samples: samples, style: .defaults(for: tool, color: color))
    }

    /// The first page: A4, ruled, a stroke of every tool (pen with pressure and tilt, marker, highlighter
    /// with the mouse, eraser end with pressure, a pen stroke without tilt, and a mouse-drawn pen stroke).
    static let firstStrokes: [Stroke] = [
        stroke(.pen, device: .pen, y: 100, count: 40, color: .rgb(InkColor(red: 0.1, green: 0.2, blue: 0.7))),
        stroke(.marker, device: .pen, y: 160, count: 25, color: .rgb(InkColor(red: 0.9, green: 0.1, blue: 0.1))),
        stroke(.highlighter, device: .mouse, y: 220, count: 30, color: .rgb(InkColor(red: 1, green: 0.9, blue: 0))),
        stroke(.eraser, device: .eraser, y: 280, count: 20),
        stroke(.pen, device: .pen, y: 340, count: 12, tilt: false,
               color: .cmyk(CMYKColor(cyan: 0.1, magenta: 0.2, yellow: 0.3, black: 0.4))),
        stroke(.pen, device: .mouse, y: 400, count: 18),
    ]
    /// The second page: Letter, landscape, dotted; two strokes, the second drawn after its thumbnail.
    static let secondStrokes: [Stroke] = [
        stroke(.pen, device: .pen, y: 120, count: 33),
        stroke(.marker, device: .pen, y: 200, count: 7),
    ]

    static var pages: [Page] {
        [Page(id: firstPage, size: .a4, background: ruled, strokes: firstStrokes),
         Page(id: secondPage, size: PageSize.letter.turned(to: .landscape), background: PageBackground(pattern: .dotted, spacing: 20),
              strokes: secondStrokes)]
    }
}
