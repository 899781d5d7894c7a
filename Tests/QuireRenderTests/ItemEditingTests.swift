import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Editing items by index anywhere in the page's order: after each edit the page must equal a fresh
/// render of the items it now holds, whether the edit lies above or below the baked boundary.
final class ItemEditingTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures

    /// A renderer holding `items` with all but the newest `recent` baked.
    private func page(_ items: [RenderItem], recent: Int) throws -> PageRenderer {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.undoWindow = recent
        for item in items { renderer.append(item) }
        renderer.finishBaking()
        XCTAssertEqual(renderer.bakedCount, items.count - recent)
        return renderer
    }

    /// Redraws the whole page from the baked layer and the recent items (a page-wide stroke put on top
    /// and taken off again), so a baked layer that is wrong anywhere shows in the page.
    private func redrawWholePage(_ renderer: PageRenderer) {
        renderer.append(.stroke(F.line(Point(0, 100), Point(200, 100), diameter: 250)))
        renderer.remove(at: renderer.count - 1)
    }

    func testRemovingAMiddleItemBelowAndAboveTheBakedBoundaryEqualsAFreshRender() throws {
        let items = F.mixedItems()
        for index in 0..<items.count {
            let renderer = try page(items, recent: 3)
            let removed = renderer.remove(at: index)
            XCTAssertEqual(removed, items[index])
            var rest = items
            rest.remove(at: index)
            XCTAssertEqual(renderer.items, rest)
            F.assertSame(try renderer.renderPageImage(), try F.reference(rest),
                         "removing item \(index) (\(index < items.count - 3 ? "baked" : "recent"))")
        }
    }

    func testInsertingInTheMiddleBelowAndAboveTheBakedBoundaryEqualsAFreshRender() throws {
        let items = F.mixedItems()
        let newcomer = RenderItem.stroke(F.line(Point(30, 100), Point(170, 110), diameter: 10,
                                                color: InkColor(red: 0.9, green: 0.5, blue: 0)))
        for index in 0...items.count {
            let renderer = try page(items, recent: 3)
            renderer.insert(newcomer, at: index)
            var expected = items
            expected.insert(newcomer, at: index)
            XCTAssertEqual(renderer.items, expected)
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "inserting at \(index)")
            // Baking what is now outside the window changes nothing visible.
            renderer.finishBaking()
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "inserting at \(index), baked")
        }
    }

    func testReplacingAnItemRedrawsBothPlaces() throws {
        let items = F.mixedItems()
        let renderer = try page(items, recent: 2)
        let moved = RenderItem.image(SceneImage(imageKey: "green", image: F.solid(0, 160, 0),
                                                corners: Quadrilateral(Rect(x: 120, y: 20, width: 60, height: 60))))
        renderer.replace(at: 1, with: moved)
        var expected = items
        expected[1] = moved
        F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "a picture moved below the boundary")
        renderer.replace(at: items.count - 1, with: .stroke(F.line(Point(10, 10), Point(10, 190))))
        expected[items.count - 1] = .stroke(F.line(Point(10, 10), Point(10, 190)))
        F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "the newest stroke replaced")
    }

    func testInsertingBelowAStrokeHalfWayThroughBakingIsExact() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.undoWindow = 0
        var sprites: [Sprite] = []
        for i in 0..<20_000 {
            let t = Double(i) / 20_000
            sprites.append(Sprite(x: Float(100 + 80 * sin(t * 40)), y: Float(20 + 160 * t), diameter: 5, color: .black))
        }
        let first = RenderItem.stroke(F.line(Point(10, 100), Point(190, 100), color: InkColor(red: 0, green: 0, blue: 0.9)))
        let big = RenderItem.stroke(SceneStroke(sprites: sprites, style: F.ink))
        renderer.append(first)
        renderer.append(big)
        renderer.bakeBudget = 0
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        XCTAssertEqual(renderer.bakedCount, 1, "the big stroke is half-way through baking")
        let under = RenderItem.stroke(F.line(Point(100, 10), Point(100, 190), diameter: 12, color: InkColor(red: 1, green: 0, blue: 0)))
        renderer.insert(under, at: 1)
        F.assertSame(try renderer.renderPageImage(), try F.reference([first, under, big]), "inserted under the half-baked stroke")
        renderer.finishBaking()
        F.assertSame(try renderer.renderPageImage(), try F.reference([first, under, big]), "and fully baked")
        renderer.remove(at: 0)
        F.assertSame(try renderer.renderPageImage(), try F.reference([under, big]), "the oldest removed")
    }

    func testEditsWhileAStrokeIsLiveKeepItsInkOnTop() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let first = F.line(Point(10, 100), Point(190, 100), diameter: 10, color: InkColor(red: 0, green: 0, blue: 0.9))
        let second = F.line(Point(10, 60), Point(190, 140), diameter: 10, color: InkColor(red: 0, green: 0.6, blue: 0))
        renderer.append(first)
        renderer.append(second)
        let live = F.line(Point(100, 10), Point(100, 190), diameter: 8, color: InkColor(red: 0.9, green: 0, blue: 0))
        renderer.beginLiveStroke(F.ink)
        renderer.appendToLiveStroke(live.sprites)
        renderer.remove(at: 0)
        let added = RenderItem.stroke(F.line(Point(60, 10), Point(140, 190), diameter: 10))
        renderer.insert(added, at: renderer.count)
        XCTAssertTrue(renderer.hasLiveStroke)
        renderer.endLiveStroke()
        XCTAssertEqual(renderer.count, 3)
        F.assertSame(try renderer.renderPageImage(), try F.reference([.stroke(second), added, .stroke(live)]),
                     "the live stroke's ink stays over items edited while it was drawn")
    }

    func testAHighlighterInAGroupIsClippedAndEven() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let yellow = InkColor(red: 1, green: 0.85, blue: 0)
        let pass = (0...160).map { Sprite(x: Float(20 + $0), y: 100, diameter: 14, color: yellow) }
        let back = (0...160).map { Sprite(x: Float(180 - $0), y: 102, diameter: 14, color: yellow) }
        renderer.append(.group(SceneGroup(clip: BezierPath(rect: Rect(x: 50, y: 0, width: 100, height: 200)), children: [
            .stroke(SceneStroke(sprites: pass + back, style: F.highlighter)),
        ])))
        let page = try renderer.renderPageImage()
        XCTAssertLessThan(page[100, 100].b, 200, "the highlighter inside the group: \(page.saveForInspection(named: "group-highlight"))")
        XCTAssertEqual(Int(page[70, 101].b), Int(page[130, 101].b), accuracy: 2, "one opacity where it crosses itself")
        XCTAssertEqual(page[30, 100].b, 255, "outside the group's clip")
        XCTAssertEqual(page[170, 100].b, 255)
    }

    func testOutOfRangeEditsChangeNothingAndAreCounted() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        renderer.append(F.line(Point(10, 50), Point(90, 50)))
        let before = try renderer.renderPageImage()
        XCTAssertEqual(renderer.refusedEdits, 0)
        XCTAssertNil(renderer.lastRefusedEdit)
        let other = RenderItem.stroke(F.line(Point(50, 10), Point(50, 90)))
        XCTAssertNil(renderer.remove(at: 5))
        XCTAssertNil(renderer.remove(at: -1))
        XCTAssertFalse(renderer.replace(at: 3, with: other))
        XCTAssertFalse(renderer.insert(other, at: 2), "past the end is not clamped")
        XCTAssertFalse(renderer.insert(other, at: -1))
        XCTAssertFalse(renderer.move(from: 0, to: 1))
        XCTAssertFalse(renderer.move(from: -1, to: 0))
        XCTAssertEqual(renderer.refusedEdits, 7)
        XCTAssertEqual(renderer.lastRefusedEdit, "move from -1 to 0 of 1 items")
        XCTAssertEqual(renderer.count, 1)
        F.assertSame(try renderer.renderPageImage(), before, "after edits of items that do not exist")
        // Edits that fit are not counted, the end included.
        XCTAssertTrue(renderer.insert(other, at: 1))
        XCTAssertTrue(renderer.move(from: 1, to: 0))
        XCTAssertTrue(renderer.move(from: 0, to: 0))
        XCTAssertTrue(renderer.replace(at: 1, with: other))
        XCTAssertNotNil(renderer.remove(at: 0))
        XCTAssertEqual(renderer.refusedEdits, 7)
    }

    func testMovingBelowAndAboveTheBakedBoundaryEqualsAFreshRenderAndUploadsNothing() throws {
        let items = F.mixedItems()
        // 8 items, the newest 3 recent: 0...4 baked. Within the baked part, across the boundary both
        // ways, within the recent part, to and from either end.
        let moves = [(1, 3), (3, 1), (0, 7), (7, 0), (2, 5), (5, 2), (4, 6), (6, 4), (5, 7), (7, 5), (4, 5), (5, 4)]
        for (from, to) in moves {
            let renderer = try page(items, recent: 3)
            let strokeBytes = renderer.strokeBytesUploaded, images = renderer.imageUploads
            let textures = renderer.imageTextureCount
            XCTAssertTrue(renderer.move(from: from, to: to))
            var expected = items
            expected.insert(expected.remove(at: from), at: to)
            XCTAssertEqual(renderer.items, expected)
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "moving \(from) to \(to)")
            renderer.finishBaking()
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "moving \(from) to \(to), baked")
            XCTAssertEqual(renderer.strokeBytesUploaded, strokeBytes, "moving \(from) to \(to) uploaded sprites")
            XCTAssertEqual(renderer.imageUploads, images, "moving \(from) to \(to) uploaded a picture")
            XCTAssertEqual(renderer.imageTextureCount, textures)
            XCTAssertEqual(renderer.refusedEdits, 0)
            redrawWholePage(renderer)
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "moving \(from) to \(to), redrawn from the baked layer")
        }
    }

    func testMovingTheStrokeHalfWayThroughBakingOrUnderItIsExact() throws {
        var sprites: [Sprite] = []
        for i in 0..<20_000 {
            let t = Double(i) / 20_000
            sprites.append(Sprite(x: Float(100 + 80 * sin(t * 40)), y: Float(20 + 160 * t), diameter: 5, color: .black))
        }
        let first = RenderItem.stroke(F.line(Point(10, 100), Point(190, 100), diameter: 10, color: InkColor(red: 0, green: 0, blue: 0.9)))
        let big = RenderItem.stroke(SceneStroke(sprites: sprites, style: F.ink))
        let last = RenderItem.stroke(F.line(Point(100, 10), Point(100, 190), diameter: 12, color: InkColor(red: 1, green: 0, blue: 0)))
        // (from, to) with the big stroke at 1, half-baked: it moved up, something moved under it, it
        // moved down into the baked part.
        for (from, to) in [(1, 2), (2, 1), (1, 0), (0, 2)] {
            let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
            renderer.undoWindow = 1
            renderer.append(first)
            renderer.append(big)
            renderer.undoWindow = 0
            renderer.bakeBudget = 0
            let window = try RenderTarget(width: 200, height: 200)
            renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
            renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
            XCTAssertEqual(renderer.bakedCount, 1, "the big stroke is half-way through baking")
            renderer.undoWindow = 1
            renderer.append(last)
            XCTAssertTrue(renderer.move(from: from, to: to))
            var expected = [first, big, last]
            expected.insert(expected.remove(at: from), at: to)
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "moving \(from) to \(to)")
            renderer.undoWindow = 0
            renderer.finishBaking()
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "moving \(from) to \(to), baked")
            redrawWholePage(renderer)
            F.assertSame(try renderer.renderPageImage(), try F.reference(expected), "moving \(from) to \(to), redrawn from the baked layer")
        }
    }

    func testLoadingMixedItemsEqualsAppendingThem() throws {
        let items = F.mixedItems()
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.undoWindow = 2
        renderer.load(items)
        XCTAssertEqual(renderer.bakedCount, items.count - 2)
        F.assertSame(try renderer.renderPageImage(), try F.reference(items), "loaded")
        F.assertSame(try renderer.renderPageImage(scale: 1.5), try {
            let r = try PageRenderer(pageWidth: 200, pageHeight: 200)
            for item in items { r.append(item) }
            return try r.renderPageImage(scale: 1.5)
        }(), "exported at another scale")
    }
}
