import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// The scissors on the model: scraps split into their pieces (holes kept, ink divided, picture kept),
/// ink cut out into a new scrap by a loop, a path that cuts nothing changes nothing, and a cut that
/// cannot be worked out is refused whole.
final class ScissorsCutTests: XCTestCase {
    private let pen = StrokeStyle.defaults(for: .pen)
    private let picture = ScrapImage(reference: ImageReference(blob: BlobID(hex: String(repeating: "b1", count: 32))!, pixelWidth: 400, pixelHeight: 300),
                                     rect: Rect(x: 0, y: 0, width: 400, height: 300))

    private func stroke(_ points: [Point], pressure: Double = 0.5) -> Stroke {
        Stroke(samples: points.enumerated().map { InputSample(position: $1, pressure: pressure, time: Double($0) * 0.01) },
               style: pen)
    }

    private func line(_ from: Point, _ to: Point, steps: Int = 40) -> [Point] {
        (0...steps).map { from + (to - from) * (Double($0) / Double(steps)) }
    }

    private func photo(at origin: Point, scale: Double = 1, items: [PageItem] = []) -> PageItem {
        PageItem(.scrap(Scrap(outline: BezierPath(rect: picture.rect),
                              transform: Homography(AffineTransform.scale(scale, scale).concatenating(.translation(origin.x, origin.y))),
                              image: picture, items: items)))
    }

