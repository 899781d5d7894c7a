import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Copy, cut and paste in the real window (Xvfb, XTEST mouse and keys): a copied scrap read by `xclip`
/// as PNG is the scrap's own pixels, clear outside its outline; pasted twenty times beside itself and
/// undone; cut, pasted on another page and into another notebook, exact; another Quire's items pasted
/// from the clipboard, and damaged ones refused with nothing changed. Judged by the saved files.
final class ItemClipboardWindowTests: XvfbWindowTestCase {
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-clipboard-\(UUID().uuidString)"
    private var source: String { folder + "/Source.quire" }
    private var other: String { folder + "/Other.quire" }
    private var window: (id: UInt, x: Int, y: Int, width: Int, height: Int)!
    private var owner: ClipboardOwner?

    private let photo = PhotoScrapFixture.photo
    private let outline = PhotoScrapFixture.outline

    override func setUpWithError() throws {
        if Requirement.which("xclip") == nil { try Requirement.unmet("xclip (Packaging/setup-debian.sh installs it)") }
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The photo scrap at (200, 200), its ink across it; a blank second page; another notebook.
        let store = try PhotoScrapFixture.notebook(at: source, title: "Source", pages: 2)
        // Page ink on the second page, for the scissors' loop: a line at y 500, x 100…300.
        let line = Stroke(samples: (0...20).map { InputSample(position: Point(100 + Double($0) * 10, 500), pressure: 0.8, time: Double($0) / 100) },
                          style: .defaults(for: .pen))
        try store.apply(Page().adding(line), to: try store.pageIDs()[1])
        try store.close()
        try NotebookStore.create(at: other, title: "Other").close()
        let process = try launchQuire([source, "--library", folder])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        window = try XCTUnwrap(driver.firstFrame(), "no Quire window: \(process.text)")
    }

