import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The scissors in the real window, on a real X server (Xorg with inputtest's pen, XTEST for the mouse
/// and keys): a cut splits a photo scrap into pieces whose pixels are the original's where they lie, the
/// cut is one undo step and in the file at once (kill -9 keeps it), the pen cuts along a curve without
/// leaving ink, a loop round page ink cuts it out into a scrap the hand then carries away, and a loop
/// across a line of text cuts its letters where it runs.
final class ScissorsWindowTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-scissors-\(UUID().uuidString)"
    private var path: String { folder + "/Cuts.quire" }
    private var pageID: PageID!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A 200×100 photo as a scrap at (200, 200): a red-to-yellow ramp on the left half (so a piece
        // drawn a pixel off shows), blue on the right.
        var photo = RGBAImage(width: 200, height: 100, fill: (0, 0, 220, 255))
        for y in 0..<100 { for x in 0..<100 { photo[x, y] = .init(r: 220, g: UInt8(x * 2), b: 0, a: 255) } }
        let store = try NotebookStore.create(at: path, title: "Cuts")
        pageID = try store.pageIDs()[0]
        let blob = try store.storeBlob(PNG.encode(photo), kind: .png)
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100)),
                                          transform: Homography(.translation(200, 200)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 200, pixelHeight: 100),
                                                            rect: Rect(x: 0, y: 0, width: 200, height: 100)))))
        // Page ink below the scrap: a line at y 500, x 100…500.
        let ink = Stroke(samples: (0...40).map { InputSample(position: Point(100 + Double($0) * 10, 500), pressure: 0.8, time: Double($0) * 0.01) },
                         style: .defaults(for: .pen))
        // A line of text to the right, clear of both: "HHHHHHHHHH" at 40 px from (560, 400).
        let words = PageItem(.text(TextItem(text: "HHHHHHHHHH", origin: Point(560, 400), fontSize: 40)))
        try store.apply(Page().adding([.stroke(ink), scrap, words]), to: pageID)
        try store.close()

        server = try XorgServer(devices: [.pen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: [path, "--library", folder], display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        XCTAssertTrue(eventually { self.isRed(210, 250) && self.isInk(150, 500) && self.darkPixels(in: Self.words, of: self.screen()) > 500 },
                      "the scrap and the ink show: \(screen().saveForInspection(named: "scissors-start"))")
        // Keys go to the window under the pointer (no window manager): keep it inside.
        driver.move(to: 600, 650)
        driver.key("s")
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }
    private func isRed(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r > 180 && p.b < 50 }
    private func isBlue(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.b > 180 && p.r < 50 && p.g < 50 }
    private func isPicture(_ x: Int, _ y: Int) -> Bool { isRed(x, y) || isBlue(x, y) }
    private func isInk(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r < 90 && p.g < 90 && p.b < 90 }
    private func isPaper(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r > 235 && p.g > 235 && p.b > 235 }

    /// The page as saved now, read by another connection (as after a crash).
    private func saved() -> Page? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.loadPage(pageID)
    }

    private func scraps(_ page: Page?) -> [Scrap] {
        page?.items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } } ?? []
    }


    private func units(_ x: Double, _ y: Double) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: x, extent: server.width), InputTestDevice.units(fromPixel: y, extent: server.height))
    }

    func testAMouseCutSplitsTheScrapWhosePiecesShowTheSamePixelsAndIsOneUndoStepThatSurvivesKillNine() throws {
        let before = screen()
        driver.drag(through: (0...20).map { (260, 150 + $0 * 10) })   // down through x = 260
        XCTAssertTrue(eventually { self.scraps(self.saved()).count == 2 }, "saved as two scraps: \(quire!.text)")
        let pieces = scraps(saved())
        XCTAssertEqual(pieces.map(\.outlineArea).reduce(0, +), 200 * 100, accuracy: 200 * 100 * 1e-6)
        // Pushed 3 px apart each way: a gap of paper (or shadow) where the cut went, the pieces either side.
        XCTAssertTrue(eventually { !self.isPicture(260, 250) && self.isRed(254, 250) && self.isRed(266, 250) },
                      "cut and nudged apart: \(screen().saveForInspection(named: "scissors-cut"))")
        // Each piece shows the original's pixels, 3 px to its side.
        let after = screen()
        var mismatches: [String] = []
        for y in stride(from: 205, to: 296, by: 5) {
            for x in 205..<255 where !Self.same(after[x - 3, y], before[x, y]) { mismatches.append("(\(x), \(y))") }
            for x in 266..<395 where !Self.same(after[x + 3, y], before[x, y]) { mismatches.append("(\(x), \(y))") }
        }
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) pixels differ, first \(mismatches.prefix(5)): "
                      + "\(before.saveForInspection(named: "scissors-before")) \(after.saveForInspection(named: "scissors-after"))")

        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.scraps(self.saved()).count == 1 && self.isRed(260, 250) }, "undo puts it back whole")
        XCTAssertEqual(scraps(saved()).first.map(\.outlineArea) ?? 0, 200 * 100, accuracy: 1e-9)
        driver.key("y", control: true)
        XCTAssertTrue(eventually { self.scraps(self.saved()).count == 2 && !self.isPicture(260, 250) }, "redo cuts again")

        quire?.kill(SIGKILL)
        XCTAssertTrue(quire!.waitForExit())
        quire = nil
        XCTAssertEqual(scraps(saved()).count, 2, "the cut survived kill -9")

        // The command line describes the pieces, their outlines as SVG path data on the page.
        let info = try QuireProcess(arguments: ["info", path, "--json", "--library", folder], display: "")
        XCTAssertTrue(info.waitForExit(timeout: 60))
        _ = eventually(timeout: 2) { info.text.hasSuffix("\n") }
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.text.utf8)) as? [String: Any], info.text)
        let pages = try XCTUnwrap(json["pages"] as? [[String: Any]])
        let described = try XCTUnwrap(pages.first?["scraps"] as? [[String: Any]])
        XCTAssertEqual(described.count, 2)
        let outlines = described.compactMap { $0["outline"] as? String }
        XCTAssertEqual(outlines.count, 2)
        let parsed = try outlines.map { try BezierPath(svgPathData: $0) }
        // On the page: one piece left of the cut (x ≤ 257), the other right of it (x ≥ 263).
        let spans = parsed.map(\.bounds).sorted { $0.minX < $1.minX }
        XCTAssertEqual(spans[0].minX, 197, accuracy: 1e-6)
        XCTAssertEqual(spans[0].maxX, 257, accuracy: 1e-6)
        XCTAssertEqual(spans[1].minX, 263, accuracy: 1e-6)
        XCTAssertEqual(spans[1].maxX, 403, accuracy: 1e-6)
    }

    func testThePenCutsAlongACurveAndLeavesNoInk() throws {
        let pen = try server.connect(EmulatedDevice.penName)
        // A wave down through the scrap round x = 330: in at the top edge, out at the bottom.
        let points = (0...60).map { k -> (Double, Double) in
            let y = 150 + Double(k) * 3.5
            return (330 + 25 * sin(y / 20), y)
        }
        let (x0, y0) = units(points[0].0, points[0].1)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: 600)
        for p in points.dropFirst() {
            let (x, y) = units(p.0, p.1)
            try pen.motion(x: x, y: y, pressure: 600)
        }
        let (x1, y1) = units(points.last!.0, points.last!.1)
        try pen.button(1, down: false, x: x1, y: y1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
        XCTAssertTrue(eventually { self.scraps(self.saved()).count == 2 }, "the pen's curve cut the scrap: \(quire!.text)")
        let page = try XCTUnwrap(saved())
        XCTAssertEqual(scraps(page).map(\.outlineArea).reduce(0, +), 200 * 100, accuracy: 200 * 100 * 1e-6)
        XCTAssertEqual(page.items.filter { $0.stroke != nil }.count, 1, "the scissors leave no ink on the page")
        XCTAssertTrue(scraps(page).allSatisfy { $0.items.isEmpty }, "nor on the scraps")
    }

    func testALoopRoundPageInkCutsItOutIntoAScrapThatTheHandCarries() throws {
        // A loop round the middle of the ink line (x 250…350), drawn back to within a few pixels of its start.
        driver.drag(through: Self.path(through: [(250, 450), (350, 450), (350, 550), (250, 550), (250, 455)]))
        XCTAssertTrue(eventually { self.scraps(self.saved()).count == 2 }, "a new scrap: \(quire!.text)")
        let page = try XCTUnwrap(saved())
        let cutOut = try XCTUnwrap(scraps(page).last, "on top")
        XCTAssertNil(cutOut.image, "transparent")
        XCTAssertEqual(cutOut.items.count, 1, "holding the ink inside the loop")
        XCTAssertEqual(page.items.filter { $0.stroke != nil }.count, 2, "the ink either side stays on the page")

        driver.move(to: 600, 650)
        driver.key("v")
        driver.drag(through: (0...10).map { (300, 500 + $0 * 15) })   // carry it down 150
        XCTAssertTrue(eventually { self.isInk(300, 650) && self.isPaper(300, 500) && self.isInk(200, 500) && self.isInk(400, 500) },
                      "the cut-out ink went with the hand, the rest stayed: \(screen().saveForInspection(named: "scissors-carried"))")
    }

    /// A path through `corners` in straight lines, ten steps a side, ending at the last.
    private static func path(through corners: [(Int, Int)]) -> [(Int, Int)] {
        var path: [(Int, Int)] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<10 { path.append((a.0 + (b.0 - a.0) * k / 10, a.1 + (b.1 - a.1) * k / 10)) }
        }
        return path + [corners.last!]
    }

    /// Where the line of text lies on the screen (the page is shown at 100 % from the window's corner).
    private static let words = (x: 555..<900, y: 355..<415)

    private func darkPixels(in area: (x: Range<Int>, y: Range<Int>), of image: RGBAImage, down: Int = 0) -> Int {
        var dark = 0
        for y in area.y { for x in area.x where image[x, y + down].luma < 128 { dark += 1 } }
        return dark
    }

    /// A loop across a line of text cuts the letters where it runs, as it cuts ink: the hand carries the
    /// part inside the loop away, the part outside stays where it was, pixel for pixel, and one undo
    /// puts the box back whole, editable on the page.
    func testALoopAcrossALineOfTextCutsTheLettersWhereItRuns() throws {
        let before = screen()
        // A loop round x 530…700, y 330…440: through the fifth letter or so.
        driver.drag(through: Self.path(through: [(530, 330), (700, 330), (700, 440), (530, 440), (530, 335)]))
        XCTAssertTrue(eventually { self.saved()?.items.contains { $0.kind == "text" } == false }, "the box was cut: \(quire!.text)")
        let page = try XCTUnwrap(saved())
        let cutOut = try XCTUnwrap(scraps(page).last, "on top")
        XCTAssertEqual(cutOut.items.map(\.kind), ["text"], "the cut-out scrap carries the words")
        XCTAssertEqual(scraps(page).count, 3, "the photo, the rest of the box, the cut-out piece")

        driver.move(to: 600, 650)
        driver.key("v")
        driver.drag(through: (0...10).map { (620, 390 + $0 * 15) })   // carry it down 150
        let left = (x: 555..<695, y: Self.words.y), right = (x: 705..<900, y: Self.words.y)
        XCTAssertGreaterThan(darkPixels(in: left, of: before), 400, "letters stood left of the cut")
        XCTAssertGreaterThan(darkPixels(in: right, of: before), 400, "and right of it")
        XCTAssertTrue(eventually {
            let now = self.screen()
            return self.darkPixels(in: left, of: now) == 0 && abs(self.darkPixels(in: left, of: now, down: 150) - self.darkPixels(in: left, of: before)) < 20
        }, "the letters inside the loop went with the hand: \(screen().saveForInspection(named: "scissors-text-carried"))")
        let after = screen()
        var moved = 0
        for y in right.y { for x in right.x where !Self.same(after[x, y], before[x, y]) { moved += 1 } }
        XCTAssertLessThan(moved, 20, "the letters outside the loop stayed as they were, and those past the page's edge hidden: \(after.saveForInspection(named: "scissors-text-rest"))")

        driver.key("z", control: true)
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.saved()?.items.contains { $0.text == "HHHHHHHHHH" } == true }, "undo puts the box back on the page")
        XCTAssertTrue(eventually { self.darkPixels(in: left, of: self.screen()) == self.darkPixels(in: left, of: before) },
                      "and shows it whole: \(screen().saveForInspection(named: "scissors-text-undone"))")
    }

    /// Two pixels that are the same colour, give or take rounding in the texture path.
    private static func same(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2
    }
}

private extension PageItem {
    var text: String? { if case let .text(t) = content { t.text } else { nil } }
}
