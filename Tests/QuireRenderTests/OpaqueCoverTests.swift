import QuireGeometry
import QuireImageIO
import QuireTestSupport
import XCTest
@testable import QuireRender

/// A pile of photos redrawn where one changes draws what shows there: the items under an opaque photo
/// that holds the area wholly are left out, and the page comes out as a fresh renderer draws it.
final class OpaqueCoverTests: HeadlessGLTestCase {
    private func photo(_ key: String, _ rect: Rect, red: UInt8, alpha: UInt8 = 255, opacity: Float = 1,
                       turnedBy angle: Double = 0) -> RenderItem {
        let pixels = [UInt8]((0..<64).flatMap { _ in [red, 90, 255 - red, alpha] })
        let turn = AffineTransform.translation(-rect.center.x, -rect.center.y).concatenating(.rotation(angle))
            .concatenating(.translation(rect.center.x, rect.center.y))
        let corners = Quadrilateral(rect).corners.map { turn.apply($0) }
        let quad = Quadrilateral(upperLeft: corners[0], upperRight: corners[1], lowerRight: corners[2], lowerLeft: corners[3])
        var outline = BezierPath()
        outline.move(to: corners[0])
        for corner in corners.dropFirst() { outline.line(to: corner) }
        outline.close()
        return .group(SceneGroup(clip: outline, children: [
            .image(SceneImage(imageKey: key, image: RGBAImage(width: 8, height: 8, pixels: pixels), corners: quad, opacity: opacity)),
        ], shadow: .paper))
    }

