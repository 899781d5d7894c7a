import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// Ink sticks to scraps: a stroke across a scrap's outline is cut there, the inside joins the scrap in
/// its own coordinates, the rest goes on the page under the scraps.
final class StickingInkTests: XCTestCase {
    private let pen = StrokeStyle.defaults(for: .pen)

    private func stroke(_ points: [Point], pressure: Double = 0.5) -> Stroke {
        Stroke(samples: points.enumerated().map { InputSample(position: $1, pressure: pressure, time: Double($0) * 0.01) },
               style: pen)
    }

    private func scrap(_ rect: Rect, transform: Homography = .identity, items: [PageItem] = []) -> PageItem {
        PageItem(.scrap(Scrap(outline: BezierPath(rect: rect), transform: transform, items: items)))
    }

    private func scrapValue(_ item: PageItem) -> Scrap? {
        if case let .scrap(s) = item.content { s } else { nil }
    }

    private func strokeValue(_ item: PageItem) -> Stroke? {
        if case let .stroke(s) = item.content { s } else { nil }
    }

    /// A page of ink and one scrap, the stroke crossing it: three pieces meeting on the outline.
    func testAStrokeAcrossAScrapIsCutAtItsOutline() throws {
        let ink = PageItem(.stroke(stroke([Point(0, 0), Point(10, 0)])))
        // Scrap coordinates 0…100, placed at (100, 100) at half size: page x 100…150.
        let paper = scrap(Rect(x: 0, y: 0, width: 100, height: 100),
                          transform: Homography(AffineTransform.scale(0.5, 0.5).concatenating(.translation(100, 100))))
        var page = Page(items: [ink, paper])
        let drawn = stroke((0...20).map { Point(80 + Double($0) * 5, 120) })   // x 80…180, through 100 and 150
        let before = page
        let edit = page.sticking(drawn)
        try page.apply(edit)

        // Page pieces under the scrap, in stroke order; the scrap last, holding the middle piece.
        XCTAssertEqual(page.items.count, 4)
        let left = try XCTUnwrap(strokeValue(page.items[1])), right = try XCTUnwrap(strokeValue(page.items[2]))
        let held = try XCTUnwrap(scrapValue(page.items[3]))
        XCTAssertEqual(page.items[3].id, paper.id)
        XCTAssertEqual(held.items.count, 1)
        let middle = try XCTUnwrap(strokeValue(held.items[0]))
        XCTAssertEqual(left.samples.first?.position, Point(80, 120))
        XCTAssertEqual(left.samples.last!.position.x, 100, accuracy: 1e-6, "cut on the outline")
        XCTAssertEqual(right.samples.first!.position.x, 150, accuracy: 1e-6)
        XCTAssertEqual(right.samples.last?.position, Point(180, 120))
        // The middle piece in scrap coordinates: page x 100…150 is scrap x 0…100, y 120 is scrap y 40.
        XCTAssertEqual(middle.samples.first!.position.x, 0, accuracy: 1e-5)
        XCTAssertEqual(middle.samples.last!.position.x, 100, accuracy: 1e-5)
        XCTAssertTrue(middle.samples.allSatisfy { abs($0.position.y - 40) < 1e-9 })
        // Twice as wide in the scrap's coordinates, so it looks as wide as drawn.
        XCTAssertEqual(middle.style.maximumWidth, pen.maximumWidth * 2, accuracy: 1e-9)
        XCTAssertEqual(left.style, pen)
        // The pieces meet: the cut sample ends one and starts the next, with its pressure and time.
        let join = try XCTUnwrap(held.transform.apply(middle.samples.first!.position))
        XCTAssertEqual(left.samples.last!.position.distance(to: join), 0, accuracy: 1e-6)
        XCTAssertEqual(left.samples.last!.pressure, middle.samples.first!.pressure)
        XCTAssertEqual(left.samples.last!.time, middle.samples.first!.time)
        XCTAssertEqual(left.samples.last!.time, 0.04, accuracy: 1e-6)

        // One edit, undone as one.
        try page.apply(edit.inverse)
        XCTAssertEqual(page, before)
    }

    func testInkThatTouchesNoScrapGoesUnderTheScrapsAndInkOnAPageWithoutScrapsOnTop() throws {
        let ink = PageItem(.stroke(stroke([Point(0, 0), Point(10, 0)])))
        let paper = scrap(Rect(x: 100, y: 100, width: 50, height: 50))
        let elsewhere = stroke([Point(300, 300), Point(310, 300)])
        guard case let .insert(under) = Page(items: [ink, paper]).sticking(elsewhere) else { return XCTFail("not an insert") }
        XCTAssertEqual(under.map(\.index), [1], "under the scrap")
        XCTAssertEqual(under.first.flatMap { strokeValue($0.item) }, elsewhere, "whole")
        guard case let .insert(onTop) = Page(items: [ink]).sticking(elsewhere) else { return XCTFail("not an insert") }
        XCTAssertEqual(onTop.map(\.index), [1], "on top, as before scraps")
        XCTAssertEqual(onTop.first.flatMap { strokeValue($0.item) }, elsewhere)
    }

