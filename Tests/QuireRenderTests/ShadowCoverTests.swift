import QuireGeometry
@testable import QuireRender
import XCTest

/// What a shadow's mask draws of its rectangle (`ShadowCover`): every darkened pixel the stencil lets
/// through (its centre outside the scrap's own outline, judged here by a plain crossing count), no pixel
/// twice (a pixel in two rectangles would be darkened twice), nothing outside the rectangle, and little
/// of what lies well under the scrap.
final class ShadowCoverTests: XCTestCase {
    /// Checks the cover of the mask of `outlines` over the rectangle; returns the fraction of the
    /// rectangle's pixels it covers.
    @discardableResult
    private func assertCovers(_ outlines: [[Point]], shadow: SceneShadow = .paper,
                              pageToFramebuffer: QuireGeometry.AffineTransform = .identity,
                              x: Int, y: Int, width: Int, height: Int, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let mask = try XCTUnwrap(ShadowMask(outlines: outlines, shadow: shadow, pageToFramebuffer: pageToFramebuffer,
                                            x: x, y: y, width: width, height: height), what, file: file, line: line)
        let toPage = try XCTUnwrap(pageToFramebuffer.inverted)
        var times = [Int](repeating: 0, count: width * height)
        for r in mask.cover.rectangles {
            XCTAssertTrue(r.x0 >= x && r.y0 >= y && r.x1 <= x + width && r.y1 <= y + height && r.x0 < r.x1 && r.y0 < r.y1,
                          "\(what): \(r) lies in the mask's rectangle", file: file, line: line)
            for row in max(r.y0, y)..<min(r.y1, y + height) {
                for column in max(r.x0, x)..<min(r.x1, x + width) { times[(row - y) * width + column - x] += 1 }
            }
        }
        var missing = 0, twice = 0, first = ""
        for row in 0..<height {
            for column in 0..<width {
                let index = row * width + column
                if times[index] > 1 { twice += 1 }
                guard mask.alpha[index] > 0, times[index] == 0 else { continue }
                // Left out: only a pixel whose centre lies under the scrap, clear of its edge, may be.
                let centre = toPage.apply(Point(Double(x + column) + 0.5, Double(y + row) + 0.5))
                let (inside, distance) = OutlineByBruteForce.locate(centre, in: outlines)
                if !inside || distance <= 0.01 / abs(pageToFramebuffer.determinant).squareRoot() {
                    if missing == 0 { first = "first at (\(x + column), \(y + row))" }
                    missing += 1
                }
            }
        }
        XCTAssertEqual(missing, 0, "\(what): darkened pixels the stencil lets through are left out, \(first)", file: file, line: line)
        XCTAssertEqual(twice, 0, "\(what): pixels drawn twice", file: file, line: line)
        XCTAssertEqual(mask.cover.triangles.count, mask.cover.rectangles.count * 12, what, file: file, line: line)
        return Double(times.filter { $0 > 0 }.count) / Double(width * height)
    }

    func testTheCoverHoldsEveryPixelTheShadowDarkensOutsideTheScrapAndLittleUnderIt() throws {
        // A large square turned a little: its inside is most of the rectangle, and the cover leaves it out.
        let square = [Point(40, 40), Point(440, 40), Point(440, 340), Point(40, 340)]
            .map { QuireGeometry.AffineTransform.rotation(0.04).apply($0) }
        let fraction = try assertCovers([square], x: 20, y: 40, width: 440, height: 330, "a turned square")
        XCTAssertLessThan(fraction, 0.2, "the inside of the square is left out")
        // The upper piece of a wavy cut, as the scissors make them: the page below the wave is clear.
        let wave = (0...40).map { k in Point(300 - Double(k) * 6, 150 + 30 * sin(Double(k) / 7)) }
        let piece = [Point(60, 40), Point(300, 40)] + wave
        let wavy = try assertCovers([piece], x: 55, y: 35, width: 252, height: 155, "a piece of a wavy cut")
        XCTAssertLessThan(wavy, 0.5)
        // A ring (a hole shows the shadow of its rim), zoomed and moved so edges fall between pixels.
        let outer = [Point(10, 10), Point(210, 14), Point(205, 190), Point(12, 185)]
        let hole = [Point(70, 60), Point(150, 62), Point(148, 130), Point(72, 128)]
        try assertCovers([outer, hole], pageToFramebuffer: QuireGeometry.AffineTransform.scale(1.7, 1.7).concatenating(.translation(3.3, -2.6)),
                         x: 0, y: 0, width: 380, height: 330, "a ring at 170 %")
        // A long offset and a wide softness: the shadow reaches far from the scrap.
        try assertCovers([square], shadow: SceneShadow(offsetX: 12, offsetY: -9, softness: 20, opacity: 0.8),
                         x: 0, y: 0, width: 500, height: 400, "a long soft shadow")
        // A sliver thinner than a pixel: nothing is well under it, so all of its shadow is drawn.
        let sliver = [Point(10, 10), Point(390, 300), Point(389.6, 300.4)]
        try assertCovers([sliver], x: 0, y: 0, width: 400, height: 320, "a sliver")
        // Mask rectangles of one row, one column and one pixel.
        try assertCovers([square], x: 30, y: 100, width: 480, height: 1, "a row")
        try assertCovers([square], x: 38, y: 20, width: 1, height: 360, "a column")
        try assertCovers([square], x: 40, y: 40, width: 1, height: 1, "a pixel")
    }

    func testAClearMaskHasNoCover() throws {
        let square = [[Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]]
        let far = try XCTUnwrap(ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .identity,
                                           x: 300, y: 300, width: 50, height: 50))
        XCTAssertEqual(far.cover.rectangles, [])
        // Wholly under the scrap, away from its edges: darkened, but nothing the stencil lets through.
        let under = try XCTUnwrap(ShadowMask(outlines: square, shadow: .paper, pageToFramebuffer: .identity,
                                             x: 30, y: 30, width: 40, height: 40))
        XCTAssertFalse(under.isClear)
        // Only where the rectangle's own edge leaves a pixel's neighbours unknown: its first and last
        // bands of rows, and its first and last columns.
        XCTAssertTrue(under.cover.rectangles.allSatisfy { $0.x0 == 30 && $0.x1 == 31 || $0.x0 == 69 && $0.x1 == 70 || $0.y0 == 30 || $0.y1 == 70 },
                      "\(under.cover.rectangles)")
        XCTAssertEqual(under.cover.rectangles.map { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) }.reduce(0, +),
                       2 * 40 * ShadowCover.bandRows + 2 * (40 - 2 * ShadowCover.bandRows))
    }
}
