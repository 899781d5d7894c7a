import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireStorage
import QuireTestSupport
import XCTest

/// A page of scraps and pictures, stored as items with their image bytes in blobs, comes out of
/// `quire export` as a person would see it: the photo inside the scrap's outline only, the scrap's own
/// ink moving with it and clipped to it, a placed picture through its corners.
final class ScrapExportTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        // `quire export` renders with headless GL: without it there is nothing to test here.
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        library = NSTemporaryDirectory() + "quire-scraps-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    private func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, size: Int) throws -> [UInt8] {
        try PNG.encode(RGBAImage(width: size, height: size, fill: (r, g, b, 255)))
    }

    func testScrapsAndPicturesExportClippedAndPlaced() throws {
        let store = try NotebookStore.create(at: library + "/Scraps.quire", title: "Scraps", pages: [Page()])
        let red = try store.storeBlob(solid(220, 0, 0, size: 40), kind: .png)
        let blue = try store.storeBlob(solid(0, 0, 220, size: 10), kind: .png)
        let pageID = try store.pageIDs()[0]
        var page = try store.loadPage(pageID)

        // Scrap coordinates: a disc of radius 30 about (50, 50) showing a photo over (0, 0)–(100, 100),
        // with its own pen line across y = 70; placed on the page 100 px right and down.
        let pen = StrokeStyle.defaults(for: .pen)
        let line = Stroke(samples: stride(from: 0.0, through: 100, by: 2).map {
            InputSample(position: Point($0, 70), pressure: 1, time: $0 / 100, device: .pen)
        }, style: pen)
        let scrap = Scrap(outline: BezierPath(circleAt: Point(50, 50), radius: 30),
                          transform: Homography(AffineTransform.translation(100, 100)),
                          image: ScrapImage(reference: ImageReference(blob: red, pixelWidth: 40, pixelHeight: 40),
                                            rect: Rect(x: 0, y: 0, width: 100, height: 100)),
                          items: [.stroke(line)])
        let placed = PlacedImage(image: ImageReference(blob: blue, pixelWidth: 10, pixelHeight: 10),
                                 corners: Quadrilateral(Rect(x: 300, y: 300, width: 60, height: 40)))
        let edit = page.adding([PageItem(.scrap(scrap)), PageItem(.image(placed))])
        try page.apply(edit)
        try store.apply(edit, to: pageID)
        try store.close()

        let out = library + "/png"
        let process = try QuireProcess(arguments: ["export", "Scraps", "--png", out, "--library", library], display: "")
        XCTAssertTrue(process.waitForExit(timeout: 60))
        XCTAssertEqual(process.exitStatus, 0, process.text)
        let image = try PNG.read(from: out + "/page-001.png")

        func isRed(_ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.r > 180 && p.g < 40 && p.b < 40 }
        func isWhite(_ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.r > 240 && p.g > 240 && p.b > 240 }
        func isDark(_ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.r < 80 && p.g < 80 && p.b < 80 }
        XCTAssertTrue(isRed(150, 130), "the photo shows inside the outline: \(image[150, 130])")
        XCTAssertTrue(isRed(150, 121), "just inside the disc's top: \(image[150, 121])")
        XCTAssertTrue(isWhite(105, 105), "inside the photo's rect but outside the disc: clipped, \(image[105, 105])")
        XCTAssertTrue(isWhite(150, 117), "just outside the disc's top: \(image[150, 117])")
        XCTAssertTrue(isDark(150, 170), "the scrap's own ink, carried onto the page: \(image[150, 170])")
        XCTAssertTrue(isWhite(115, 170), "its ink beyond the outline is clipped: \(image[115, 170])")
        let b = image[330, 320]
        XCTAssertTrue(b.b > 180 && b.r < 40 && b.g < 40, "the placed picture through its corners: \(b)")
        XCTAssertTrue(isWhite(365, 320) && isWhite(330, 345), "and nothing past them")
    }
}
