import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuireRender
import QuireTestSupport
import XCTest

/// The overlay draws opaque rectangles, pictures and text straight into the frame and puts only the
/// stencil-filled shapes on a scratch layer joined over their own area: the pixels are what the items
/// in order give, and the layer stays off a full-window background (the page sorter's).
final class OverlayLayerTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private let dark = InkColor(red: 28 / 255, green: 28 / 255, blue: 33 / 255)

    private func rectangle(_ rect: Rect) -> [Point] {
        [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)]
    }

    private func assertPixel(_ pixel: RGBAImage.Pixel, _ expected: (Double, Double, Double), _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Int(pixel.r), Int(expected.0.rounded()), accuracy: 2, message, file: file, line: line)
        XCTAssertEqual(Int(pixel.g), Int(expected.1.rounded()), accuracy: 2, message, file: file, line: line)
        XCTAssertEqual(Int(pixel.b), Int(expected.2.rounded()), accuracy: 2, message, file: file, line: line)
    }

    func testASorterLikeOverlayShowsItsItemsInOrderAndKeepsTheLayerToTheShapesThatNeedIt() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 400, height: 300)
        let whole = Rect(x: 0, y: 0, width: 400, height: 300)
        let card = Rect(x: 40, y: 60, width: 100, height: 120)
        let other = Rect(x: 200, y: 60, width: 100, height: 120)
        let ring = [Point(196, 56), Point(304, 56), Point(304, 184), Point(196, 184), Point(196, 56)]
        let overlay: [OverlayItem] = [
            .polygon(rectangle(whole), color: dark),
            .image(key: "green", image: F.solid(0, 255, 0), rect: card, opacity: 1),
            .image(key: "blue", image: F.solid(0, 0, 255), rect: other, opacity: 0.5),
            .polyline(ring, width: 3, color: InkColor(red: 1, green: 0, blue: 0)),
            // Half-transparent white over the green card's lower half, then an opaque plain card over
            // part of that, then a translucent bar over the plain card: each must land over the one before.
            .polygon([Point(40, 120), Point(140, 120), Point(90, 180)], color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.5)),
            .polygon(rectangle(Rect(x: 80, y: 140, width: 40, height: 40)), color: InkColor(red: 1, green: 1, blue: 0)),
            .polygon(InterfaceShapeFixture.roundedBar(Rect(x: 84, y: 160, width: 32, height: 10)),
                     color: InkColor(red: 0, green: 0, blue: 0, alpha: 0.5)),
        ]
        renderer.drawView(width: 400, height: 300, pageToWindow: .identity, overlay: overlay, into: window)
        let shown = window.readPixels()
        let note = shown.saveForInspection(named: "overlay-layer")
        let background = (28.0, 28.0, 33.0)
        assertPixel(shown[10, 10], background, "the background, page hidden: \(note)")
        assertPixel(shown[350, 250], background, "the background")
        assertPixel(shown[90, 80], (0, 255, 0), "the opaque picture")
        assertPixel(shown[250, 80], (28 * 0.5, 28 * 0.5, 33 * 0.5 + 127.5), "the half-transparent picture over the background")
        assertPixel(shown[250, 56], (255, 0, 0), "the ring")
        assertPixel(shown[250, 120], (14, 14, 143.5), "inside the ring, the picture")
        assertPixel(shown[60, 125], (127.5, 255, 127.5), "the translucent triangle over the green card")
        assertPixel(shown[100, 145], (255, 255, 0), "the opaque card over the triangle")
        assertPixel(shown[100, 165], (127.5, 127.5, 0), "the translucent bar over the opaque card")

        // The layer covered the ring, the triangle and the bar (a pixel or two beyond each), not the
        // window nor the gaps between them.
        let layer = renderer.overlayRenderer.lastLayerArea
        XCTAssertGreaterThan(layer, 0)
        XCTAssertLessThanOrEqual(layer, Double(116 * 136 + 102 * 62 + 36 * 14), "the layer spread beyond the shapes that need it")
    }

    func testAPartialFrameRedrawsTheOverlayOnlyInsideItsRectangle() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 300, height: 200)
        let overlay: [OverlayItem] = [
            .polygon(rectangle(Rect(x: 0, y: 0, width: 300, height: 200)), color: dark),
            .polyline([Point(20, 20), Point(280, 20)], width: 4, color: InkColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
        ]
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window)
        // The same overlay again, a partial frame: nothing changed, so nothing blends twice.
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window, onlyWhatChanged: true)
        let shown = window.readPixels()
        assertPixel(shown[150, 20], (127.5 + 14, 14, 16.5), "half-transparent red over the background, once")
        assertPixel(shown[150, 100], (28, 28, 33), "the background")
    }

    func testAPartialFrameThatMissesTheOverlaysPicturesKeepsThemUploaded() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 300, height: 200)
        let overlay: [OverlayItem] = [
            .image(key: "thumbnail", image: F.solid(0, 128, 255), rect: Rect(x: 240, y: 140, width: 40, height: 40), opacity: 1),
        ]
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window)
        let uploads = renderer.imageUploads
        // New ink far from the picture: the partial frame draws only the ink's rectangle.
        renderer.append(F.line(Point(10, 20), Point(60, 20)))
        let area = renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window,
                                     onlyWhatChanged: true)
        XCTAssertNotNil(area)
        XCTAssertFalse(area?.intersects(Rect(x: 240, y: 140, width: 40, height: 40)) ?? true, "the frame was partial")
        XCTAssertEqual(renderer.imageTextureCount, 1, "the picture still shown was let go")
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, overlay: overlay, into: window)
        XCTAssertEqual(renderer.imageUploads, uploads, "the picture was uploaded again")
        XCTAssertEqual(window.readPixels()[260, 160], RGBAImage.Pixel(r: 0, g: 128, b: 255, a: 255))
    }

    func testThePlanKeepsOverlappingItemsInOrderAndBatchesTheRest() {
        let white = InkColor(red: 1, green: 1, blue: 1)
        func text(at x: Double, _ y: Double) -> OverlayItem {
            // One glyph 60 × 14 (its bounds are what the plan reads; the page is never drawn here).
            .text(OverlayText(origin: Point(x, y), width: 60, height: 14,
                              glyphs: [OverlayGlyph(page: 0, sourceX: 0, sourceY: 0, width: 60, height: 14, x: 0, y: 0)],
                              pages: [], color: white, opacity: 1))
        }
        let overlay: [OverlayItem] = [
            .polygon(rectangle(Rect(x: 0, y: 0, width: 400, height: 300)), color: dark),  // 0: straight in
            text(at: 10, 10),  // 1
            .polyline([Point(200, 100), Point(300, 100)], width: 2, color: white),  // 2: layer, clear of the text
            text(at: 10, 40),  // 3: clear of the layer, same batch of text
            .polygon([Point(0, 0), Point(50, 0), Point(0, 50)], color: white),  // 4: over text 1: text first
            .image(key: "x", image: F.solid(1, 2, 3), rect: Rect(x: 250, y: 90, width: 20, height: 20), opacity: 1),  // 5: over the layer
            .polygon(rectangle(Rect(x: 500, y: 500, width: 10, height: 10)), color: white),  // 6: outside the window
        ]
        var plan = OverlayPlan()
        plan.make(for: overlay, within: Rect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertEqual(plan.steps, [
            .direct(0), .text(1), .beginLayer(0..<2), .onLayer(2), .text(3), .drawTexts, .onLayer(4), .joinLayer(0..<2), .direct(5),
        ])
        // The line's and the triangle's own rectangles (a pixel beyond, whole pixels), not their union.
        XCTAssertEqual(Set(plan.layerRects.map { "\($0)" }), Set([Rect(x: 197, y: 97, width: 106, height: 6), Rect(x: 0, y: 0, width: 51, height: 51)].map { "\($0)" }))
    }

    /// A selection frame round a large scrap (upright, and turned) puts only its lines on the layer,
    /// not the scrap inside it: a drag's frames redrew and joined the whole inside every frame. A
    /// translucent line is still drawn once where its sides meet.
    func testAFrameRoundALargeAreaLayersOnlyItsLines() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 800, height: 600)
        let line = InkColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        let upright = [Point(100, 100), Point(700, 100), Point(700, 500), Point(100, 500), Point(100, 100)]
        let turn = AffineTransform.translation(-400, -300).concatenating(.rotation(0.3)).concatenating(.translation(400, 300))
        for (name, corners) in [("upright", upright), ("turned", upright.map(turn.apply))] {
            let overlay: [OverlayItem] = [.polygon(rectangle(Rect(x: 0, y: 0, width: 800, height: 600)), color: dark),
                                          .polyline(corners, width: 2, color: line),
                                          .polyline([Point(400, 100), Point(400, 70)].map(name == "turned" ? turn.apply : { $0 }), width: 2, color: line)]
            var plan = OverlayPlan()
            plan.make(for: overlay, within: Rect(x: 0, y: 0, width: 800, height: 600))
            // Upright: four sides of 600 and 400 px, each 6 px wide (the line's 2, its half-width and a pixel
            // each side: 12,180 px with the stem); turned, the sides' 128-px pieces' boxes. The inside is
            // 240,000 px, the turned frame's box 395,000.
            XCTAssertLessThan(plan.layerArea, name == "upright" ? 13_000 : 100_000, "\(name): \(plan.layerRects)")
            XCTAssertLessThanOrEqual(plan.layerRects.count, OverlayPlan.rectanglesPerBatch)
            for (i, a) in plan.layerRects.enumerated() {
                for b in plan.layerRects[(i + 1)...] { XCTAssertFalse(a.sharesPixels(with: b), "\(name): \(a) and \(b) overlap") }
            }
            renderer.drawView(width: 800, height: 600, pageToWindow: .identity, overlay: overlay, into: window)
            let shown = window.readPixels()
            let note = shown.saveForInspection(named: "overlay-frame-\(name)")
            let once = (28 * 0.5 + 127.5, 28 * 0.5 + 127.5, 33 * 0.5 + 127.5)
            let corner = name == "upright" ? Point(100, 100) : turn.apply(Point(100, 100))
            let side = name == "upright" ? Point(400, 500) : turn.apply(Point(400, 500))
            assertPixel(shown[Int(side.x), Int(side.y)], once, "\(name): a side, drawn once: \(note)")
            assertPixel(shown[Int(corner.x.rounded()), Int(corner.y.rounded())], once, "\(name): a corner, drawn once where two sides meet")
            assertPixel(shown[400, 300], (28, 28, 33), "\(name): the inside")
        }
    }

    /// A scissors loop's hundreds of dashes make one batch of a few rectangles (its bounding box past
    /// the limit), never hundreds of clears and joins, and every dash lies inside them.
    func testHundredsOfDashesMakeABatchOfFewRectanglesHoldingThemAll() {
        let dashes: [OverlayItem] = (0..<400).map { k in
            let angle = Double(k) / 400 * 2 * .pi
            let a = Point(400 + 250 * cos(angle), 300 + 250 * sin(angle))
            return .polyline([a, a + Point(3, 2)], width: 1.5, color: InkColor(red: 0, green: 0, blue: 0))
        }
        var plan = OverlayPlan()
        plan.make(for: dashes, within: Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertLessThanOrEqual(plan.layerRects.count, OverlayPlan.rectanglesPerBatch)
        for item in dashes {
            let box = item.bounds
            XCTAssertTrue(plan.layerRects.contains(where: { $0.contains(box.center) }), "a dash outside the layer: \(box)")
        }
    }

    func testOnlyRectanglesWithEdgesAlongTheAxesAreDrawnStraightIn() {
        let white = InkColor(red: 1, green: 1, blue: 1)
        XCTAssertEqual(OverlayItem.uprightRectangle([Point(3, 4), Point(3, 9), Point(8, 9), Point(8, 4)]),
                       Rect(x: 3, y: 4, width: 5, height: 5))
        XCTAssertEqual(OverlayItem.uprightRectangle([Point(8, 9), Point(3, 9), Point(3, 4), Point(8, 4), Point(8, 9)]),
                       Rect(x: 3, y: 4, width: 5, height: 5))
        XCTAssertNil(OverlayItem.uprightRectangle([Point(0, 0), Point(10, 0), Point(12, 10), Point(0, 10)]), "a slanted side")
        XCTAssertNil(OverlayItem.uprightRectangle([Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]), "a bow tie")
        XCTAssertEqual(OverlayItem.polyline([Point(0, 0), Point(1, 1)], width: 1, color: white).placement, .layer)
    }
}

/// A bar with rounded ends, as the interface draws them (a polygon the stencil fills).
private enum InterfaceShapeFixture {
    static func roundedBar(_ rect: Rect) -> [Point] {
        let r = rect.height / 2
        var points: [Point] = []
        for i in 0...8 {
            let a = Double.pi / 2 + Double(i) / 8 * Double.pi
            points.append(Point(rect.minX + r + cos(a) * r, rect.center.y - sin(a) * r))
        }
        for i in 0...8 {
            let a = -Double.pi / 2 + Double(i) / 8 * Double.pi
            points.append(Point(rect.maxX - r + cos(a) * r, rect.center.y - sin(a) * r))
        }
        return points
    }
}
