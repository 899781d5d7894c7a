import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// Pictures into the real window (Xvfb, GLX on Mesa): dropped from a file manager (XDND, driven by a
/// small X client acting as the drag source) and pasted from the clipboard (Ctrl+V through XTEST, a
/// small X client owning CLIPBOARD, a big picture coming by INCR). Judged by the screen and the file.
final class PictureDropAndPasteTests: XCTestCase {
    private var server: XvfbServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-drop-\(UUID().uuidString)"
    private var notebook: String { folder + "/Drops.quire" }
    private var window: (id: UInt, x: Int, y: Int, width: Int, height: Int)!

    override func setUpWithError() throws {
        do {
            server = try XvfbServer()
            driver = try XDisplayDriver(display: server.display)
        } catch {
            try Requirement.unmet("a real X server: \(error)")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try NotebookStore.create(at: notebook, title: "Drops").close()
        let process = try QuireProcess(arguments: [notebook, "--library", folder], display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        window = try XCTUnwrap(driver.firstFrame(), "no Quire window: \(process.text)")
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func screen() -> RGBAImage { driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height)! }

    /// The scraps saved on the notebook's first page, read by another connection.
    private func savedScraps() -> [Scrap] {
        guard let store = try? NotebookStore(openingAt: notebook, readOnly: true) else { return [] }
        defer { try? store.close() }
        guard let id = try? store.pageIDs().first, let page = try? store.loadPage(id) else { return [] }
        return page.items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } }
    }

    private func blob(_ id: BlobID) -> [UInt8]? {
        guard let store = try? NotebookStore(openingAt: notebook, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.blob(id)
    }

    private func colour(_ x: Int, _ y: Int, is test: (RGBAImage.Pixel) -> Bool) -> Bool { test(screen()[x, y]) }

    func testDroppedPictureFilesLandWhereDroppedAndABadOneIsNamedAndAddsNothing() throws {
        let photoPath = folder + "/a photo.jpg"
        let jpeg = try JPEG.encode(RGBAImage(width: 160, height: 120, fill: (30, 160, 40, 255)), quality: 92)
        try Data(jpeg).write(to: URL(fileURLWithPath: photoPath))
        let source = try XDNDSource(display: server.display)
        defer { source.stop() }
        // Dropped at (300, 250) in the window: the picture is centred there.
        source.drag("file://" + photoPath.replacingOccurrences(of: " ", with: "%20") + "\r\n", to: window.id,
                    rootX: window.x + 300, rootY: window.y + 250)
        XCTAssertTrue(quire!.waitForOutput(containing: "Placed 1 picture"), quire!.text)
        XCTAssertTrue(eventually { source.report.finishedSuccessfully })
        let green: (RGBAImage.Pixel) -> Bool = { $0.g > 130 && $0.r < 80 && $0.b < 80 }
        XCTAssertTrue(eventually { self.colour(300, 250, is: green) && self.colour(375, 305, is: green)
                                   && !self.colour(390, 250, is: green) },
                      "the picture shows centred on the drop: \(screen().saveForInspection(named: "drop"))")
        XCTAssertTrue(eventually { self.savedScraps().count == 1 })
        let scrap = try XCTUnwrap(savedScraps().first)
        XCTAssertEqual(scrap.image.flatMap { blob($0.reference.blob) }, jpeg, "the JPEG is kept as given")

        // A file cut short: named, and nothing more is added.
        let brokenPath = folder + "/broken.jpg"
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: URL(fileURLWithPath: brokenPath))
        source.drag("file://" + brokenPath + "\r\n", to: window.id, rootX: window.x + 600, rootY: window.y + 400)
        XCTAssertTrue(quire!.waitForOutput(containing: "cannot import \(brokenPath)"), quire!.text)
        XCTAssertEqual(savedScraps().count, 1)
    }

    func testCtrlVPastesABigPictureFromTheClipboardByIncrementalTransfer() throws {
        // Noise, so the PNG stays big (well past the owner's 64 KiB chunks: an INCR transfer).
        var picture = RGBAImage(width: 300, height: 200, fill: (0, 0, 0, 255))
        var seed: UInt32 = 12345
        for y in 0..<200 {
            for x in 0..<300 {
                seed = seed &* 1_103_515_245 &+ 12345
                picture[x, y] = .init(r: 200 + UInt8(seed >> 28), g: 20, b: UInt8(seed >> 24 & 31), a: 255)
            }
        }
        let png = try PNG.encode(picture)
        XCTAssertGreaterThan(png.count, 64 << 10)
        let owner = try ClipboardOwner(display: server.display, offers: [(type: "image/png", bytes: png)])
        defer { owner.stop() }
        driver.move(to: window.x + 100, window.y + 100)
        driver.key("v", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "Placed 1 picture"), quire!.text)
        XCTAssertEqual(owner.incrementalTransfersCompleted, 1)
        XCTAssertTrue(eventually { self.savedScraps().count == 1 })
        let scrap = try XCTUnwrap(savedScraps().first)
        XCTAssertEqual(scrap.image.flatMap { blob($0.reference.blob) }, png, "byte for byte")
        // In the middle of what the window shows.
        let reddish: (RGBAImage.Pixel) -> Bool = { $0.r > 180 && $0.g < 60 }
        XCTAssertTrue(eventually { self.colour(self.window.width / 2, self.window.height / 2, is: reddish) },
                      "the pasted picture shows in view: \(screen().saveForInspection(named: "paste"))")
    }

    func testAnEmptyClipboardSaysSoAndAddsNothing() throws {
        driver.key("v", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "nothing to paste"), quire!.text)
        XCTAssertTrue(savedScraps().isEmpty)
    }
}
