import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// A scrap hanging over the page's edge is drawn over the desk beside it, with its shadow, at every
/// zoom, held up or lying, while the page's own ink (and any group that is not paper) stops at the
/// edge; moving it back leaves the desk bare; exports end at the page.
final class ScrapOverhangTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private let windowWidth = 500, windowHeight = 400

    /// A red square scrap (with a paper shadow) over `outline`.
    private func scrap(_ outline: Rect, hanging: Bool = true) -> RenderItem {
        .group(SceneGroup(clip: BezierPath(rect: outline), children: [
            .image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0), corners: Quadrilateral(outline))),
        ], shadow: .paper, hangsOverPageEdge: hanging))
    }

    private let hanging = Rect(x: 150, y: 50, width: 100, height: 60)
    /// A black stroke from the page's middle to 60 px past its right edge.
    private var strokeAcross: RenderItem { .stroke(F.line(Point(100, 160), Point(260, 160), diameter: 8)) }

    /// The whole view of `items` drawn afresh through `map`, every tile sharp.
    private func freshView(_ items: [RenderItem], map: QuireGeometry.AffineTransform) throws -> RGBAImage {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load(items)
        return try view(of: renderer, map: map)
    }

    private func view(of renderer: PageRenderer, map: QuireGeometry.AffineTransform,
                      into window: RenderTarget? = nil, onlyWhatChanged: Bool = false) throws -> RGBAImage {
        let target = try window ?? RenderTarget(width: windowWidth, height: windowHeight)
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: map, into: target, onlyWhatChanged: onlyWhatChanged)
        renderer.finishSharpening()
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: map, into: target, onlyWhatChanged: onlyWhatChanged)
        return target.readPixels()
    }

    private func isRed(_ p: RGBAImage.Pixel) -> Bool { p.r > 240 && p.g < 15 && p.b < 15 }

    func testAScrapHangsOverTheDeskAtEveryZoomWhileInkStopsAtTheEdge() throws {
        let desk = try freshView([], map: .translation(50, 50))[5, 5]
        for zoom in [1.0, 1.5, 0.73] {
            let map = QuireGeometry.AffineTransform.scale(zoom, zoom).concatenating(.translation(50, 50))
            let plainGroup = scrap(Rect(x: 150, y: 130, width: 100, height: 20), hanging: false)
            let image = try freshView([strokeAcross, plainGroup, scrap(hanging)], map: map)
            let saved = image.saveForInspection(named: "overhang-\(zoom)")
            func at(_ x: Double, _ y: Double) -> RGBAImage.Pixel {
                let p = map.apply(Point(x, y))
                return image[Int(p.x), Int(p.y)]
            }
            XCTAssertTrue(isRed(at(180, 80)), "the scrap on the page at \(zoom): \(saved)")
            XCTAssertTrue(isRed(at(235, 80)), "the scrap over the desk at \(zoom): \(at(235, 80)) \(saved)")
            XCTAssertTrue(isRed(at(249, 109)), "to its far corner at \(zoom)")
            XCTAssertEqual(at(256, 80), desk, "the desk past the scrap at \(zoom)")
            // Its shadow falls on the desk below it, as on the page.
            XCTAssertLessThan(at(230, 111.5).luma, desk.luma - 10, "the shadow on the desk at \(zoom): \(saved)")
            // The stroke ends at the page's edge; the group that is not paper too.
            XCTAssertLessThan(at(190, 160).luma, 60, "the stroke on the page at \(zoom)")
            XCTAssertEqual(at(215, 160), desk, "no ink on the desk at \(zoom): \(saved)")
            XCTAssertTrue(isRed(at(190, 140)), "the plain group on the page at \(zoom)")
            XCTAssertEqual(at(215, 140), desk, "the plain group stops at the edge at \(zoom)")
        }
    }

    func testMovingAScrapBackOntoThePageLeavesTheDeskBareInAPartialFrame() throws {
        for zoom in [1.0, 1.5] {
            let map = QuireGeometry.AffineTransform.scale(zoom, zoom).concatenating(.translation(50, 50))
            let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
            renderer.load([strokeAcross, scrap(hanging)])
            let window = try RenderTarget(width: windowWidth, height: windowHeight)
            _ = try view(of: renderer, map: map, into: window)
            let inside = scrap(Rect(x: 40, y: 50, width: 100, height: 60))
            XCTAssertTrue(renderer.replace(at: 1, with: inside))
            let moved = try view(of: renderer, map: map, into: window, onlyWhatChanged: true)
            F.assertSame(moved, try freshView([strokeAcross, inside], map: map), "moved back onto the page at \(zoom)")
            // And out again, elsewhere, within one batch of edits (as a scissors cut's are applied).
            let lower = scrap(Rect(x: 160, y: 120, width: 100, height: 60))
            renderer.batchingRedraws { XCTAssertTrue(renderer.replace(at: 1, with: lower)) }
            let out = try view(of: renderer, map: map, into: window, onlyWhatChanged: true)
            F.assertSame(out, try freshView([strokeAcross, lower], map: map), "out over the edge again at \(zoom)")
            // Removed: the desk is bare.
            XCTAssertNotNil(renderer.remove(at: 1))
            let removed = try view(of: renderer, map: map, into: window, onlyWhatChanged: true)
            F.assertSame(removed, try freshView([strokeAcross], map: map), "removed at \(zoom)")
        }
    }

    func testAHeldScrapCarriedPastTheEdgeShowsOverTheDeskAndLiesThereWhenPutDown() throws {
        let map = QuireGeometry.AffineTransform.translation(50, 50)
        let inside = scrap(Rect(x: 40, y: 50, width: 100, height: 60))
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let scrapID = RenderItemID("scrap")
        renderer.load([strokeAcross, inside], ids: [RenderItemID("stroke"), scrapID])
        let window = try RenderTarget(width: windowWidth, height: windowHeight)
        _ = try view(of: renderer, map: map, into: window)
        XCTAssertTrue(renderer.lift(scrapID))
        _ = try view(of: renderer, map: map, into: window)
        // Carried 110 px right, as a drag does: from the picture taken when it was picked up.
        renderer.moveLifted(by: Homography(QuireGeometry.AffineTransform.translation(110, 0)))
        let carried = try view(of: renderer, map: map, into: window)
        XCTAssertTrue(isRed(carried[50 + 235, 50 + 80]), "carried over the desk: \(carried.saveForInspection(named: "overhang-held"))")
        // The gesture's update, where the drag has it (built when its vectors are needed).
        XCTAssertTrue(renderer.replaceLifted(scrapID, building: { self.scrap(self.hanging) }))
        // Zoomed while held: drawn from its vectors, over the desk too.
        let zoomed = QuireGeometry.AffineTransform.scale(1.2, 1.2).concatenating(.translation(20, 20))
        let fromVectors = try view(of: renderer, map: zoomed, into: window)
        let far = zoomed.apply(Point(240, 100))
        XCTAssertTrue(isRed(fromVectors[Int(far.x), Int(far.y)]), "held and zoomed: \(fromVectors.saveForInspection(named: "overhang-held-zoomed"))")
        // Put down where it was carried: the view is what a page opened with it there shows.
        renderer.drop()
        let down = try view(of: renderer, map: map, into: window, onlyWhatChanged: true)
        F.assertSame(down, try freshView([strokeAcross, scrap(hanging)], map: map), "put down over the edge")
    }

    func testALiveStrokeRunOffThePageNeverMarksTheDesk() throws {
        let desk = try freshView([], map: .translation(50, 50))[5, 5]
        for zoom in [1.0, 1.5] {
            let map = QuireGeometry.AffineTransform.scale(zoom, zoom).concatenating(.translation(50, 50))
            for style in [F.ink, F.eraser] {
                let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
                renderer.load([strokeAcross])
                let window = try RenderTarget(width: windowWidth, height: windowHeight)
                _ = try view(of: renderer, map: map, into: window)
                // Its final sprites across the edge, and a provisional tail beyond it, as the pen runs on.
                let line = F.line(Point(120, 100), Point(240, 100), diameter: 8, color: InkColor(red: 0, green: 0.6, blue: 0))
                renderer.beginLiveStroke(style)
                renderer.appendToLiveStroke(line.sprites)
                let tail = F.line(Point(240, 120), Point(260, 120), diameter: 8, color: InkColor(red: 0, green: 0.6, blue: 0)).sprites
                for onlyWhatChanged in [true, false] {
                    renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: map, provisional: tail, into: window,
                                      onlyWhatChanged: onlyWhatChanged)
                    let image = window.readPixels()
                    for x in [215.0, 230, 250] {
                        for y in [100.0, 120] {
                            let p = map.apply(Point(x, y))
                            XCTAssertEqual(image[Int(p.x), Int(p.y)], desk, "the desk at (\(x), \(y)), zoom \(zoom), \(style.blendMode): \(image.saveForInspection(named: "live-off-page"))")
                        }
                    }
                    if style.blendMode == .normal {
                        let p = map.apply(Point(180, 100))
                        XCTAssertGreaterThan(image[Int(p.x), Int(p.y)].g, 100, "the live ink on the page at zoom \(zoom)")
                    }
                }
                renderer.endLiveStroke()
            }
        }
    }

    /// Ink drawn across a scrap hanging over the desk shows on the scrap there while the pen is down
    /// (its final sprites; the short provisional tail is drawn over the page only), inside the
    /// scrap's outline and nowhere else on the desk, in partial frames as in whole ones.
    func testLiveInkOnAScrapOverTheDeskShowsAsItIsDrawn() throws {
        let desk = try freshView([], map: .translation(50, 50))[5, 5]
        for zoom in [1.0, 1.5] {
            let map = QuireGeometry.AffineTransform.scale(zoom, zoom).concatenating(.translation(50, 50))
            let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
            renderer.load([scrap(hanging)])
            let window = try RenderTarget(width: windowWidth, height: windowHeight)
            _ = try view(of: renderer, map: map, into: window)
            // Across the scrap's part over the desk (x 200 to 250) and on past it.
            let line = F.line(Point(120, 80), Point(280, 80), diameter: 8, color: InkColor(red: 0, green: 0.6, blue: 0))
            renderer.beginLiveStroke(F.ink)
            renderer.appendToLiveStroke(line.sprites)
            for onlyWhatChanged in [true, false] {
                renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: map, into: window, onlyWhatChanged: onlyWhatChanged)
                let image = window.readPixels()
                let saved = image.saveForInspection(named: "live-on-overhang-\(zoom)")
                func at(_ x: Double, _ y: Double) -> RGBAImage.Pixel {
                    let p = map.apply(Point(x, y))
                    return image[Int(p.x), Int(p.y)]
                }
                for x in [180.0, 215, 240] {
                    let ink = at(x, 80)
                    XCTAssertTrue(ink.g > 100 && ink.r < 60, "the ink on the scrap at x \(x), zoom \(zoom), partial \(onlyWhatChanged): \(ink) \(saved)")
                }
                XCTAssertTrue(isRed(at(230, 100)), "the scrap beside the ink, zoom \(zoom)")
                XCTAssertEqual(at(265, 80), desk, "no ink on the desk past the scrap, zoom \(zoom): \(saved)")
            }
            renderer.cancelLiveStroke()
            let cancelled = try view(of: renderer, map: map, into: window, onlyWhatChanged: true)
            let p = map.apply(Point(230, 80))
            XCTAssertTrue(isRed(cancelled[Int(p.x), Int(p.y)]), "a cancelled stroke leaves the scrap over the desk as it was, zoom \(zoom)")
        }
    }

    func testAnExportEndsAtThePagesEdge() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load([scrap(hanging)])
        let page = try renderer.renderPageImage()
        XCTAssertEqual(page.width, 200)
        XCTAssertTrue(isRed(page[199, 80]), "the scrap to the page's edge")
        let double = try renderer.renderPageImage(scale: 2)
        XCTAssertEqual(double.width, 400)
        XCTAssertTrue(isRed(double[399, 160]))
    }
}
