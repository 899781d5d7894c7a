import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireRender
import QuireTestSupport
import XCTest

/// A soft round brush's ink in a vector PDF has the weight the renderer's sprites give it: the sprites
/// fade towards their rim, so a hard-edged outline as wide as the dabs would be a quarter too heavy.
/// Checked against the renderer's own image of the page: across the line, the ink summed and the width
/// where it is half dark.
final class SoftBrushVectorExportTests: XCTestCase {
    private var context: HeadlessGLContext?
    private var path = ""

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        path = NSTemporaryDirectory() + "quire-soft-brush-\(UUID().uuidString).pdf"
    }

    override func tearDown() {
        context = nil
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Darkness (255 − red) summed down column `x` between rows `top` and `bottom`, and the rows at
    /// least half dark.
    private func profile(_ image: RGBAImage, x: Int, top: Int, bottom: Int) -> (ink: Double, halfDark: Int) {
        var ink = 0.0, halfDark = 0
        for y in top..<bottom {
            let darkness = 255 - Double(image[x, y].r)
            ink += darkness
            if darkness >= 127.5 { halfDark += 1 }
        }
        return (ink, halfDark)
    }

    func testASoftBrushLineWeighsTheSameInThePDFAsOnScreen() throws {
        try checkLine(width: 40, halfDarkWithin: 2)
        try checkLine(width: 14, halfDarkWithin: 1)
    }

    private func checkLine(width: Double, halfDarkWithin tolerance: Double) throws {
        var style = StrokeStyle.defaults(for: .pen)
        style.brush = .softRound
        style.minimumWidth = width
        style.maximumWidth = width
        let samples = (0...120).map { i in
            InputSample(position: Point(40 + Double(i) * 2.5, 100), pressure: 1, time: Double(i) / 100, device: .pen)
        }
        let page = Page(size: PageSize(width: 400, height: 200), strokes: [Stroke(samples: samples, style: style)])

        let renderer = try PageRenderer(pageWidth: 400, pageHeight: 200)
        renderer.load(RenderItemBuilder().renderItems(of: page))
        let screen = try renderer.renderPageImage(scale: 1)

        let writer = try PDFExportWriter(path: path, pictures: { _ in throw CocoaError(.fileNoSuchFile) }, report: { _ in })
        try writer.add(page, number: 1)
        try writer.finish()
        let pdf = try PDFDocument(contentsOf: path).render(page: 0, scale: 1 / PDFExportWriter.pointsPerPixel)
        XCTAssertEqual(pdf.width, 400)

        for x in [120, 200, 280] {
            let onScreen = profile(screen, x: x, top: 50, bottom: 150)
            let inPDF = profile(pdf, x: x, top: 50, bottom: 150)
            XCTAssertGreaterThan(onScreen.ink, 255 * width * 0.6, "the line is drawn on screen at x = \(x)")
            // A full-width outline weighs 1/0.86 of the sprites; within 5 % is the same weight.
            XCTAssertEqual(inPDF.ink / onScreen.ink, 1, accuracy: 0.05, "\(width) px, ink across the line at x = \(x): \(inPDF) vs \(onScreen)")
            XCTAssertEqual(Double(inPDF.halfDark), Double(onScreen.halfDark), accuracy: tolerance,
                           "\(width) px, half-dark width at x = \(x): \(inPDF) vs \(onScreen)")
        }
    }
}