    override func tearDown() {
        owner?.stop()
        owner = nil
        quire = nil
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A press at window point (x, y) with the mouse.
    private func click(_ x: Int, _ y: Int) {
        driver.move(to: window.x + x, window.y + y)
        driver.press()
        driver.release()
    }

    /// Keys go to the window under the pointer (there is no window manager): it is kept inside.
    private func key(_ name: String, control: Bool = false, shift: Bool = false) {
        driver.key(name, control: control, shift: shift)
    }

    private func says(_ words: String) -> Bool { quire!.waitForOutput(containing: words) }

    private func pages(of path: String) -> [Page] {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        return (try? store.pageIDs().map { try store.loadPage($0) }) ?? []
    }

    private func scraps(of path: String, page: Int) -> [Scrap] {
        let all = pages(of: path)
        guard all.indices.contains(page) else { return [] }
        return all[page].items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } }
    }

    private func selectAndCopy(cutting: Bool = false) {
        driver.move(to: window.x + 600, window.y + 650)
        key("v")
        click(260, 240)
        key(cutting ? "x" : "c", control: true)
    }

    /// What another program gets off the clipboard (Quire, another process, answers).
    private func clipboard(_ target: String) throws -> (status: Int32, bytes: [UInt8]) {
        try XClip.read(target, display: server.display)
    }

    func testACopiedScrapReachesOtherProgramsAsItsOwnPixelsClearOutsideItsOutline() throws {
        selectAndCopy()
        XCTAssertTrue(says("Copied the scrap"), quire!.text)
        let targets = String(decoding: try clipboard("TARGETS").bytes, as: UTF8.self)
        for kind in ["application/x-quire-items", "image/png", "image/svg+xml"] {
            XCTAssertTrue(targets.contains(kind), "\(kind) offered: \(targets)")
        }
        let png = try clipboard("image/png")
        XCTAssertEqual(png.status, 0)
        let image = try PNG.decode(png.bytes)
        XCTAssertEqual(image.width, 200, "at the picture's own detail")
        XCTAssertEqual(image.height, 100)
        var wrong: [String] = []
        for y in stride(from: 3, to: 97, by: 4) {
            for x in stride(from: 3, to: 197, by: 4) {
                let pixel = image[x, y]
                // The cut corner: below the line from (200, 50) to (150, 100), x + y > 250.
                let outside = Double(x) + Double(y) > 254, onEdge = abs(Double(x) + Double(y) - 250) <= 4
                let onInk = abs(y - 30) <= 6 && (14...146).contains(x)
                if outside {
                    if pixel.a != 0 { wrong.append("(\(x), \(y)) outside: alpha \(pixel.a)") }
                } else if !onEdge && !onInk {
                    let want = photo[x, y]
                    // The picture's pixels fall on the PNG's: each is copied exactly.
                    if pixel != want {
                        wrong.append("(\(x), \(y)) \(pixel), the photo has \(want)")
                    }
                }
            }
        }
        XCTAssertTrue(wrong.isEmpty, "\(wrong.count) pixels wrong, first \(wrong.prefix(4)): \(image.saveForInspection(named: "clipboard-scrap"))")
        let onInk = image[80, 30]
        XCTAssertTrue(onInk.r < 60 && onInk.g < 60 && onInk.b < 60, "the scrap's ink is in the picture: \(onInk)")
        let svg = String(decoding: try clipboard("image/svg+xml").bytes, as: UTF8.self)
        XCTAssertTrue(svg.contains("<svg") && svg.contains("data:image/png;base64,"), String(svg.prefix(300)))
    }

    func testPastedTwentyTimesBesideTheOriginalDuplicatedAndAllUndone() throws {
        selectAndCopy()
        XCTAssertTrue(says("Copied the scrap"), quire!.text)
        for _ in 0..<20 { key("v", control: true) }
        XCTAssertTrue(eventually(timeout: 20) { self.scraps(of: self.source, page: 0).count == 21 }, quire!.text)
        let placed = scraps(of: source, page: 0).compactMap { $0.transform.apply(Point(0, 0)) }
        XCTAssertEqual(placed.map { Int($0.x.rounded()) }, (0...20).map { 200 + 24 * $0 }, "each paste a step further from the original")
        XCTAssertEqual(placed.map { Int($0.y.rounded()) }, (0...20).map { 200 + 24 * $0 })
        XCTAssertEqual(Set(pages(of: source)[0].items.map(\.id)).count, 21, "every paste has its own id")
        // The newest paste is selected: Ctrl+D puts its duplicate beside it.
        key("d", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 22 }, quire!.text)
        XCTAssertEqual(scraps(of: source, page: 0).last?.transform.apply(Point(0, 0))?.x ?? 0, 200 + 24 * 21, accuracy: 1e-6)
        for _ in 0..<21 { key("z", control: true) }
        XCTAssertTrue(eventually(timeout: 20) { self.scraps(of: self.source, page: 0).count == 1 }, quire!.text)
        XCTAssertEqual(scraps(of: source, page: 0).first?.transform.apply(Point(0, 0)), Point(200, 200), "the original stays")
    }

    func testACutScrapPastesExactlyOnAnotherPageAndIntoAnotherNotebook() throws {
        let original = try XCTUnwrap(scraps(of: source, page: 0).first)
        selectAndCopy(cutting: true)
        XCTAssertTrue(says("Cut the scrap"), quire!.text)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).isEmpty }, "cut off the page")
        // Events are taken in order: the page turns before the paste.
        key("Next")
        // Pasted where the pointer is: the scrap's middle under it.
        driver.move(to: window.x + 500, window.y + 450)
        key("v", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 1).count == 1 }, quire!.text)
        let pasted = try XCTUnwrap(scraps(of: source, page: 1).first)
        XCTAssertEqual(pasted.bounds.center.x, 500, accuracy: 1)
        XCTAssertEqual(pasted.bounds.center.y, 450, accuracy: 1)
        XCTAssertEqual(pasted.outline, original.outline)
        XCTAssertEqual(pasted.image, original.image)
        XCTAssertEqual(pasted.items.map { $0.stroke?.samples }, original.items.map { $0.stroke?.samples }, "its ink came with it")

        key("Next", control: true, shift: true)
        XCTAssertTrue(says("Other"), quire!.text)
        key("v", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.other, page: 0).count == 1 }, quire!.text)
        let arrived = try XCTUnwrap(scraps(of: other, page: 0).first)
        XCTAssertEqual(arrived.outline, original.outline)
        XCTAssertEqual(arrived.items.map { $0.stroke?.samples }, original.items.map { $0.stroke?.samples })
        let store = try NotebookStore(openingAt: other, readOnly: true)
        let bytes = try store.blob(try XCTUnwrap(arrived.image?.reference.blob))
        try store.close()
        XCTAssertEqual(try PNG.decode(bytes), photo, "the picture came into the other notebook")
        key("z", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.other, page: 0).isEmpty }, "the paste is one undo step")
    }

    func testTheCopyOutlivesTheWindowOnlyWhenAClipboardManagerTakesIt() throws {
        selectAndCopy()
        XCTAssertTrue(says("Copied the scrap"), quire!.text)
        let png = try clipboard("image/png")
        XCTAssertEqual(png.status, 0)
        let manager = try ClipboardManagerStandIn(display: server.display, saving: "image/png")
        defer { manager.stop() }
        key("q", control: true)
        XCTAssertTrue(quire!.waitForExit(), quire!.text)
        XCTAssertTrue(quire!.text.contains("The clipboard manager keeps what was copied"), quire!.text)
        XCTAssertEqual(manager.saved, png.bytes, "the manager took the PNG as offered")
        XCTAssertEqual(try clipboard("image/png").bytes, png.bytes, "and serves it with Quire gone")
        manager.stop()
        XCTAssertNotEqual(try clipboard("image/png").status, 0, "no owner, no clipboard")
    }

    func testWithoutAClipboardManagerTheCopyGoesWithTheWindow() throws {
        selectAndCopy()
        XCTAssertTrue(says("Copied the scrap"), quire!.text)
        key("q", control: true)
        XCTAssertTrue(quire!.waitForExit(), quire!.text)
        XCTAssertNotEqual(try clipboard("TARGETS").status, 0, "as with any X program: nobody holds it")
    }

    func testInkTheScissorsLoopCutOutIsWhatCtrlCCopies() throws {
        driver.move(to: window.x + 600, window.y + 650)
        key("Next")
        key("s")
        driver.drag(through: [(80, 470), (200, 465), (320, 470), (325, 500), (320, 530), (200, 535), (80, 530), (75, 500), (82, 472)]
            .map { (window.x + $0.0, window.y + $0.1) })
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 1).count == 1 }, "the loop cut the ink out: \(quire!.text)")
        driver.move(to: window.x + 600, window.y + 650)
        key("c", control: true)
        XCTAssertTrue(says("Copied the scrap"), quire!.text)
        key("v", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 1).count == 2 }, quire!.text)
        let both = scraps(of: source, page: 1)
        XCTAssertEqual(both[1].items.map { $0.stroke?.samples }, both[0].items.map { $0.stroke?.samples }, "the ink came with the copy")
        XCTAssertEqual(both[1].bounds.minX - both[0].bounds.minX, 24, accuracy: 1e-6, "beside the original")
    }

    func testAnotherQuiresItemsPasteAndDamagedOnesChangeNothing() throws {
        // Another Quire's copy: a scrap of this photo, its own bytes on the clipboard.
        let scrap = try XCTUnwrap(pages(of: source).first?.items.first)
        let copy = CopiedItems(items: [scrap], blobs: [BlobBytes(try PNG.encode(photo), kind: .png)])
        owner = try ClipboardOwner(display: server.display, offers: [("application/x-quire-items", try copy.encoded()),
                                                                      ("image/png", try PNG.encode(photo))])
        driver.move(to: window.x + 600, window.y + 650)
        key("v", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 2 }, quire!.text)
        XCTAssertEqual(owner?.requestedTargets, ["TARGETS", "application/x-quire-items"], "Quire's own kind first")
        XCTAssertEqual(scraps(of: source, page: 0).last?.outline, outline)
        owner?.stop()

        var damaged = try copy.encoded()
        damaged[damaged.count - 100] ^= 0x55
        owner = try ClipboardOwner(display: server.display, offers: [("application/x-quire-items", damaged)])
        key("v", control: true)
        XCTAssertTrue(says("nothing to paste: a picture on the clipboard is not the one"), quire!.text)
        XCTAssertEqual(scraps(of: source, page: 0).count, 2, "nothing added")
    }
}
