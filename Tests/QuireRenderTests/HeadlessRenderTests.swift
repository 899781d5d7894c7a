import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

extension StrokeRenderStyle {
    /// Plain ink with the built-in soft round brush.
    static let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
}

/// Real GL (Mesa through EGL, no X server), real pixels read back.
final class HeadlessRenderTests: HeadlessGLTestCase {

    private func stroke(from a: Point, to b: Point, diameter: Double = 6) -> [Sprite] {
        var builder = StraightStrokeBuilder(color: .black, minimumDiameter: diameter, maximumDiameter: diameter)
        return builder.begin(InputSample(position: a, time: 0)).committed
            + builder.add(InputSample(position: b, time: 0.1)).committed
    }

    func testAStrokeIsInkedAlongItsPathAndNowhereElse() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 100)
        renderer.append(SceneStroke(sprites: stroke(from: Point(20, 50), to: Point(180, 50)), style: .ink))
        let image = try renderer.renderPageImage()
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 100)
        for x in stride(from: 22, through: 178, by: 4) {
            XCTAssertTrue(image.isInked(x: x, y: 50), "no ink at x=\(x): \(image.saveForInspection(named: "stroke"))")
        }
        // The line is about 6 px thick and nothing lies far from it.
        XCTAssertLessThanOrEqual(image.inkedRun(column: 100, y0: 0, y1: 100), 6)
        XCTAssertGreaterThanOrEqual(image.inkedRun(column: 100, y0: 0, y1: 100), 2)
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 0, x1: 200, y1: 44), 0)
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 57, x1: 200, y1: 100), 0)
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 0, x1: 14, y1: 100), 0)
        XCTAssertEqual(image[5, 5], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "the paper is opaque white")
    }

    func testPageRowsAreTopFirstInTheExportedImage() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        renderer.append(SceneStroke(sprites: stroke(from: Point(10, 10), to: Point(90, 10)), style: .ink))
        let image = try renderer.renderPageImage()
        XCTAssertTrue(image.isInked(x: 50, y: 10))
        XCTAssertFalse(image.isInked(x: 50, y: 89))
    }

    func testADabCentredJustOutsideThePageStillDrawsItsInsidePart() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        let dab = Sprite(x: -3, y: 50, diameter: 16, color: .black)
        renderer.append(SceneStroke(sprites: [dab], style: .ink))
        let image = try renderer.renderPageImage()
        XCTAssertTrue(image.isInked(x: 0, y: 50), "the edge dab was culled: \(image.saveForInspection(named: "edge"))")
        XCTAssertTrue(image.isInked(x: 2, y: 50))
    }

    func testExportAtTwiceTheScaleDoublesTheImage() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 50)
        renderer.append(SceneStroke(sprites: stroke(from: Point(10, 25), to: Point(90, 25)), style: .ink))
        let image = try renderer.renderPageImage(scale: 2)
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 100)
        XCTAssertTrue(image.isInked(x: 100, y: 50))
        XCTAssertFalse(image.isInked(x: 100, y: 20))
    }

    func testClearingInkLeavesBlankPaper() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        renderer.append(SceneStroke(sprites: stroke(from: Point(10, 50), to: Point(90, 50)), style: .ink))
        renderer.clearInk()
        let image = try renderer.renderPageImage()
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 0, x1: 100, y1: 100), 0)
    }
}