    func testAStrokeWhollyOnAScrapJoinsItWhole() throws {
        let paper = scrap(Rect(x: 0, y: 0, width: 200, height: 200), items: [PageItem(.stroke(stroke([Point(5, 5)])))])
        var page = Page(items: [paper])
        let drawn = stroke([Point(20, 20), Point(40, 30), Point(60, 20)])
        try page.apply(page.sticking(drawn))
        XCTAssertEqual(page.items.count, 1)
        let held = try XCTUnwrap(scrapValue(page.items[0]))
        XCTAssertEqual(held.items.count, 2, "added after the scrap's own ink")
        XCTAssertEqual(strokeValue(held.items[1])?.samples.map(\.position), drawn.samples.map(\.position))
    }

    /// Where scraps overlap, the ink goes to the one on top; a turned scrap gets its piece in its own
    /// (turned) coordinates.
    func testTheTopmostScrapTakesTheInkAndATurnedScrapGetsItTurned() throws {
        let lower = scrap(Rect(x: 0, y: 0, width: 100, height: 100))
        // A 40×40 square turned 90° about the origin then moved to (80, 30): page x 40…80, y 30…70.
        let turn = AffineTransform.rotation(Double.pi / 2).concatenating(.translation(80, 30))
        let upper = scrap(Rect(x: 0, y: 0, width: 40, height: 40), transform: Homography(turn))
        var page = Page(items: [lower, upper])
        try page.apply(page.sticking(stroke((0...17).map { Point(10 + Double($0) * 5, 50) })))   // x 10…95
        let below = try XCTUnwrap(scrapValue(page.items[0])), above = try XCTUnwrap(scrapValue(page.items[1]))
        XCTAssertEqual(below.items.count, 2, "the lower scrap gets the pieces either side of the upper one")
        XCTAssertEqual(above.items.count, 1)
        let piece = try XCTUnwrap(strokeValue(above.items[0]))
        // Page (x, 50) is scrap (20, 80 - x) for this turn: the piece runs along scrap x = 20.
        XCTAssertTrue(piece.samples.allSatisfy { abs($0.position.x - 20) < 1e-6 }, "\(piece.samples.map(\.position))")
        XCTAssertEqual(piece.samples.first!.position.y, 40, accuracy: 1e-6)
        XCTAssertEqual(piece.samples.last!.position.y, 0, accuracy: 1e-6)
        let leftOnLower = try XCTUnwrap(strokeValue(below.items[0]))
        XCTAssertEqual(leftOnLower.samples.last!.position.x, 40, accuracy: 1e-6)
    }

    /// A hole in a scrap (left by scissors) shows the page: ink drawn in it stays on the page.
    func testInkInAScrapsHoleStaysOnThePage() throws {
        var ring = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        ring.append(BezierPath(rect: Rect(x: 25, y: 25, width: 50, height: 50)))
        let paper = PageItem(.scrap(Scrap(outline: ring)))
        var page = Page(items: [paper])
        try page.apply(page.sticking(stroke([Point(10, 50), Point(90, 50)])))
        // Scrap 10…25, page 25…75, scrap 75…90.
        XCTAssertEqual(page.items.count, 2)
        let onPage = try XCTUnwrap(strokeValue(page.items[0]))
        XCTAssertEqual(onPage.samples.first!.position.x, 25, accuracy: 1e-6)
        XCTAssertEqual(onPage.samples.last!.position.x, 75, accuracy: 1e-6)
        XCTAssertEqual(scrapValue(page.items[1])?.items.count, 2)
    }

    /// A segment between two samples that crosses a narrow scrap without a sample on it is still cut:
    /// the search looks along every segment, not only at the samples.
    func testALongSegmentOverANarrowScrapIsStillCut() throws {
        let sliver = scrap(Rect(x: 50, y: 0, width: 2, height: 100))
        var page = Page(items: [sliver])
        try page.apply(page.sticking(stroke([Point(0, 50), Point(100, 50)])))
        XCTAssertEqual(page.items.count, 3)
        let piece = try XCTUnwrap(scrapValue(page.items[2])?.items.first.flatMap(strokeValue))
        XCTAssertEqual(piece.samples.first!.position.x, 50, accuracy: 1e-6)
        XCTAssertEqual(piece.samples.last!.position.x, 52, accuracy: 1e-6)
    }

    /// An absurd segment (a damaged sample far away) costs a bounded time and cuts nothing wrongly.
    func testAnAbsurdlyLongSegmentIsSearchedInBoundedTime() throws {
        let paper = scrap(Rect(x: 0, y: 0, width: 100, height: 100))
        var page = Page(items: [paper])
        let start = Date()
        try page.apply(page.sticking(stroke([Point(50, 50), Point(50, 1e12)])))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(page.items.count, 2)
    }
}