    private func scraps(_ page: Page) -> [Scrap] {
        page.items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } }
    }


    private func cut(_ page: inout Page, _ points: [Point], nudge: Double = 0) throws -> ScissorsCut {
        let result = page.cutting(along: try ScissorsPath(points: points, closingReach: 4), nudge: nudge)
        if let edit = result.edit { try page.apply(edit) }
        return result
    }

    func testAStraightCutSplitsAScrapInTwoWhoseAreasAddUp() throws {
        let ink = PageItem(.stroke(stroke([Point(0, 0), Point(5, 5)])))
        let scrap = photo(at: Point(100, 100))
        let top = photo(at: Point(900, 900))
        var page = Page(items: [ink, scrap, top])
        let before = page
        let result = try cut(&page, line(Point(300, 50), Point(300, 450)))
        guard case .scraps(_, scraps: 1, pieces: 2) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(page.items.count, 4)
        XCTAssertEqual(page.items[0], ink)
        XCTAssertEqual(page.items[3], top, "the scrap the path missed stays where it was, above the pieces")
        let pieces = scraps(page).prefix(2)
        XCTAssertEqual(pieces.map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 400 * 300 * 1e-6)
        XCTAssertEqual(pieces.map { $0.transform.apply(Quadrilateral($0.outline.bounds).upperLeft)!.x }.sorted(), [100, 300])
        XCTAssertTrue(pieces.allSatisfy { $0.image == picture }, "each piece keeps the whole picture, clipped by its outline")
        try page.apply(try XCTUnwrap(result.edit).inverse)
        XCTAssertEqual(page, before, "undo puts the scrap back whole")
    }

    func testPiecesAreNudgedApartAwayFromTheCut() throws {
        var page = Page(items: [photo(at: Point(0, 0))])
        _ = try cut(&page, line(Point(200, -10), Point(200, 310)), nudge: 3)
        let pieces = scraps(page)
        XCTAssertEqual(pieces.count, 2)
        let shifts = pieces.map { $0.transform.apply(Point(0, 0))! }
        // The left piece (outline x 0…200) goes left, the right one right; neither moves up or down.
        let (left, right) = pieces[0].outline.bounds.minX < 1 ? (shifts[0], shifts[1]) : (shifts[1], shifts[0])
        XCTAssertEqual(left.x, -3, accuracy: 1e-9)
        XCTAssertEqual(right.x, 3, accuracy: 1e-9)
        XCTAssertEqual(left.y, 0, accuracy: 1e-9)
    }

    func testInkOnAScrapIsDividedAtTheCutWithItsPressure() throws {
        // A stroke across the scrap in its own coordinates, pressure rising from 0.2 to 0.8.
        let samples = (0...40).map { k in
            InputSample(position: Point(10 + Double(k) * 9, 150), pressure: 0.2 + 0.6 * Double(k) / 40, time: Double(k) * 0.01)
        }
        let scrap = photo(at: Point(0, 0), items: [PageItem(.stroke(Stroke(samples: samples, style: pen)))])
        var page = Page(items: [scrap])
        _ = try cut(&page, line(Point(200, -10), Point(200, 310)))
        let pieces = scraps(page)
        XCTAssertEqual(pieces.count, 2)
        let strokes = pieces.flatMap { $0.items.compactMap(\.stroke) }
        XCTAssertEqual(strokes.count, 2)
        let ends = strokes.flatMap { [$0.samples.first!, $0.samples.last!] }.filter { abs($0.position.x - 200) < 1e-6 }
        XCTAssertEqual(ends.count, 2, "both pieces end on the cut")
        // At x = 200 the stroke is (200 - 10) / 360 of the way along: the pressure there.
        let expected = 0.2 + 0.6 * 190 / 360
        for end in ends { XCTAssertEqual(end.pressure!, expected, accuracy: 1e-6) }
        XCTAssertEqual(strokes.map(\.style), [pen, pen])
        XCTAssertEqual(strokes.map(\.samples.count).reduce(0, +), samples.count + 2, "each side keeps its samples plus the cut")
    }

    func testACurvedWigglyCutMakesManyPiecesThatAddUp() throws {
        var page = Page(items: [photo(at: Point(0, 0))])
        // A sine across the scrap's top edge: in and out six times.
        let points = (0...600).map { k -> Point in
            let x = -20 + Double(k) * 0.74
            return Point(x, 20 * sin(x / 400 * 6 * .pi * 2))
        }
        guard case let .scraps(_, _, pieces) = try cut(&page, points) else { return XCTFail() }
        XCTAssertGreaterThan(pieces, 6)
        XCTAssertEqual(scraps(page).map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 400 * 300 * 1e-6)
    }

    func testALoopInsideAScrapCutsOutAPieceAndLeavesAHole() throws {
        var page = Page(items: [photo(at: Point(0, 0))])
        let circle = (0..<72).map { k -> Point in
            let a = Double(k) / 72 * 2 * .pi
            return Point(200 + 50 * cos(a), 150 + 50 * sin(a))
        }
        // Drawn nearly closed: the last point is 2 px from the first.
        let result = try cut(&page, circle + [Point(252, 150)])
        guard case .scraps(_, _, 2) = result else { return XCTFail("\(result)") }
        let pieces = scraps(page).sorted { $0.outlineArea < $1.outlineArea }
        XCTAssertEqual(pieces[1].outline.subpaths.count, 2, "the rest has a hole where the loop went")
        XCTAssertEqual(pieces.map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 400 * 300 * 1e-6)
        // Straight through both again: the disc in halves, the holed rest into two notched pieces.
        let again = try cut(&page, line(Point(200, -10), Point(200, 310)))
        guard case .scraps(_, scraps: 2, pieces: 4) = again else { return XCTFail("not four pieces") }
        XCTAssertEqual(scraps(page).map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 400 * 300 * 1e-6)
    }

    func testASelfCrossingCutAcrossAScrapMakesThePiecesItEnclosesToo() throws {
        var page = Page(items: [photo(at: Point(0, 0))])
        // In over the top edge, a loop-the-loop inside (crossing itself), out over the bottom edge.
        var points = line(Point(150, -20), Point(150, 120))
        points += (0...72).map { k -> Point in
            let a = Double(k) / 72 * 2 * .pi
            return Point(150 + 40 * sin(a), 160 - 40 * cos(a))
        }
        points += line(Point(150, 120), Point(150, 320))
        let result = try cut(&page, points)
        guard case let .scraps(_, scraps: 1, pieces) = result else { return XCTFail("not one scrap cut") }
        XCTAssertGreaterThanOrEqual(pieces, 3, "left, right, and the loop's inside")
        XCTAssertEqual(scraps(page).map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 400 * 300 * 1e-6)
    }

    func testACutThroughTwoStackedScrapsSplitsBothInTheirOrder() throws {
        let low = photo(at: Point(0, 0)), high = photo(at: Point(100, 50), scale: 0.5)
        var page = Page(items: [low, high])
        guard case .scraps(_, scraps: 2, pieces: 4) = try cut(&page, line(Point(150, -10), Point(150, 400))) else { return XCTFail() }
        // The low scrap's pieces first, then the high one's (half size: 200 × 150 page pixels).
        let pieces = scraps(page)
        XCTAssertEqual(pieces.prefix(2).map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 1e-3)
        XCTAssertEqual(pieces.suffix(2).map(\.outlineArea).reduce(0, +), 400 * 300, accuracy: 1e-3, "scrap coordinates: its own area")
    }

    func testAPathThatStopsInsideOrMissesCutsNothing() throws {
        var page = Page(items: [photo(at: Point(0, 0)), PageItem(.stroke(stroke(line(Point(500, 500), Point(600, 600)))))])
        let before = page
        XCTAssertEqual(try cut(&page, line(Point(-50, 150), Point(200, 150))), .nothing, "into the scrap and stopping")
        XCTAssertEqual(try cut(&page, line(Point(450, 0), Point(450, 400))), .nothing, "beside it")
        XCTAssertEqual(try cut(&page, line(Point(0, -20), Point(400, -20))), .nothing, "along it, outside")
        XCTAssertEqual(page, before)
    }

    func testATangentPathThatTouchesTheEdgeCutsNothing() throws {
        var page = Page(items: [photo(at: Point(0, 0))])
        let before = page
        // A circle arc that touches the top edge at (200, 0) from above.
        let arc = (0...90).map { k -> Point in
            let a = Double.pi * (1 + Double(k) / 90)
            return Point(200 + 100 * cos(a), -100 - 100 * sin(a))
        }
        XCTAssertEqual(try cut(&page, arc), .nothing)
        XCTAssertEqual(page, before)
    }

    func testALassoAroundInkCutsItOutIntoATransparentScrap() throws {
        let across = PageItem(.stroke(stroke(line(Point(0, 100), Point(300, 100)))))
        let outside = PageItem(.stroke(stroke(line(Point(0, 300), Point(300, 300)))))
        var page = Page(items: [across, outside])
        let before = page
        // A lasso round (100…200, 50…150) whose tail runs past its start: closed by crossing itself.
        let lasso = line(Point(90, 50), Point(200, 50)) + line(Point(200, 50), Point(200, 150)) + line(Point(200, 150), Point(100, 150))
            + line(Point(100, 150), Point(100, 40))
        let result = try cut(&page, lasso)
        guard case let .ink(edit, strokes: 1, texts: 0) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(page.items.count, 4, "two outside pieces, the untouched stroke, the new scrap")
        XCTAssertEqual(page.items[2], outside)
        let scrap = try XCTUnwrap(scraps(page).last)
        XCTAssertNil(scrap.image, "a transparent scrap")
        XCTAssertEqual(scrap.outlineArea, 100 * 100, accuracy: 1e-6)
        let held = try XCTUnwrap(scrap.items.first?.stroke)
        let onPage = held.samples.map { scrap.transform.apply($0.position)! }
        XCTAssertEqual(onPage.first!.x, 100, accuracy: 1e-6)
        XCTAssertEqual(onPage.last!.x, 200, accuracy: 1e-6)
        XCTAssertTrue(onPage.allSatisfy { abs($0.y - 100) < 1e-9 })
        let left = try XCTUnwrap(page.items[0].stroke), right = try XCTUnwrap(page.items[1].stroke)
        XCTAssertEqual(left.samples.last!.position.x, 100, accuracy: 1e-6)
        XCTAssertEqual(right.samples.first!.position.x, 200, accuracy: 1e-6)
        try page.apply(edit.inverse)
        XCTAssertEqual(page, before)
    }

    func testAnOpenPathOverInkCutsNothing() throws {
        var page = Page(items: [PageItem(.stroke(stroke(line(Point(0, 100), Point(300, 100)))))])
        XCTAssertEqual(try cut(&page, line(Point(150, 0), Point(150, 200))), .nothing)
        XCTAssertEqual(page.items.count, 1)
    }

    func testALoopRoundNoInkCutsNothing() throws {
        var page = Page(items: [PageItem(.stroke(stroke(line(Point(0, 500), Point(300, 500)))))])
        let square = line(Point(0, 0), Point(100, 0)) + line(Point(100, 0), Point(100, 100)) + line(Point(100, 100), Point(0, 100))
            + line(Point(0, 100), Point(0, 1))
        XCTAssertEqual(try cut(&page, square), .nothing)
    }

    private func square(_ x: Double, _ y: Double, side: Double) -> [Point] {
        line(Point(x, y), Point(x + side, y)) + line(Point(x + side, y), Point(x + side, y + side))
            + line(Point(x + side, y + side), Point(x, y + side)) + line(Point(x, y + side), Point(x, y + 1))
    }

    /// Text measured as a fixed box, so the cut's shapes are known to the pixel: 10 px a character,
    /// the line 20 px tall from 15 px above the baseline.
    private let tenPerCharacter: TextBoxMeasure = { Rect(x: 0, y: -15, width: Double($0.text.count) * 10, height: 20) }

    /// The region of `scrap` (page coordinates) over which it shows its items.
    private func shows(_ scrap: Scrap, _ point: Point) -> Bool {
        guard let local = scrap.transform.inverted?.apply(point) else { return false }
        return scrap.outline.contains(local, fillRule: .evenOdd)
    }

    func testALoopRoundATextBoxCutsItOutWhole() throws {
        let inside = TextItem(text: "Entropy", origin: Point(40, 60), fontSize: 16)
        let apart = TextItem(text: "far away", origin: Point(40, 400), fontSize: 16)
        var page = Page(items: [PageItem(.text(inside)), PageItem(.text(apart))])
        let result = try cut(&page, square(0, 0, side: 200))
        guard case .ink(_, strokes: 0, texts: 1) = result else { return XCTFail("the text was not cut out: \(result)") }
        XCTAssertEqual(result.label, "text cut out (1 box)")
        XCTAssertEqual(page.items.map(\.kind), ["text", "scrap"], "the box out of reach stays; the cut-out scrap on top")
        XCTAssertEqual(page.items[0].text, apart)
        guard case let .scrap(scrap) = page.items[1].content, case let .text(carried)? = scrap.items.first?.content else {
            return XCTFail("the text is on the scrap")
        }
        XCTAssertEqual(carried.text, "Entropy")
        XCTAssertEqual(scrap.transform.apply(carried.origin), inside.origin, "where it was on the page")
        XCTAssertNil(scrap.image, "a transparent scrap")
    }

    /// A loop across a line of text cuts it as it cuts ink: what lies inside the loop goes with the new
    /// scrap, what lies outside stays where it was, and no part of the box shows twice or not at all.
    func testALoopAcrossATextBoxCutsItInTwoAlongTheLoop() throws {
        // "a long line that runs out of the loop": 37 characters, 370 px from x = 40; the box (outset by
        // a quarter em, 4 px) spans x 36…414, y 131…159. The loop's right side, x = 200, crosses it.
        let crossed = TextItem(text: "a long line that runs out of the loop", origin: Point(40, 150), fontSize: 16)
        let ink = PageItem(.stroke(stroke(line(Point(20, 100), Point(180, 100)))))
        var page = Page(items: [PageItem(.text(crossed)), ink])
        let before = page
        let result = page.cutting(along: try ScissorsPath(points: square(0, 0, side: 200), closingReach: 4), measuringTextBy: tenPerCharacter)
        guard case let .ink(edit, strokes: 1, texts: 1) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(result.label, "ink cut out (1 stroke, 1 text box)")
        try page.apply(edit)
        XCTAssertEqual(page.items.map(\.kind), ["scrap", "scrap"], "the rest of the box in its place, the cut-out scrap on top")
        let rest = try XCTUnwrap(page.items[0].scrap), cutOut = try XCTUnwrap(page.items[1].scrap)
        XCTAssertNil(rest.image, "the rest shows on a transparent scrap")
        for scrap in [rest, cutOut] {
            guard case let .text(carried)? = scrap.items.first(where: { $0.kind == "text" })?.content else { return XCTFail("a side lost the words") }
            XCTAssertEqual(carried.text, crossed.text, "each side keeps the whole box, clipped by its outline")
            XCTAssertEqual(scrap.transform.apply(carried.origin), crossed.origin, "where it was on the page")
        }
        // Along the line of text, every point of the box shows on exactly one side of the cut.
        for x in stride(from: 37.0, through: 413, by: 4) {
            for y in [133.0, 145, 157] {
                let point = Point(x, y)
                XCTAssertEqual(shows(cutOut, point), x < 200, "cut-out side at \(point)")
                XCTAssertEqual(shows(rest, point), x > 200, "the rest at \(point)")
            }
        }
        XCTAssertEqual(rest.outlineArea, (414 - 200) * 28, accuracy: 1e-6, "the rest is the box right of the loop")
        try page.apply(edit.inverse)
        XCTAssertEqual(page, before, "one undo puts the box back whole")
    }

    func testALoopThroughTheMiddleOfABoxLeavesItsBothEndsShowing() throws {
        // The loop (x 100…140) cuts a hole-free band out of the middle of a 300-px line.
        let text = TextItem(text: String(repeating: "m", count: 30), origin: Point(0, 50), fontSize: 16)
        var page = Page(items: [PageItem(.text(text))])
        let band = line(Point(100, 0), Point(140, 0)) + line(Point(140, 0), Point(140, 100)) + line(Point(140, 100), Point(100, 100))
            + line(Point(100, 100), Point(100, 1))
        let result = page.cutting(along: try ScissorsPath(points: band, closingReach: 4), measuringTextBy: tenPerCharacter)
        guard case let .ink(edit, strokes: 0, texts: 1) = result else { return XCTFail("\(result)") }
        try page.apply(edit)
        XCTAssertEqual(page.items.count, 3, "two ends left showing, and the cut-out middle")
        let ends = page.items.prefix(2).compactMap(\.scrap).map { Rect.null.union($0.transform.apply($0.outline.bounds.center)!) }
        XCTAssertEqual(ends.map(\.minX).sorted().map { $0 < 100 }, [true, false], "one end each side of the band")
    }

    func testTheRestOfABoxPastThePagesEdgeStaysHidden() throws {
        // A Letter page is 816 px wide; the line runs from x 700 to 1000, the loop takes x 680…760.
        let text = TextItem(text: String(repeating: "m", count: 30), origin: Point(700, 100), fontSize: 16)
        var page = Page(items: [PageItem(.text(text))])
        let result = page.cutting(along: try ScissorsPath(points: square(680, 40, side: 80), closingReach: 4), measuringTextBy: tenPerCharacter)
        guard case let .ink(edit, strokes: 0, texts: 1) = result else { return XCTFail("\(result)") }
        try page.apply(edit)
        let rest = try XCTUnwrap(page.items.first?.scrap)
        let shown = Rect.null.union(rest.transform.apply(Point(rest.outline.bounds.minX, rest.outline.bounds.minY))!)
            .union(rest.transform.apply(Point(rest.outline.bounds.maxX, rest.outline.bounds.maxY))!)
        XCTAssertEqual(shown.minX, 760, accuracy: 1e-6)
        XCTAssertEqual(shown.maxX, 816, accuracy: 1e-6, "the page hid the line past its edge; the scrap left in its place does too")
    }

    /// A scrap carrying text, cut in two across the words: each piece carries the box, so both halves
    /// of the words show; a box wholly on one piece goes with that piece alone.
    func testCuttingAScrapAcrossItsTextGivesEachPieceTheBox() throws {
        let across = TextItem(text: String(repeating: "w", count: 20), origin: Point(50, 100), fontSize: 16)   // x 50…250
        let left = TextItem(text: "left", origin: Point(20, 200), fontSize: 16)                               // x 20…60
        var page = Page(items: [photo(at: Point(0, 0), items: [PageItem(.text(across)), PageItem(.text(left))])])
        let result = page.cutting(along: try ScissorsPath(points: line(Point(150, -10), Point(150, 310)), closingReach: 4),
                                  nudge: 0, measuringTextBy: tenPerCharacter)
        guard case let .scraps(edit, scraps: 1, pieces: 2) = result else { return XCTFail("\(result)") }
        try page.apply(edit)
        let pieces = scraps(page).sorted { $0.outline.bounds.minX < $1.outline.bounds.minX }
        XCTAssertEqual(pieces[0].items.compactMap(\.text), [across, left])
        XCTAssertEqual(pieces[1].items.compactMap(\.text), [across])
    }

    func testATextBoxSizedFromTheCallersLayoutDecidesWhatTheLoopHolds() throws {
        // The estimate (0.6 em a character) makes "WWWWWWWWWW" 96 px wide; laid out at 14 px a
        // character it is 140: a 120-px loop holds the one and crosses the other.
        let text = TextItem(text: "WWWWWWWWWW", origin: Point(10, 50), fontSize: 16)
        let loop = try ScissorsPath(points: square(0, 0, side: 120), closingReach: 4)
        let page = Page(items: [PageItem(.text(text))])
        guard case let .ink(estimated, _, texts: 1) = page.cutting(along: loop) else { return XCTFail() }
        XCTAssertEqual(estimated.itemsAfter.count, 1, "held whole: only the cut-out scrap")
        guard case let .ink(laidOut, _, texts: 1) = page.cutting(along: loop, measuringTextBy: { Rect(x: 0, y: -15, width: Double($0.text.count) * 14, height: 20) })
        else { return XCTFail() }
        XCTAssertEqual(laidOut.itemsAfter.count, 2, "crossed: the rest left showing, and the cut-out scrap")
    }

    func testAScrapWhoseTransformCannotBeInvertedRefusesTheWholeCut() throws {
        let good = photo(at: Point(0, 0))
        // Collapsed to a line: no inverse, so no cut can be carried onto it.
        let flat = PageItem(.scrap(Scrap(outline: BezierPath(rect: picture.rect),
                                         transform: Homography(AffineTransform(a: 1, b: 0, c: 0, d: 0, tx: 0, ty: 100)))))
        var page = Page(items: [good, flat])
        let before = page
        guard case let .refused(reason) = try cut(&page, line(Point(200, -10), Point(200, 310))) else { return XCTFail() }
        XCTAssertTrue(reason.contains("scrap"), reason)
        XCTAssertEqual(page, before, "never a partial cut")
    }

    /// Random scribbles (seeded) over a scrap with a hole and ink: every one either cuts it into pieces
    /// that add up, cuts nothing, or is refused with the page unchanged — never a trap, never a loss.
    func testRandomScribblesNeverLoseOrDoubleAnyOfTheScrap() throws {
        var seed: UInt64 = 0x5c155025
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let ink = PageItem(.stroke(stroke(line(Point(20, 150), Point(380, 150)))))
        var holed = BezierPath(rect: picture.rect)
        holed.append(BezierPath(ellipseIn: Rect(x: 250, y: 60, width: 80, height: 60)))
        let original = PageItem(.scrap(Scrap(outline: holed, transform: Homography(.translation(50, 50)), image: picture, items: [ink])))
        var outcomes: [String: Int] = [:]
        for _ in 0..<150 {
            var page = Page(items: [original])
            var point = Point(random() * 500, random() * 400)
            var points = [point]
            for _ in 0..<Int(2 + random() * 12) {
                point = point + Point((random() - 0.5) * 300, (random() - 0.5) * 300)
                points.append(point)
            }
            let result = try cut(&page, points, nudge: 2)
            switch result {
            case .scraps:
                XCTAssertEqual(scraps(page).map(\.outlineArea).reduce(0, +), scrapValue(original).outlineArea, accuracy: 400 * 300 * 1e-6,
                               "\(points)")
                outcomes["cut", default: 0] += 1
            case .nothing, .ink:
                XCTAssertEqual(page.items.count, 1, "\(points)")
                outcomes["nothing", default: 0] += 1
            case .refused:
                XCTAssertEqual(page.items, [original], "a refused cut changes nothing")
                outcomes["refused", default: 0] += 1
            }
        }
        XCTAssertGreaterThan(outcomes["cut", default: 0], 50, "\(outcomes)")
    }

    private func scrapValue(_ item: PageItem) -> Scrap {
        if case let .scrap(s) = item.content { return s }
        fatalError("not a scrap")
    }

    func testScissorsPathChecksItsPoints() {
        XCTAssertThrowsError(try ScissorsPath(points: [Point(0, 0)], closingReach: 4))
        XCTAssertThrowsError(try ScissorsPath(points: [Point(0, 0), Point(5, 5), Point(5, 5)].map { $0 } + [Point(.nan, 0)], closingReach: 4))
        XCTAssertThrowsError(try ScissorsPath(points: [Point(1, 1), Point(1, 1)], closingReach: 4), "one point, repeated")
        XCTAssertThrowsError(try ScissorsPath(points: Array(repeating: Point(0, 0), count: ScissorsPath.maximumPoints + 1), closingReach: 4))
        let thinned = try? ScissorsPath(points: line(Point(0, 0), Point(100, 0), steps: 1000), closingReach: 4)
        XCTAssertEqual(thinned?.points.count, 2, "points on a straight line are thinned to its ends")
        XCTAssertNil(thinned?.loop)
    }
}

private extension PageItem {
    var text: TextItem? { if case let .text(t) = content { t } else { nil } }
    var scrap: Scrap? { if case let .scrap(s) = content { s } else { nil } }
}
