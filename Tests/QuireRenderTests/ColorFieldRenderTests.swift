import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// The colour picker's fields, drawn by the fragment shader: every pixel is `HSBColor.rgb` of its
/// centre's place in the field (to a level of 255), so the colour shown at a point is the colour picked
/// there.
final class ColorFieldRenderTests: HeadlessGLTestCase {
    private func assertField(_ shown: RGBAImage, _ rect: Rect, file: StaticString = #filePath, line: UInt = #line,
                             colorAt: (Point) -> InkColor) {
        var worst = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let wanted = colorAt(ColorField.coordinates(of: Point(Double(x) + 0.5, Double(y) + 0.5), in: rect))
                let pixel = shown[x, y]
                let levels = [wanted.red, wanted.green, wanted.blue].map { Int(($0 * 255).rounded()) }
                for (got, want) in zip([pixel.r, pixel.g, pixel.b].map(Int.init), levels) { worst = max(worst, abs(got - want)) }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "a pixel is \(worst) levels off its colour \(shown.saveForInspection(named: "color-field"))",
                                 file: file, line: line)
    }

    func testTheSquareAndTheStripAreTheHSBColoursOfTheirPixels() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        let window = try RenderTarget(width: 300, height: 260)
        let square = Rect(x: 20, y: 30, width: 200, height: 200), strip = Rect(x: 240, y: 30, width: 24, height: 200)
        for hue in [0.0, 0.13, 0.5, 5.0 / 6, 0.97] {
            let overlay: [OverlayItem] = [.colorField(.saturationBrightness(hue: hue), rect: square), .colorField(.hue, rect: strip)]
            renderer.drawView(width: 300, height: 260, pageToWindow: .identity, overlay: overlay, into: window)
            let shown = window.readPixels()
            assertField(shown, square) { HSBColor(hue: hue, saturation: $0.x, brightness: 1 - $0.y).rgb }
            assertField(shown, strip) { HSBColor(hue: $0.y, saturation: 1, brightness: 1).rgb }
            XCTAssertEqual(shown[10, 100].luma, shown[280, 100].luma, "nothing drawn outside the fields")
        }
    }
}
