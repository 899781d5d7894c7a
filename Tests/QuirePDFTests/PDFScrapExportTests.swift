import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import XCTest

/// Scraps in PDF: an eraser on a scrap takes the scrap's ink and never its picture; a warped scrap's
/// picture lands through its four corners; a JPEG turned by its EXIF orientation shows upright while
/// its bytes go into the file untouched.
final class PDFScrapExportTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    private func render(_ pages: [Page], blobs: [BlobID: [UInt8]]) throws -> (RGBAImage, [UInt8]) {
        let path = try ExportPages.writePDF(pages, blobs: blobs)
        paths.append(path)
        let image = try PDFDocument(contentsOf: path).render(page: 0, scale: 1 / PDFExportWriter.pointsPerPixel)
        return (image, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    private func isClose(_ p: RGBAImage.Pixel, _ r: Int, _ g: Int, _ b: Int, within tolerance: Int = 6) -> Bool {
        abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
    }

    func testAnEraserOnAScrapTakesItsInkButNotItsPicture() throws {
        let png = try PNG.encode(RGBAImage(width: 20, height: 20, fill: (40, 160, 220, 255)))
        let id = ExportPages.blobID(3)
        let ink = ExportPages.stroke(ExportPages.line(Point(2, 10), Point(18, 10)), style: ExportPages.pen(.black, width: 2))
        let eraser = ExportPages.stroke(ExportPages.line(Point(10, 0), Point(10, 20)), style: ExportPages.eraser(width: 4))
        let scrap = ExportPages.scrap(ImageReference(blob: id, pixelWidth: 20, pixelHeight: 20),
                                      at: Rect(x: 100, y: 100, width: 200, height: 200), items: [.stroke(ink), .stroke(eraser)])
        let (image, bytes) = try render([Page(size: PageSize(width: 400, height: 400), items: [PageItem(.scrap(scrap))])],
                                        blobs: [id: png])
        XCTAssertTrue(isClose(image[140, 200], 0, 0, 0), "the scrap's ink, ten times its size: \(image[140, 200])")
        XCTAssertTrue(isClose(image[200, 200], 40, 160, 220), "erased to the picture, not to white: \(image[200, 200])")
        XCTAssertTrue(isClose(image[200, 150], 40, 160, 220), "the eraser leaves the picture whole: \(image[200, 150])")
        XCTAssertEqual(ExportPages.count(Array("/Subtype /Image".utf8), in: bytes), 1, "only the picture is an image")
    }

    func testAWarpedScrapShowsItsPictureThroughItsCorners() throws {
        // Four colour quadrants, so where each lands can be seen.
        var pixels: [UInt8] = []
        for y in 0..<40 {
            for x in 0..<40 {
                pixels += x < 20 ? (y < 20 ? [220, 0, 0, 255] : [0, 0, 220, 255]) : (y < 20 ? [0, 200, 0, 255] : [230, 200, 0, 255])
            }
        }
        let png = try PNG.encode(RGBAImage(width: 40, height: 40, pixels: pixels))
        let id = ExportPages.blobID(4)
        let frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let corners = [Point(100, 100), Point(300, 120), Point(280, 330), Point(90, 280)]
        let warp = try XCTUnwrap(Homography(from: Quadrilateral(frame).corners, to: corners))
        XCTAssertNil(warp.affineTransform, "the test needs a true perspective map")
        let scrap = Scrap(outline: BezierPath(rect: frame), transform: warp,
                          image: ScrapImage(reference: ImageReference(blob: id, pixelWidth: 40, pixelHeight: 40), rect: frame))
        let (image, _) = try render([Page(size: PageSize(width: 400, height: 400), items: [PageItem(.scrap(scrap))])],
                                    blobs: [id: png])
        for (picture, colour) in [(Point(10, 10), (220, 0, 0)), (Point(30, 10), (0, 200, 0)), (Point(10, 30), (0, 0, 220)),
                                  (Point(30, 30), (230, 200, 0))] {
            let p = try XCTUnwrap(warp.apply(picture))
            let pixel = image[Int(p.x), Int(p.y)]
            XCTAssertTrue(isClose(pixel, colour.0, colour.1, colour.2), "picture \(picture) at page \(p): \(pixel)")
        }
        XCTAssertTrue(isClose(image[95, 310], 255, 255, 255), "outside the warped outline: \(image[95, 310])")
        // No seams between the triangles it is drawn in: every pixel well inside a quadrant is its colour
        // (a seam lets the paper through: a few percent of white).
        var seams = 0
        for y in stride(from: 1.0, to: 39, by: 0.25) {
            for x in stride(from: 1.0, to: 39, by: 0.25) where abs(x - 20) > 1.5 && abs(y - 20) > 1.5 {
                guard let p = warp.apply(Point(x, y)) else { continue }
                let pixel = image[Int(p.x), Int(p.y)]
                let want = x < 20 ? (y < 20 ? (220, 0, 0) : (0, 0, 220)) : (y < 20 ? (0, 200, 0) : (230, 200, 0))
                if !isClose(pixel, want.0, want.1, want.2, within: 4) { seams += 1 }
            }
        }
        XCTAssertEqual(seams, 0, "pixels inside the picture not of its colour")
    }

    func testAJPEGTurnedByItsOrientationShowsUprightAndIsEmbeddedAsStored() throws {
        // Stored 16×8: left half red, right half blue; EXIF orientation 6 (turn clockwise) shows it 8×16
        // with the stored left half on top.
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<16 { pixels += x < 8 ? [220, 20, 20, 255] : [20, 20, 220, 255] }
        }
        let plain = try JPEG.encode(RGBAImage(width: 16, height: 8, pixels: pixels), quality: 95)
        let jpeg = Self.withOrientation(6, plain)
        XCTAssertEqual(try ImageFile.probe(jpeg).orientation, .turnClockwise)
        let id = ExportPages.blobID(5)
        let scrap = ExportPages.scrap(ImageReference(blob: id, pixelWidth: 8, pixelHeight: 16),
                                      at: Rect(x: 100, y: 100, width: 80, height: 160))
        let (image, bytes) = try render([Page(size: PageSize(width: 300, height: 300), items: [PageItem(.scrap(scrap))])],
                                        blobs: [id: jpeg])
        XCTAssertEqual(ExportPages.count(jpeg, in: bytes), 1, "the file's bytes, orientation and all")
        XCTAssertTrue(isClose(image[140, 130], 220, 20, 20, within: 20), "red on top: \(image[140, 130])")
        XCTAssertTrue(isClose(image[140, 230], 20, 20, 220, within: 20), "blue below: \(image[140, 230])")
    }

    /// `jpeg` with an EXIF APP1 segment saying `orientation`, inserted after its start marker.
    static func withOrientation(_ orientation: UInt8, _ jpeg: [UInt8]) -> [UInt8] {
        // TIFF, big-endian: header, one IFD entry (0x0112 SHORT 1 = orientation), no next IFD.
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,
                             0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }
}
