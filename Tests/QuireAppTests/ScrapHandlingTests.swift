import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// Scraps in the real window, on a real X server (Xorg with inputtest's pen and touchscreen, XTEST for
/// the mouse and keys): moved with the select tool and by two fingers, ink drawn across one sticks to it
/// and travels with it, and a move is in the file the moment it is made (kill -9 keeps it).
final class ScrapHandlingTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-scrap-handling-\(UUID().uuidString)"
    private var path: String { folder + "/Scraps.quire" }
    private var pageID: PageID!
    private var scrapID: ItemID!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A 200×100 photo, red on the left half and blue on the right, as a scrap at (200, 200).
        var photo = RGBAImage(width: 200, height: 100, fill: (220, 0, 0, 255))
        for y in 0..<100 { for x in 100..<200 { photo[x, y] = .init(r: 0, g: 0, b: 220, a: 255) } }
        let store = try NotebookStore.create(at: path, title: "Scraps")
        pageID = try store.pageIDs()[0]
        let blob = try store.storeBlob(PNG.encode(photo), kind: .png)
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100)),
                                          transform: Homography(.translation(200, 200)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 200, pixelHeight: 100),
                                                            rect: Rect(x: 0, y: 0, width: 200, height: 100)))))
        scrapID = scrap.id
        try store.apply(Page().adding([scrap]), to: pageID)
        try store.close()

        server = try XorgServer(devices: [.pen(), .touchscreen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: [path, "--library", folder], display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        XCTAssertTrue(eventually { self.isRed(250, 250) }, "the scrap shows: \(screen().saveForInspection(named: "scrap"))")
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

    /// The scrap's transform as saved in the file now (read by another connection, as after a crash).
    private func savedOffset() -> Point? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        guard let page = try? store.loadPage(pageID), let index = page.index(of: scrapID),
              case let .scrap(scrap) = page.items[index].content else { return nil }
        return scrap.transform.apply(Point(0, 0))
    }

    private func units(_ x: Double, _ y: Double) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: x, extent: server.width), InputTestDevice.units(fromPixel: y, extent: server.height))
    }

    func testTheSelectToolMovesAScrapWithTheMouseAndKillNineKeepsTheMove() throws {
        driver.key("v")
        let path = (0...20).map { (300 + $0 * 10, 250 + $0 * 10) }   // (300, 250) → (500, 450)
        driver.drag(through: path)
        XCTAssertTrue(eventually { self.isRed(450, 450) && self.isBlue(550, 450) && self.isPaper(300, 250) },
                      "the scrap followed the mouse: \(screen().saveForInspection(named: "moved"))")
        XCTAssertTrue(eventually { self.savedOffset() == Point(400, 400) }, "saved: \(String(describing: savedOffset()))")
        quire?.kill(SIGKILL)
        XCTAssertTrue(quire!.waitForExit())
        quire = nil
        XCTAssertEqual(savedOffset(), Point(400, 400), "the move survived kill -9")
    }

    /// The scrap's transform as saved, applied to a point of the scrap.
    private func saved(_ point: Point) -> Point? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        guard let page = try? store.loadPage(pageID), let index = page.index(of: scrapID),
              case let .scrap(scrap) = page.items[index].content else { return nil }
        return scrap.transform.apply(point).map { Point(($0.x * 1000).rounded() / 1000, ($0.y * 1000).rounded() / 1000) }
    }

    func testTheFramesCornerScalesAndItsHandleTurnsTheScrap() throws {
        driver.key("v")
        driver.drag(through: [(300, 250), (300, 250)])   // select it
        // The lower-right corner (400, 300), twice as far from the centre (300, 250): twice the size.
        driver.drag(through: (0...10).map { (400 + $0 * 10, 300 + $0 * 5) })
        XCTAssertTrue(eventually { self.saved(Point(0, 0)) == Point(100, 150) }, "scaled: \(String(describing: saved(Point(0, 0))))")
        XCTAssertTrue(eventually { self.isRed(120, 170) && self.isBlue(480, 330) && !self.isRed(90, 140) },
                      "drawn twice the size: \(screen().saveForInspection(named: "scaled"))")
        // The turning handle sits 36 px above the top edge's middle (300, 150): drag it round to the
        // right of the centre, a quarter turn clockwise.
        driver.drag(through: (0...12).map { i -> (Int, Int) in
            let angle = -Double.pi / 2 + Double(i) / 12 * Double.pi / 2
            return (300 + Int((136 * cos(angle)).rounded()), 250 + Int((136 * sin(angle)).rounded()))
        })
        // The scrap's upper-left corner (scrap 0, 0) went from (100, 150) to (400, 50).
        XCTAssertTrue(eventually { self.saved(Point(0, 0)).map { $0.distance(to: Point(400, 50)) < 0.5 } == true },
                      "turned: \(String(describing: saved(Point(0, 0))))")
        XCTAssertTrue(eventually { self.isRed(330, 100) && self.isBlue(270, 400) },
                      "drawn turned, red above and blue below: \(screen().saveForInspection(named: "turned"))")
    }

    func testInkDrawnAcrossAScrapSticksToItAndTwoFingersCarryBoth() throws {
        let pen = try server.connect(EmulatedDevice.penName)
        // A pen line across the scrap's left edge: x 100 → 300 at y 250 (the scrap begins at x 200).
        let (x0, y0) = units(100, 250)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: 700)
        for i in 1...40 {
            let (x, y) = units(100 + Double(i) * 5, 250)
            try pen.motion(x: x, y: y, pressure: 700)
        }
        let (x1, y1) = units(300, 250)
        try pen.button(1, down: false, x: x1, y: y1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
        XCTAssertTrue(eventually { self.isInk(150, 250) && self.isInk(260, 250) },
                      "ink on the page and on the scrap: \(screen().saveForInspection(named: "ink"))")
        XCTAssertTrue(eventually {
            guard let store = try? NotebookStore(openingAt: self.path, readOnly: true) else { return false }
            defer { try? store.close() }
            guard let page = try? store.loadPage(self.pageID), let index = page.index(of: self.scrapID),
                  case let .scrap(scrap) = page.items[index].content else { return false }
            return scrap.items.count == 1 && page.items.count == 2
        }, "saved as a page piece and a piece on the scrap")

        // Touches right after the pen are taken for a palm: wait out the rejection window.
        Thread.sleep(forTimeInterval: 0.6)
        let touch = try server.connect(EmulatedDevice.touchName)
        let starts = [(250.0, 230.0), (350.0, 270.0)]
        for (id, s) in starts.enumerated() { let u = units(s.0, s.1); try touch.touchBegin(id: id, x: u.0, y: u.1) }
        for step in 1...10 {
            for (id, s) in starts.enumerated() {
                let u = units(s.0, s.1 + 20 * Double(step))
                try touch.touchUpdate(id: id, x: u.0, y: u.1)
            }
        }
        for (id, s) in starts.enumerated() { let u = units(s.0, s.1 + 200); try touch.touchEnd(id: id, x: u.0, y: u.1) }
        try touch.sync()
        // The scrap and the ink on it went down 200; the page's ink stayed.
        XCTAssertTrue(eventually { self.isRed(220, 430) && self.isInk(260, 450) && self.isInk(150, 250) && self.isPaper(260, 250) },
                      "two fingers carried the scrap and its ink: \(screen().saveForInspection(named: "carried"))")
        XCTAssertTrue(eventually { self.savedOffset() == Point(200, 400) }, "saved: \(String(describing: savedOffset()))")
    }

    func testTwoFingersCarryAScrapOntoTheRightEdgeIntoTheTray() throws {
        XCTAssertFalse({ let p = screen()[1015, 600]; return Int(p.b) - Int(p.r) > 40 }(), "the desk is not blue to begin with")
        let touch = try server.connect(EmulatedDevice.touchName)
        let starts = [(250.0, 220.0), (250.0, 280.0)]
        for (id, s) in starts.enumerated() { let u = units(s.0, s.1); try touch.touchBegin(id: id, x: u.0, y: u.1) }
        for step in 1...15 {
            for (id, s) in starts.enumerated() {
                let u = units(s.0 + 50 * Double(step), s.1)
                try touch.touchUpdate(id: id, x: u.0, y: u.1)
            }
        }
        try touch.sync()
        // Held over the edge: it lights up (a blue wash over the desk there).
        let lit = { () -> Bool in let p = self.screen()[1015, 600]; return Int(p.b) - Int(p.r) > 40 }
        XCTAssertTrue(eventually { lit() }, "the edge lights up: \(screen().saveForInspection(named: "tray-edge"))")
        for (id, s) in starts.enumerated() { let u = units(s.0 + 755, s.1); try touch.touchEnd(id: id, x: u.0, y: u.1) }
        try touch.sync()
        XCTAssertTrue(quire!.waitForOutput(containing: "Moved the scrap to the tray"), quire!.text)
        XCTAssertTrue(eventually { !lit() }, "and goes out when the scrap is in")
        XCTAssertTrue(eventually {
            guard let store = try? NotebookStore(openingAt: self.path, readOnly: true) else { return false }
            defer { try? store.close() }
            return (try? store.loadPage(self.pageID))?.items.isEmpty == true
        }, "it left the page")
    }
}