    func testAnOpaquePhotoHidesAnAreaInsideItsOutlineAndNothingElseDoes() {
        let area = Rect(x: 60, y: 60, width: 40, height: 30)
        let opaque: (String) -> Bool = { $0 != "clear" }
        XCTAssertTrue(OpaqueCover.hides(photo("a", Rect(x: 20, y: 20, width: 160, height: 120), red: 10), area, isOpaque: opaque))
        XCTAssertTrue(OpaqueCover.hides(photo("a", Rect(x: 20, y: 20, width: 160, height: 120), red: 10, turnedBy: 0.3), area,
                                        isOpaque: opaque), "turned, it still holds the area")
        let nearCorner = Rect(x: 24, y: 24, width: 20, height: 20)
        XCTAssertTrue(OpaqueCover.hides(photo("a", Rect(x: 20, y: 20, width: 160, height: 120), red: 10), nearCorner,
                                        isOpaque: opaque))
        XCTAssertFalse(OpaqueCover.hides(photo("a", Rect(x: 20, y: 20, width: 160, height: 120), red: 10, turnedBy: 0.3), nearCorner,
                                         isOpaque: opaque), "turned, its corner moves off the area")
        XCTAssertFalse(OpaqueCover.hides(photo("a", Rect(x: 61, y: 20, width: 160, height: 120), red: 10), area, isOpaque: opaque),
                       "an edge within the margin of the area")
        XCTAssertFalse(OpaqueCover.hides(photo("clear", Rect(x: 20, y: 20, width: 160, height: 120), red: 10), area, isOpaque: opaque))
        XCTAssertFalse(OpaqueCover.hides(photo("a", Rect(x: 20, y: 20, width: 160, height: 120), red: 10, opacity: 0.9), area,
                                         isOpaque: opaque))
        XCTAssertFalse(OpaqueCover.hides(.group(SceneGroup(clip: BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 200)),
                                                           children: [])), area, isOpaque: opaque), "paper with no picture")
    }

    func testOnlyConvexOutlinesOfStraightEdgesAreJudged() {
        let star = (0..<5).map { k -> Point in
            let angle = Double(k * 2) * 2 * .pi / 5
            return Point(100 + 90 * cos(angle), 100 + 90 * sin(angle))
        }
        XCTAssertFalse(OpaqueCover.holds(star, [Point(100, 100)]), "a five-pointed star turns one way at every corner, twice round")
        let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        XCTAssertTrue(OpaqueCover.holds(square, [Point(5, 5), Point(0, 0)]))
        XCTAssertTrue(OpaqueCover.holds(square.reversed(), [Point(5, 5)]), "either winding")
        XCTAssertFalse(OpaqueCover.holds(square, [Point(11, 5)]))
        XCTAssertFalse(OpaqueCover.holds(square, [Point(.nan, 5)]))
        var curved = BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        curved.elements.insert(.quad(control: Point(5, -5), to: Point(10, 0)), at: 1)
        XCTAssertNil(OpaqueCover.convexPolygon(curved))
        XCTAssertNil(OpaqueCover.convexPolygon(BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
            .appending(BezierPath(rect: Rect(x: 2, y: 2, width: 2, height: 2)))), "a hole")
        XCTAssertEqual(OpaqueCover.convexPolygon(BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))?.count, 4)
    }

    func testAPictureChangingInAScrapRedrawsTheScrapAndNotItsShadow() {
        let rect = Rect(x: 20, y: 20, width: 160, height: 120)
        let before = photo("a", rect, red: 10), after = photo("b", rect, red: 200)
        XCTAssertEqual(RenderItem.changedBounds(from: before, to: after), rect)
        XCTAssertGreaterThan(before.bounds.maxY, rect.maxY + 2, "the shadow reaches below the scrap")
        let moved = photo("b", Rect(x: 30, y: 20, width: 160, height: 120), red: 200)
        XCTAssertEqual(RenderItem.changedBounds(from: before, to: moved), before.bounds.union(moved.bounds), "moved: its shadow moves too")
    }

    func testTheTopmostPhotoHoldingTheAreaIsWhereDrawingStarts() {
        let items = [photo("a", Rect(x: 20, y: 20, width: 160, height: 120), red: 10),
                     photo("b", Rect(x: 30, y: 30, width: 160, height: 120), red: 60),
                     photo("c", Rect(x: 150, y: 30, width: 40, height: 40), red: 110)]
        let area = Rect(x: 60, y: 60, width: 40, height: 30)
        XCTAssertEqual(OpaqueCover.firstShown([0, 1, 2], in: area, item: { items[$0] }, isOpaque: { _ in true }), 1)
        XCTAssertEqual(OpaqueCover.firstShown([0, 1, 2], in: area, item: { items[$0] }, isOpaque: { $0 != "b" }), 0)
    }

    /// The pile redrawn where its lowest photo changed (it lies under the others, so the redraw starts
    /// at the top photo holding its area), with a half-clear photo and ink over part of it, comes out
    /// pixel for pixel as a renderer given the final pile draws it; and so does one redrawn where a
    /// photo showing a strip of itself changed.
    func testAPileRedrawnWhereItsLowestPhotoChangesIsTheFreshPile() throws {
        func pile(lowest red: UInt8) -> [RenderItem] {
            [photo("low\(red)", Rect(x: 70, y: 60, width: 40, height: 30), red: red),
             photo("strip\(red)", Rect(x: 20, y: 20, width: 160, height: 120), red: red),
             photo("b", Rect(x: 24, y: 24, width: 160, height: 120), red: 60),
             photo("c", Rect(x: 28, y: 28, width: 160, height: 120), red: 110),
             photo("half", Rect(x: 60, y: 40, width: 60, height: 60), red: 200, alpha: 128),
             .stroke(ItemFixtures.line(Point(30, 80), Point(170, 90), diameter: 6))]
        }
        let edited = try PageRenderer(pageWidth: 200, pageHeight: 200)
        for item in pile(lowest: 10) { edited.append(item) }
        _ = try edited.renderPageImage()
        XCTAssertEqual(OpaqueCover.firstShown([0, 1, 2, 3], in: Rect(x: 66, y: 56, width: 50, height: 40),
                                              item: { pile(lowest: 10)[$0] }, isOpaque: { _ in true }), 3,
                       "the top photo holds the lowest one's area")
        XCTAssertTrue(edited.replace(at: 0, with: pile(lowest: 250)[0]))
        XCTAssertTrue(edited.replace(at: 1, with: pile(lowest: 250)[1]))
        let fresh = try PageRenderer(pageWidth: 200, pageHeight: 200)
        for item in pile(lowest: 250) { fresh.append(item) }
        let a = try edited.renderPageImage(), b = try fresh.renderPageImage()
        var differing = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "\(a.saveForInspection(named: "pile-edited")) against \(b.saveForInspection(named: "pile-fresh"))")
        // The second photo shows in its own strip, left and above the others.
        XCTAssertGreaterThan(Int(a[21, 60].r), 200)
    }

    /// A photo lying exactly under an opaque one whose picture changes redraws nothing (it shows no
    /// pixel); once the photo over it moves away, the new picture shows, the baked layer holding it
    /// brought up to date there: the page is the fresh pile's, baked or not.
    func testAPhotoChangingUnderAnotherShowsItsNewPictureWhenUncovered() throws {
        let rect = Rect(x: 30, y: 30, width: 120, height: 90)
        for undoWindow in [1, 100] {
            let edited = try PageRenderer(pageWidth: 200, pageHeight: 200)
            edited.undoWindow = undoWindow
            edited.load([photo("old", rect, red: 10), photo("top", rect, red: 120)])
            let before = try edited.renderPageImage()
            XCTAssertTrue(edited.replace(at: 0, with: photo("new", rect, red: 250)))
            let hidden = try edited.renderPageImage()
            var differing = 0
            for y in 0..<hidden.height { for x in 0..<hidden.width where hidden[x, y] != before[x, y] { differing += 1 } }
            XCTAssertEqual(differing, 0, "hidden, the new picture changes nothing (undo window \(undoWindow))")
            // Changing again and again under the photo hiding it: one stale area at most, not one a change.
            for round in 0..<20 { XCTAssertTrue(edited.replace(at: 0, with: photo(round % 2 == 0 ? "old" : "new", rect, red: 250))) }
            XCTAssertLessThanOrEqual(edited.staleBakedAreas.count, 1)
            XCTAssertTrue(edited.replace(at: 1, with: photo("top", Rect(x: rect.minX + 40, y: rect.minY + 50, width: rect.width, height: rect.height), red: 120)))
            let fresh = try PageRenderer(pageWidth: 200, pageHeight: 200)
            fresh.undoWindow = undoWindow
            fresh.load([photo("new", rect, red: 250), photo("top", Rect(x: rect.minX + 40, y: rect.minY + 50, width: rect.width, height: rect.height), red: 120)])
            let a = try edited.renderPageImage(), b = try fresh.renderPageImage()
            differing = 0
            for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
            XCTAssertEqual(differing, 0, "undo window \(undoWindow): \(a.saveForInspection(named: "uncovered-edited")) against "
                           + b.saveForInspection(named: "uncovered-fresh"))
            XCTAssertGreaterThan(Int(a[40, 40].r), 240, "the new picture shows where the top photo was")
        }
    }
}
