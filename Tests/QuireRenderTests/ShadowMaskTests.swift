import QuireGeometry
@testable import QuireRender
import XCTest

/// A scrap's shadow worked out on the processor, pixel by pixel, against the definition written out
/// plainly: the opacity where the moved outline covers a pixel's centre (even-odd), else the quadratic
/// fall-off by the distance to the nearest moved segment, nothing beyond the softness.
final class ShadowMaskTests: XCTestCase {
    /// What a pixel centre (framebuffer) should hold, by brute force over every segment.
    private func expected(at centre: Point, outlines: [[Point]], shadow: SceneShadow, toPage: QuireGeometry.AffineTransform) -> UInt8 {
        let p = toPage.apply(centre) - Point(shadow.offsetX, shadow.offsetY)
        let (inside, nearest) = OutlineByBruteForce.locate(p, in: outlines)
        let opacity = Double(shadow.opacity)
        if inside { return UInt8((opacity * 255).rounded()) }
        guard shadow.softness > 0, nearest < shadow.softness else { return 0 }
        let t = 1 - nearest / shadow.softness
        return UInt8((opacity * 255 * t * t).rounded())
    }

    private func assertMatchesDefinition(_ outlines: [[Point]], shadow: SceneShadow, pageToFramebuffer: QuireGeometry.AffineTransform,
                                         x: Int, y: Int, width: Int, height: Int, _ what: String,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let mask = try XCTUnwrap(ShadowMask(outlines: outlines, shadow: shadow, pageToFramebuffer: pageToFramebuffer,
                                            x: x, y: y, width: width, height: height), what, file: file, line: line)
        XCTAssertEqual(mask.alpha.count, width * height)
        let toPage = try XCTUnwrap(pageToFramebuffer.inverted)
        var differing = 0, darkened = 0, first = ""
        for row in 0..<height {
            for column in 0..<width {
                let centre = Point(Double(x + column) + 0.5, Double(y + row) + 0.5)
                let want = expected(at: centre, outlines: outlines, shadow: shadow, toPage: toPage)
                let got = mask.alpha[row * width + column]
                if want > 0 { darkened += 1 }
                // A pixel centre exactly on a segment, or a rounding exactly at a half, may go either
                // way by one; more is a wrong mask.
                if abs(Int(want) - Int(got)) > 1 || (want == 0) != (got == 0) {
                    if differing == 0 { first = "first at (\(x + column), \(y + row)): \(got), not \(want)" }
                    differing += 1
                }
            }
        }
        XCTAssertEqual(differing, 0, "\(what): \(first)", file: file, line: line)
        XCTAssertGreaterThan(darkened, width + height, "\(what): the shadow is in the rectangle", file: file, line: line)
        XCTAssertFalse(mask.isClear, what, file: file, line: line)
    }

    func testTheMaskIsTheShadowsDefinitionAtEveryPixel() throws {
        // A dart with a square hole (even-odd), turned a little, so no edge runs along the pixel grid.
        let dart = [Point(40, 30), Point(170, 45), Point(150, 160), Point(100, 120), Point(35, 150)]
            .map { QuireGeometry.AffineTransform.rotation(0.05).apply($0) }
        let hole = [Point(70, 60), Point(100, 60), Point(100, 85), Point(70, 85)]
        try assertMatchesDefinition([dart, hole], shadow: .paper, pageToFramebuffer: .identity,
                                    x: 20, y: 20, width: 170, height: 160, "the paper shadow at 100 %")
        // Zoomed and moved, part of it off the rectangle: distances stay in page pixels.
        try assertMatchesDefinition([dart, hole], shadow: .paper,
                                    pageToFramebuffer: QuireGeometry.AffineTransform.scale(2.5, 2.5).concatenating(.translation(-30, 12)),
                                    x: 100, y: 80, width: 300, height: 260, "zoomed to 250 %")
        // Moved further than it is soft: the moved shape shows a wide band at full opacity.
        try assertMatchesDefinition([dart], shadow: SceneShadow(offsetX: 9, offsetY: -6, softness: 4, opacity: 0.8),
                                    pageToFramebuffer: .identity, x: 20, y: 10, width: 180, height: 170, "a long offset")
        // Not soft at all: only the moved shape.
        try assertMatchesDefinition([dart], shadow: SceneShadow(offsetX: 3, offsetY: 3, softness: 0, opacity: 0.5),
                                    pageToFramebuffer: .identity, x: 20, y: 20, width: 170, height: 160, "a hard shadow")
        // One long slanted edge, taken a short piece at a time.
        let sliver = [Point(10, 10), Point(390, 300), Point(380, 310)]
        try assertMatchesDefinition([sliver], shadow: SceneShadow(offsetX: 1, offsetY: 2, softness: 6, opacity: 1),
                                    pageToFramebuffer: .identity, x: 0, y: 0, width: 400, height: 320, "a long slant")
    }

    func testPixelsAwayFromTheOutlineStayClearAndBadInputMakesNoMask() {
        let square = [[Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]]
        let far = ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .identity, x: 300, y: 300, width: 50, height: 50)
        XCTAssertEqual(far?.isClear, true, "a rectangle the shadow does not reach")
        XCTAssertEqual(far?.alpha.allSatisfy { $0 == 0 }, true)
        var broken = SceneShadow.paper
        broken.softness = .nan
        XCTAssertNil(ShadowMask(outlines: square, shadow: broken, pageToFramebuffer: .identity, x: 0, y: 0, width: 10, height: 10))
        XCTAssertNil(ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .scale(0, 1), x: 0, y: 0, width: 10, height: 10),
                     "a map that collapses the page")
        XCTAssertNil(ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .identity, x: 0, y: 0, width: 0, height: 10))
        XCTAssertNil(ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .identity, x: 0, y: 0,
                                width: ShadowMask.maximumPixels, height: 2), "more pixels than a mask may hold")
        // An outline far outside the rectangle, at a zoom that puts it billions of pixels away.
        let huge = ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .scale(1e9, 1e9), x: 0, y: 0, width: 8, height: 8)
        XCTAssertEqual(huge?.alpha.count, 64)
    }
}
