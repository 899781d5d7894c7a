import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Stretch to duplicate in the real window, on a real X server (Xorg with inputtest's touchscreen for
/// four fingers, XTEST for the mouse and Shift): a scrap pulled apart past the split rule becomes two,
/// sharing the picture, each with the ink; let go before, it springs back and nothing is saved; the
/// split is one undo step and is in the file.
final class StretchWindowTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-stretch-\(UUID().uuidString)"
    private var path: String { folder + "/Stretch.quire" }
    private var pageID: PageID!
    private var scrapID: ItemID!
    private var initialPage: Page!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A 200×100 photo, red on the left half and blue on the right, as a scrap at (200, 200), with a
        // line of ink of its own across its lower part (y 280 on the page).
        var photo = RGBAImage(width: 200, height: 100, fill: (220, 0, 0, 255))
        for y in 0..<100 { for x in 100..<200 { photo[x, y] = .init(r: 0, g: 0, b: 220, a: 255) } }
        let store = try NotebookStore.create(at: path, title: "Stretch")
        pageID = try store.pageIDs()[0]
        let blob = try store.storeBlob(PNG.encode(photo), kind: .png)
        let ink = Stroke(samples: (0...16).map { InputSample(position: Point(20 + Double($0) * 10, 80), pressure: 0.8, time: Double($0) / 100) },
                         style: .defaults(for: .pen))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100)),
                                          transform: Homography(.translation(200, 200)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 200, pixelHeight: 100),
                                                            rect: Rect(x: 0, y: 0, width: 200, height: 100)),
                                          items: [.stroke(ink)])))
        scrapID = scrap.id
        try store.apply(Page().adding([scrap]), to: pageID)
        initialPage = try store.loadPage(pageID)
        try store.close()

        server = try XorgServer(devices: [.pen(), .touchscreen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: [path, "--library", folder], display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        XCTAssertTrue(eventually { self.isRed(250, 230) && self.isBlue(350, 230) },
                      "the scrap shows: \(screen().saveForInspection(named: "stretch-start"))")
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }
    private func isRed(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r > 180 && p.g < 50 && p.b < 50 }
    private func isBlue(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.b > 180 && p.r < 50 && p.g < 50 }
    private func isPaper(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r > 235 && p.g > 235 && p.b > 235 }
    private func isInk(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r < 90 && p.g < 90 && p.b < 90 }

    /// The page as saved in the file now (read by another connection, as after a crash).
    private func savedPage() -> Page? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.loadPage(pageID)
    }

    private func scraps(of page: Page?) -> [Scrap] {
        page?.items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } } ?? []
    }

    /// Where each saved scrap's upper-left corner lies on the page, rounded to 1/1000.
    private func savedCorners() -> [Point] {
        scraps(of: savedPage()).compactMap { $0.transform.apply(Point(0, 0)) }
            .map { Point(($0.x * 1000).rounded() / 1000, ($0.y * 1000).rounded() / 1000) }
    }

    private func units(_ x: Double, _ y: Double) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: x, extent: server.width), InputTestDevice.units(fromPixel: y, extent: server.height))
    }

    /// Two fingers of each hand on the scrap (left hand at x 230, right at x 370); the right hand moves
    /// `pull` to the right in steps. `whilePulled` runs before the fingers lift.
    private func fourFingerPull(_ pull: Double, whilePulled: () -> Void = {}) throws {
        let touch = try server.connect(EmulatedDevice.touchName)
        let starts: [(Double, Double)] = [(230, 220), (230, 270), (370, 220), (370, 270)]
        for (id, s) in starts.enumerated() { let u = units(s.0, s.1); try touch.touchBegin(id: id, x: u.0, y: u.1) }
        try touch.sync()
        let steps = 15
        for step in 1...steps {
            for id in 2...3 {
                let u = units(starts[id].0 + pull * Double(step) / Double(steps), starts[id].1)
                try touch.touchUpdate(id: id, x: u.0, y: u.1)
            }
            try touch.sync()
        }
        whilePulled()
        for (id, s) in starts.enumerated() {
            let u = units(s.0 + (id >= 2 ? pull : 0), s.1)
            try touch.touchEnd(id: id, x: u.0, y: u.1)
        }
        try touch.sync()
    }

    /// The original still at (200, 200) and a copy at (200 + `offset`, 200): same picture, the same
    /// count of ink, other ids.
    private func assertSplit(copyAt offset: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(eventually { self.savedCorners() == [Point(200, 200), Point(200 + offset, 200)] },
                      "saved split: \(savedCorners())", file: file, line: line)
        let page = savedPage()
        let saved = scraps(of: page)
        guard saved.count == 2, let page else { return XCTFail("two scraps saved", file: file, line: line) }
        XCTAssertEqual(page.items[0].id, scrapID, "the original keeps its id and place", file: file, line: line)
        XCTAssertEqual(saved[0].image, saved[1].image, "the copy shows the same blob", file: file, line: line)
        XCTAssertEqual(saved[1].items.count, saved[0].items.count, "the copy carries the ink", file: file, line: line)
        XCTAssertEqual(saved[1].items.map(\.content), saved[0].items.map(\.content), file: file, line: line)
        XCTAssertNotEqual(saved[1].items.first?.id, saved[0].items.first?.id, file: file, line: line)
        XCTAssertNotNil(saved[1].transform.affineTransform, "the copy is not warped", file: file, line: line)
        let x = Int(200 + offset)
        XCTAssertTrue(eventually {
            self.isRed(250, 230) && self.isBlue(350, 230) && self.isRed(x + 50, 230) && self.isBlue(x + 150, 230)
                && self.isInk(x + 100, 280) && self.isInk(300, 280)
        }, "both shown: \(screen().saveForInspection(named: "stretch-split"))", file: file, line: line)
    }

    func testFourFingersPulledApartSplitTheScrapAndUndoRedoAndReopenAgree() throws {
        try fourFingerPull(300)
        assertSplit(copyAt: 300)
        XCTAssertTrue(isPaper(450, 230), "the copies lie apart: \(screen().saveForInspection(named: "stretch-gap"))")

        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.savedCorners() == [Point(200, 200)] }, "undone in the file: \(savedCorners())")
        XCTAssertTrue(eventually { self.isPaper(550, 230) && self.isRed(250, 230) },
                      "undone on screen: \(screen().saveForInspection(named: "stretch-undone"))")
        XCTAssertEqual(savedPage(), initialPage, "undo puts the page back exactly")
        driver.key("y", control: true)
        assertSplit(copyAt: 300)

        // Reopened after Quire has gone: the same two scraps.
        let whileRunning = try XCTUnwrap(savedPage())
        quire?.terminate()
        XCTAssertTrue(quire!.waitForExit())
        quire = nil
        XCTAssertEqual(savedPage(), whileRunning)
    }

    func testFourFingersLetGoBeforeTheSplitSpringBackAndSaveNothing() throws {
        // The right hand out by 80: the span between the hands goes 140 → 220, under twice.
        try fourFingerPull(80) {
            // Warped live: the scrap's right edge (400) went out with the fingers to about 497.
            XCTAssertTrue(eventually { self.isBlue(460, 230) && self.isRed(220, 230) },
                          "warped while pulled: \(screen().saveForInspection(named: "stretch-warped"))")
        }
        XCTAssertTrue(eventually { self.isPaper(460, 230) && self.isBlue(380, 230) && self.isRed(220, 230) },
                      "sprung back: \(screen().saveForInspection(named: "stretch-sprung"))")
        // Nothing was saved: give a save the time it would take to show, then compare.
        XCTAssertFalse(eventually(timeout: 1) { self.savedPage() != self.initialPage }, "no edit saved")
        XCTAssertEqual(savedPage(), initialPage)
    }

    func testShiftDragWithTheMouseSplitsOffACopyThatFollowsIt() throws {
        driver.key("v")
        driver.hold("Shift_L", down: true)
        // Pressed on the right half, dragged 300 right: the near edge follows, the far one stays, and
        // past twice the width the copy comes away with the pointer.
        driver.drag(through: (0...15).map { (380 + $0 * 20, 230) })
        driver.hold("Shift_L", down: false)
        assertSplit(copyAt: 300)
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.savedPage() == self.initialPage }, "one undo step takes it back")
    }

    func testShiftDragWithThePenPullsTheBottomHalfDownIntoACopy() throws {
        let pen = try server.connect(EmulatedDevice.penName)
        driver.key("v")
        driver.hold("Shift_L", down: true)
        // Pressed on the bottom half (the scrap is 100 high), pulled 240 down: past twice its height.
        let (x0, y0) = units(300, 290)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: 600)
        for i in 1...12 {
            let (x, y) = units(300, 290 + Double(i) * 20)
            try pen.motion(x: x, y: y, pressure: 600)
        }
        let (x1, y1) = units(300, 530)
        try pen.button(1, down: false, x: x1, y: y1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
        driver.hold("Shift_L", down: false)
        XCTAssertTrue(eventually { self.savedCorners() == [Point(200, 200), Point(200, 440)] },
                      "the original stays, the copy came down with the pen: \(savedCorners())")
        XCTAssertTrue(eventually { self.isRed(250, 230) && self.isRed(250, 470) && self.isBlue(350, 470) && self.isPaper(250, 320) },
                      "both shown: \(screen().saveForInspection(named: "pen-split"))")
    }

    func testShiftDragLetGoBeforeTheSplitSpringsBack() throws {
        driver.key("v")
        driver.hold("Shift_L", down: true)
        driver.move(to: 380, 230)
        driver.press()
        for i in 1...8 { driver.move(to: 380 + i * 10, 230) }
        XCTAssertTrue(eventually { self.isBlue(470, 230) && self.isRed(220, 230) }, "warped, the far edge held: \(screen().saveForInspection(named: "shift-warped"))")
        driver.release()
        driver.hold("Shift_L", down: false)
        XCTAssertTrue(eventually { self.isPaper(470, 230) && self.isBlue(380, 230) },
                      "sprung back: \(screen().saveForInspection(named: "shift-sprung"))")
        XCTAssertFalse(eventually(timeout: 1) { self.savedPage() != self.initialPage }, "no edit saved")
    }
}
