import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Scraps as the app draws them (a group: clip, picture, the scrap's own ink), read back from real GL:
/// the shadow of paper lying on the page, and the scrap's ink on a layer of its own, so an eraser on a
/// scrap removes only that ink and a highlighter on it never darkens where it crosses itself.
final class ScrapRenderingTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private static let white = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)
    private static let red = RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255)

    /// The view of `renderer` at 1:1, every tile sharp (rendered from vectors), read back.
    private func view(of renderer: PageRenderer) throws -> RGBAImage {
        let window = try RenderTarget(width: renderer.pageWidth, height: renderer.pageHeight)
        renderer.drawView(width: window.width, height: window.height, pageToWindow: .identity, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: window.width, height: window.height, pageToWindow: .identity, into: window)
        return window.readPixels()
    }

    func testAScrapCastsASoftShadowDownAndRightOutsideItsOutline() throws {
        let outline = Rect(x: 50, y: 50, width: 100, height: 100)
        let scrap = SceneGroup(clip: BezierPath(rect: outline), children: [
            .image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0), corners: Quadrilateral(outline))),
        ], shadow: .paper)
        XCTAssertGreaterThanOrEqual(RenderItem.group(scrap).bounds.maxX, 150 + 1.5 + 3, "the shadow is in the bounds")
        XCTAssertGreaterThanOrEqual(RenderItem.group(scrap).bounds.maxY, 150 + 1.5 + 3)
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.group(scrap))
        let page = try renderer.renderPageImage()
        let saved = page.saveForInspection(named: "scrap-shadow")
        // Just outside the bottom and the right edge: darkened, about 30 % black.
        for (x, y) in [(100, 150), (100, 151), (150, 100), (151, 100), (151, 151)] {
            XCTAssertLessThan(page[x, y].luma, 215, "shadow just outside the outline at (\(x), \(y)): \(saved)")
            XCTAssertGreaterThan(page[x, y].luma, 150, "a light shadow, not ink, at (\(x), \(y))")
        }
        // Falling off: lighter two pixels further out, and untouched beyond the softness.
        XCTAssertGreaterThan(page[100, 153].luma, page[100, 151].luma + 20, "the shadow fades outwards")
        // Round the corner it is no darker than beside an edge nearer the outline: each pixel shaded
        // once, by its distance to the outline, not once per edge that reaches it.
        XCTAssertGreaterThanOrEqual(page[152, 152].luma, page[152, 100].luma, "the corner darkened twice: \(saved)")
        for (x, y) in [(100, 158), (158, 100), (100, 170), (158, 158)] {
            XCTAssertEqual(page[x, y], Self.white, "no shadow further out at (\(x), \(y))")
        }
        // On the upper and left sides the outline hides nearly all of it.
        XCTAssertGreaterThan(page[100, 49].luma, 245, "hardly any shadow above the scrap: \(saved)")
        XCTAssertGreaterThan(page[49, 100].luma, 245, "nor left of it")
        // Nothing of it inside the opaque picture, up to the outline.
        for (x, y) in [(100, 100), (149, 149), (149, 100), (100, 149), (50, 50)] {
            XCTAssertEqual(page[x, y], Self.red, "the picture untouched at (\(x), \(y))")
        }
        // The view (rendered from vectors) and an export at another scale show the same shadow.
        F.assertSame(try view(of: renderer), page, "the view and the export")
        let double = try renderer.renderPageImage(scale: 2)
        XCTAssertLessThan(double[200, 302].luma, 215, "the shadow in a 2× export: \(double.saveForInspection(named: "scrap-shadow-2x"))")
        XCTAssertEqual(double[200, 316], Self.white)
        XCTAssertEqual(double[200, 296], Self.red)
        // Without a shadow the group is a plain clip: nothing outside it.
        let plain = try PageRenderer(pageWidth: 200, pageHeight: 200)
        var unshadowed = scrap
        unshadowed.shadow = nil
        plain.append(.group(unshadowed))
        XCTAssertEqual(try plain.renderPageImage()[100, 151], Self.white)
    }

    func testAHoleInAScrapShowsTheShadowOfItsRim() throws {
        // Even-odd: a square with a square hole; the picture covers it all but shows only on the paper.
        var clip = BezierPath(rect: Rect(x: 40, y: 40, width: 120, height: 120))
        clip.append(BezierPath(rect: Rect(x: 80, y: 80, width: 40, height: 40)))
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.group(SceneGroup(clip: clip, children: [
            .image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0),
                              corners: Quadrilateral(Rect(x: 40, y: 40, width: 120, height: 120)))),
        ], shadow: .paper)))
        let page = try renderer.renderPageImage()
        let saved = page.saveForInspection(named: "scrap-hole-shadow")
        // The hole's upper and left rims cast their shadow into the hole, down and right.
        XCTAssertLessThan(page[100, 80].luma, 215, "the rim's shadow inside the hole, under its top edge: \(saved)")
        XCTAssertLessThan(page[80, 100].luma, 215, "and right of its left edge")
        XCTAssertEqual(page[100, 100], Self.white, "the middle of the hole is bare page")
        XCTAssertGreaterThan(page[100, 119].luma, 245, "hardly any shadow along the hole's lower edge")
        XCTAssertEqual(page[100, 79], Self.red, "the paper around the hole keeps its picture")
        XCTAssertLessThan(page[100, 161].luma, 215, "and the outer outline's shadow below the scrap")
    }

    /// A page stroke under a scrap whose picture covers only its upper part (the page shows through the
    /// rest of the paper), and the scrap's own ink over both parts.
    private let pageInk = RenderItem.stroke(F.line(Point(10, 110), Point(190, 110), diameter: 6,
                                                   color: InkColor(red: 0, green: 0, blue: 0.9)))
    private func scrap(erasing: Bool) -> RenderItem {
        var children: [RenderItem] = [
            .image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0),
                              corners: Quadrilateral(Rect(x: 50, y: 50, width: 100, height: 40)))),
            .stroke(F.line(Point(40, 70), Point(160, 70), diameter: 6, color: InkColor(red: 0, green: 0.6, blue: 0))),
            .stroke(F.line(Point(40, 130), Point(160, 130), diameter: 6, color: .black)),
        ]
        if erasing { children.append(.stroke(F.line(Point(100, 40), Point(100, 160), diameter: 14, style: F.eraser))) }
        return .group(SceneGroup(clip: BezierPath(rect: Rect(x: 50, y: 50, width: 100, height: 100)), children: children,
                                 shadow: .paper))
    }

    func testAnEraserOnAScrapErasesOnlyTheScrapsInkAndUndoBringsItBack() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(pageInk)
        renderer.append(scrap(erasing: false))
        let before = try renderer.renderPageImage()
        let saved = before.saveForInspection(named: "scrap-before-eraser")
        XCTAssertLessThan(before[100, 70].r, 40, "the scrap's green ink over its picture: \(saved)")
        XCTAssertLessThan(before[100, 130].luma, 40, "the scrap's black ink over the page")
        XCTAssertGreaterThan(before[100, 110].b, 180, "the page's blue ink under the scrap shows through")
        XCTAssertLessThan(before[100, 110].r, 60)
        XCTAssertEqual(before[100, 60], Self.red)

        // The scrap's items change as the app changes them: the whole scrap's item replaced.
        renderer.replace(at: 1, with: scrap(erasing: true))
        for (what, page) in [("export", try renderer.renderPageImage()), ("view", try view(of: renderer))] {
            let shot = page.saveForInspection(named: "scrap-erased-\(what)")
            XCTAssertEqual(page[100, 70], Self.red, "\(what): the picture under the erased ink is intact: \(shot)")
            XCTAssertEqual(page[100, 60], Self.red, "\(what): the picture beside it")
            XCTAssertEqual(page[100, 130], Self.white, "\(what): the scrap's ink over the page is erased to the page")
            XCTAssertGreaterThan(page[100, 110].b, 180, "\(what): the page's ink under the scrap is intact")
            XCTAssertLessThan(page[100, 110].r, 60, "\(what): the page's ink under the scrap is intact")
            XCTAssertLessThan(page[70, 70].r, 40, "\(what): the scrap's ink beside the eraser stays")
            XCTAssertLessThan(page[70, 130].luma, 40, "\(what): the scrap's ink beside the eraser stays")
        }
        F.assertSame(try renderer.renderPageImage(), try F.reference([pageInk, scrap(erasing: true)]), "erased, as a fresh render")
        F.assertSame(try renderer.renderPageImage(scale: 2), try {
            let r = try PageRenderer(pageWidth: 200, pageHeight: 200)
            r.load([pageInk, scrap(erasing: true)])
            return try r.renderPageImage(scale: 2)
        }(), "a 2× export, as a fresh one")

        // Undo: the scrap without the eraser comes back, and with it every pixel of its ink.
        renderer.replace(at: 1, with: scrap(erasing: false))
        F.assertSame(try renderer.renderPageImage(), before, "after undoing the eraser")
        F.assertSame(try view(of: renderer), before, "the view after undoing the eraser")
        // Redo, then bake it: the same as drawn.
        renderer.replace(at: 1, with: scrap(erasing: true))
        let erased = try renderer.renderPageImage()
        renderer.undoWindow = 0
        renderer.finishBaking()
        F.assertSame(try renderer.renderPageImage(), erased, "baked")
    }

    /// A stroke drawn and undone inside a scrap redraws only its rectangle, which lies wholly inside
    /// the scrap (drawn with no stencil and no shadow there): the page and a zoomed view (drawn from
    /// vectors) come back exactly.
    func testAStrokeUndoneInsideAScrapRestoresItExactly() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(pageInk)
        renderer.append(scrap(erasing: true))
        let window = try RenderTarget(width: 200, height: 200)
        func zoomedView() -> RGBAImage {
            renderer.drawView(width: 200, height: 200, pageToWindow: .scale(1.5, 1.5), into: window)
            renderer.finishSharpening()
            renderer.drawView(width: 200, height: 200, pageToWindow: .scale(1.5, 1.5), into: window)
            return window.readPixels()
        }
        let page = try renderer.renderPageImage(), view = zoomedView()
        for style in [F.ink, F.eraser] {
            renderer.append(F.line(Point(85, 75), Point(115, 78), diameter: 4, color: InkColor(red: 0.9, green: 0.5, blue: 0), style: style))
            XCTAssertNotEqual(try renderer.renderPageImage(), page, "the stroke shows")
            renderer.remove(at: renderer.count - 1)
            F.assertSame(try renderer.renderPageImage(), page, "undone inside the scrap")
            F.assertSame(zoomedView(), view, "undone inside the scrap, the view at 150 %")
        }
    }

    func testOnlyScrapsWhoseInkNeedsALayerMakeOne() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(pageInk)
        let targets = RenderTarget.created
        var plain = scrap(erasing: false)
        if case var .group(group) = plain { group.shadow = nil; plain = .group(group) }
        renderer.append(plain)
        XCTAssertEqual(RenderTarget.created, targets, "plain ink on an unshadowed scrap draws straight in")
        renderer.append(scrap(erasing: true))
        XCTAssertGreaterThan(RenderTarget.created, targets, "an eraser (and a shadow) draw through a layer")
        let made = RenderTarget.created
        renderer.append(scrap(erasing: true))
        renderer.remove(at: renderer.count - 1)
        XCTAssertEqual(RenderTarget.created, made, "the layer is kept for the next scrap")
    }

    func testAHighlighterCrossingItselfOnAScrapDoesNotDarken() throws {
        let yellow = InkColor(red: 1, green: 0.85, blue: 0)
        let across = (0...140).map { Sprite(x: Float(30 + $0), y: 100, diameter: 14, color: yellow) }
        let down = (0...140).map { Sprite(x: 100, y: Float(30 + $0), diameter: 14, color: yellow) }
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(.group(SceneGroup(clip: BezierPath(rect: Rect(x: 20, y: 20, width: 160, height: 160)), children: [
            .image(SceneImage(imageKey: "sky", image: F.solid(150, 200, 255), corners: Quadrilateral(Rect(x: 20, y: 20, width: 160, height: 160)))),
            .stroke(SceneStroke(sprites: across + down, style: F.highlighter)),
            .stroke(F.line(Point(40, 40), Point(40, 160), diameter: 12, style: F.eraser)),
        ], shadow: .paper)))
        for (what, page) in [("export", try renderer.renderPageImage()), ("view", try view(of: renderer))] {
            let shot = page.saveForInspection(named: "scrap-highlighter-\(what)")
            XCTAssertLessThan(page[60, 100].b, 200, "\(what): the highlighter over the picture: \(shot)")
            for channel in [\RGBAImage.Pixel.r, \.g, \.b] {
                XCTAssertEqual(Int(page[100, 100][keyPath: channel]), Int(page[60, 100][keyPath: channel]), accuracy: 2,
                               "\(what): one opacity where it crosses itself")
                XCTAssertEqual(Int(page[100, 140][keyPath: channel]), Int(page[60, 100][keyPath: channel]), accuracy: 2)
            }
            XCTAssertEqual(page[40, 100], RGBAImage.Pixel(r: 150, g: 200, b: 255, a: 255),
                           "\(what): the eraser on the scrap removes the highlighter, not the picture")
        }
    }

    /// A live eraser over a scrap takes the page's ink but not the scrap's picture while the pen is down
    /// (its pieces join the scrap when it lifts, and erase only the scrap's ink): on the page layers and
    /// in a zoomed view alike, with the scrap in the baked layer or not.
    func testALiveEraserOverAScrapLeavesItsPicture() throws {
        for baked in [false, true] {
            let outline = Rect(x: 50, y: 50, width: 100, height: 100)
            let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
            renderer.append(.stroke(F.line(Point(20, 100), Point(180, 100), diameter: 8)))   // page ink, under the scrap
            renderer.append(.group(SceneGroup(clip: BezierPath(rect: outline), children: [
                .image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0), corners: Quadrilateral(outline))),
            ], shadow: .paper)))
            if baked {
                renderer.undoWindow = 0
                renderer.finishBaking()
                XCTAssertEqual(renderer.bakedCount, 2)
            }
            let window = try RenderTarget(width: 400, height: 400)
            renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: window)
            renderer.finishSharpening()
            renderer.beginLiveStroke(F.eraser)
            // Down the middle, across the page ink on both sides of the scrap and over the picture.
            renderer.appendToLiveStroke((0...160).map { Sprite(x: Float(20 + $0), y: 100, diameter: 16, color: .black) })
            renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: window)
            let view = window.readPixels()
            let saved = view.saveForInspection(named: "live-eraser-\(baked)")
            XCTAssertEqual(view[200, 200], Self.red, "the picture under the live eraser: \(saved)")
            XCTAssertEqual(view[60, 200], Self.white, "the page ink left of the scrap is erased")
            let export = try renderer.renderPageImage()
            XCTAssertEqual(export[100, 100], Self.red, "the page layers keep the picture too (baked: \(baked))")
            renderer.cancelLiveStroke()
            XCTAssertLessThan(try renderer.renderPageImage()[30, 100].luma, 100, "cancelled: the page ink is back")
        }
    }
}
