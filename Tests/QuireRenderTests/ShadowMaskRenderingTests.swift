import QuireGeometry
import QuireImageIO
@testable import QuireRender
import QuireTestSupport
import XCTest

/// Shadows drawn from their masks, read back from real GL: clipped by the scraps around the one that
/// casts them, at any depth a clip can nest, and their masks kept for the next redraw within a budget.
final class ShadowMaskRenderingTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private static let white = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)

    private func picture(_ key: String, _ color: (UInt8, UInt8, UInt8), _ rect: Rect) -> RenderItem {
        .image(SceneImage(imageKey: key, image: F.solid(color.0, color.1, color.2), corners: Quadrilateral(rect)))
    }

    func testAScrapInsideAScrapShadowsOnlyWithinTheOneAroundIt() throws {
        // A blue scrap without a shadow holding a red one whose right edge nearly meets its own.
        let inner = SceneGroup(clip: BezierPath(rect: Rect(x: 60, y: 60, width: 89, height: 60)),
                               children: [picture("red", (255, 0, 0), Rect(x: 60, y: 60, width: 89, height: 60))],
                               shadow: .paper)
        let outer = SceneGroup(clip: BezierPath(rect: Rect(x: 20, y: 20, width: 130, height: 130)),
                               children: [picture("blue", (0, 0, 255), Rect(x: 20, y: 20, width: 130, height: 130)), .group(inner)])
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.group(outer))
        let page = try renderer.renderPageImage()
        let saved = page.saveForInspection(named: "nested-scrap-shadow")
        XCTAssertLessThan(page[100, 121].b, 230, "the red scrap's shadow on the blue one below it: \(saved)")
        XCTAssertEqual(page[100, 121].r, 0, "a shadow, not the red picture")
        XCTAssertLessThan(page[149, 100].b, 230, "and on the blue one's last column beside it")
        for x in 150...154 {
            XCTAssertEqual(page[x, 100], Self.white, "none of it outside the blue scrap, at x \(x): \(saved)")
        }
    }

    func testAScrapNestedAsDeepAsClipsGoStillCastsItsShadow() throws {
        // Seven clips, each inside the last; the innermost holds a red picture and casts the shadow.
        var group = SceneGroup(clip: BezierPath(rect: Rect(x: 70, y: 70, width: 40, height: 40)),
                               children: [picture("red", (255, 0, 0), Rect(x: 70, y: 70, width: 40, height: 40))],
                               shadow: .paper)
        for level in 1..<7 {
            let inset = Double(7 - level) * 8
            group = SceneGroup(clip: BezierPath(rect: Rect(x: inset, y: inset, width: 200 - 2 * inset, height: 200 - 2 * inset)),
                               children: [.group(group)])
        }
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.group(group))
        let page = try renderer.renderPageImage()
        let saved = page.saveForInspection(named: "deep-scrap-shadow")
        XCTAssertEqual(page[90, 90], RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255), "the innermost picture: \(saved)")
        XCTAssertLessThan(page[90, 111].luma, 215, "its shadow below it, seven clips deep: \(saved)")
        XCTAssertEqual(page[90, 120], Self.white)
    }

    func testMasksAreKeptForTheNextRedrawAndWithinTheirBudget() throws {
        let outline = Rect(x: 50, y: 50, width: 100, height: 100)
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.group(SceneGroup(clip: BezierPath(rect: outline), children: [picture("red", (255, 0, 0), outline)],
                                          shadow: .paper)))
        let first = try renderer.renderPageImage()
        let kept = renderer.painter.shadows.masks.count
        XCTAssertEqual(kept, 1, "one mask, the page layers'")
        _ = try renderer.renderPageImage(scale: 2)
        XCTAssertEqual(renderer.painter.shadows.masks.count, 2, "another for a 2× export")
        renderer.redraw(outline.outsetBy(20), bakedToo: true)
        XCTAssertEqual(renderer.painter.shadows.masks.count, 2, "a redraw of the same scrap takes the kept mask")
        F.assertSame(try renderer.renderPageImage(), first, "the page redrawn from the kept mask")

        let cache = ShadowMaskCache()
        let square = [[Point(0, 0), Point(1000, 0), Point(1000, 1000), Point(0, 1000)]]
        var draws = 0
        for k in 0..<12 {
            // 4 MiB each, a different rectangle each time.
            let key = ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: .identity,
                                          x: k, y: 0, width: 2048, height: 2048)
            cache.withTexture(for: key) { _, _ in draws += 1 }
            XCTAssertLessThanOrEqual(cache.bytesKept, ShadowMaskCache.budgetBytes)
        }
        XCTAssertEqual(draws, 12, "every mask drawn")
        XCTAssertEqual(cache.count, ShadowMaskCache.budgetBytes / (2048 * 2048), "the oldest given up past the budget")
        // The least recently used goes, not the least recently made: the oldest kept, asked for again,
        // stays when the next comes, and the one after it goes.
        func key(_ k: Int) -> ShadowMaskCache.Key {
            ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: .identity, x: k, y: 0, width: 2048, height: 2048)
        }
        let oldestKept = 12 - cache.count
        XCTAssertFalse(cache.keeps(key(oldestKept - 1)))
        XCTAssertTrue(cache.keeps(key(oldestKept)))
        cache.withTexture(for: key(oldestKept)) { _, _ in draws += 1 }
        cache.withTexture(for: key(12)) { _, _ in draws += 1 }
        XCTAssertEqual(draws, 14)
        XCTAssertTrue(cache.keeps(key(oldestKept)), "used again: kept")
        XCTAssertFalse(cache.keeps(key(oldestKept + 1)), "the least recently used: given up")
        XCTAssertTrue(cache.keeps(key(oldestKept + 2)) && cache.keeps(key(12)))
        let wholeBudget = ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: .identity,
                                              x: 0, y: 0, width: 6000, height: 6000)
        cache.withTexture(for: wholeBudget) { _, _ in draws += 1 }
        XCTAssertEqual(draws, 15, "a mask larger than the budget is drawn")
        XCTAssertEqual(cache.count, ShadowMaskCache.budgetBytes / (2048 * 2048), "and not kept")
        // A mask that darkens nothing is remembered as such, and never drawn.
        let clear = ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: .identity,
                                        x: 3000, y: 3000, width: 10, height: 10)
        cache.withTexture(for: clear) { _, _ in draws += 1 }
        cache.withTexture(for: clear) { _, _ in draws += 1 }
        XCTAssertEqual(draws, 15)
    }

    /// A target showing the page moved by whole pixels (a held scrap's picture at 1×) takes the mask the
    /// page's own target made, its cover moved with it; a move by part of a pixel, or a scale, makes
    /// its own.
    func testAMaskIsSharedByTargetsShowingThePageMovedByWholePixels() throws {
        let cache = ShadowMaskCache()
        let square = [[Point(20, 30), Point(120, 30), Point(120, 110), Point(20, 110)]]
        let own = ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: .identity, x: 0, y: 0, width: 160, height: 150)
        var covers: [[Float]] = []
        cache.withTexture(for: own) { _, cover in covers.append(cover) }
        XCTAssertEqual(cache.count, 1)
        let moved = ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: .translation(-15, 7),
                                        x: -15, y: 7, width: 160, height: 150)
        XCTAssertTrue(cache.keeps(moved))
        cache.withTexture(for: moved) { _, cover in covers.append(cover) }
        XCTAssertEqual(cache.count, 1, "no mask made for the moved target")
        XCTAssertFalse(covers[0].isEmpty)
        XCTAssertEqual(covers[1], covers[0].enumerated().map { $0.offset % 2 == 0 ? $0.element - 15 : $0.element + 7 },
                       "its cover where the moved target shows it")
        for other in [QuireGeometry.AffineTransform.translation(-15.5, 7), .scale(2, 2)] {
            let key = ShadowMaskCache.Key(outlines: square, shadow: .paper, pageToFramebuffer: other, x: -15, y: 7, width: 160, height: 150)
            XCTAssertFalse(cache.keeps(key), "\(other)")
        }
    }

    func testShadowsDrawnThroughTheirCoversAreTheShadowsOfTheirWholeRectangles() throws {
        // Scraps the way a page has them: turned, pieces of a wavy cut, one with a hole, one inside
        // another, one with a long soft shadow, one hanging over the page's edge, overlapping.
        let wave = (0...30).map { k in Point(170 - Double(k) * 5, 95 + 14 * sin(Double(k) / 4)) }
        func scrap(_ outline: [[Point]], _ color: (UInt8, UInt8, UInt8), _ key: String,
                   shadow: SceneShadow = .paper, children: [RenderItem] = []) -> SceneGroup {
            var path = BezierPath()
            for subpath in outline { path.append(BezierPath(polygon: subpath)) }
            let box = path.bounds
            return SceneGroup(clip: path, children: [picture(key, color, box)] + children, shadow: shadow)
        }
        let upper = scrap([[Point(20, 30), Point(170, 30)] + wave], (200, 40, 40), "red")
        let lower = scrap([wave.reversed() + [Point(170, 160), Point(20, 160)]].map { $0.map { $0 + Point(3, 4) } },
                          (40, 200, 40), "green")
        let ring = scrap([[Point(120, 110), Point(230, 118), Point(224, 210), Point(115, 204)],
                          [Point(150, 140), Point(190, 143), Point(188, 180), Point(152, 177)]], (40, 40, 200), "blue",
                         shadow: SceneShadow(offsetX: 6, offsetY: -4, softness: 12, opacity: 0.7))
        let inner = scrap([[Point(40, 180), Point(90, 175), Point(95, 225), Point(45, 230)]], (200, 200, 40), "yellow")
        let outer = scrap([[Point(25, 165), Point(110, 170), Point(105, 245), Point(20, 240)]], (40, 200, 200), "cyan",
                          children: [.group(inner)])
        let edge = scrap([[Point(200, 20), Point(270, 10), Point(262, 80), Point(205, 70)].map {
            QuireGeometry.AffineTransform.rotation(0.07).apply($0) }], (200, 40, 200), "magenta")
        let page = [upper, lower, ring, outer, edge].map { RenderItem.group($0) }
        func render(wholeRectangles: Bool) throws -> RGBAImage {
            let renderer = try PageRenderer(pageWidth: 256, pageHeight: 256)
            renderer.painter.shadows.drawsWholeRectangles = wholeRectangles
            for item in page { renderer.append(item) }
            return try renderer.renderPageImage()
        }
        let whole = try render(wholeRectangles: true), covered = try render(wholeRectangles: false)
        // Exactly: a pixel the cover leaves out is one the whole rectangle left as it was.
        let differing = zip(whole.pixels, covered.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "bytes differ: \(whole.saveForInspection(named: "shadows-whole-rectangles")) "
                       + "\(covered.saveForInspection(named: "shadows-covers"))")
        XCTAssertGreaterThan(Set(whole.pixels.indices.lazy.filter { $0 % 4 == 0 }.map { whole.pixels[$0] }).count, 20,
                             "shadows over paper and pictures: many shades")
    }

    func testMasksWorkedOutAheadForABatchOfEditsDrawAsMasksWorkedOutInPlace() throws {
        // Two scraps, the upper one's shadow falling on the lower: put in by one batch of edits (as a
        // cut puts its pieces in), their masks are worked out on other cores before the redraw.
        let lower = Rect(x: 30, y: 30, width: 90, height: 80), upper = Rect(x: 70, y: 60, width: 90, height: 100)
        let scraps: [RenderItem] = [
            .group(SceneGroup(clip: BezierPath(rect: lower), children: [picture("blue", (0, 0, 255), lower)], shadow: .paper)),
            .group(SceneGroup(clip: BezierPath(rect: upper).transformed(by: .rotation(0.1)), children: [picture("red", (255, 0, 0), upper)],
                              shadow: SceneShadow(offsetX: 3, offsetY: 2, softness: 6, opacity: 0.5))),
        ]
        let inPlace = try PageRenderer(pageWidth: 200, pageHeight: 200)
        for scrap in scraps { inPlace.append(scrap) }
        let expected = try inPlace.renderPageImage()

        let batched = try PageRenderer(pageWidth: 200, pageHeight: 200)
        batched.batchingRedraws {
            for (index, scrap) in scraps.enumerated() { XCTAssertTrue(batched.insert(scrap, at: index)) }
            XCTAssertEqual(batched.painter.shadows.masks.preparedCount, 2, "both masks under way before the redraw")
        }
        XCTAssertEqual(batched.painter.shadows.masks.preparedCount, 0)
        XCTAssertEqual(batched.painter.shadows.masks.preparedTaken, 2, "each taken by the redraw")
        XCTAssertEqual(batched.painter.shadows.masks.count, 2)
        F.assertSame(try batched.renderPageImage(), expected, "the page drawn from masks worked out ahead")

        // A scrap put in and taken out again within one batch: its mask is never asked for, and dropped.
        let dropped = try PageRenderer(pageWidth: 200, pageHeight: 200)
        dropped.batchingRedraws {
            XCTAssertTrue(dropped.insert(scraps[1], at: 0))
            XCTAssertNotNil(dropped.remove(at: 0))
        }
        XCTAssertEqual(dropped.painter.shadows.masks.preparedCount, 0)
        XCTAssertEqual(dropped.painter.shadows.masks.count, 0, "nothing kept for a scrap never drawn")

        // A mask kept already is not worked out again.
        let cache = batched.painter.shadows.masks
        let kept = cache.count
        batched.batchingRedraws {
            XCTAssertNotNil(batched.remove(at: 1))
            XCTAssertTrue(batched.insert(scraps[1], at: 1))
            XCTAssertEqual(cache.preparedCount, 0, "its mask is kept: nothing to work out")
        }
        XCTAssertEqual(cache.count, kept)
    }
}
