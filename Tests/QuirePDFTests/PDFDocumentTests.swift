import Foundation
import QuireImageIO
import QuirePDF
import XCTest

final class PDFDocumentTests: XCTestCase {
    func testReadsPageCountAndSizesIncludingLandscape() throws {
        let path = TestPDF.write([TestPDF.Page(width: 612, height: 792), TestPDF.Page(width: 842, height: 595),
                                  TestPDF.Page(width: 300, height: 200)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try PDFDocument(contentsOf: path)
        XCTAssertEqual(document.pageCount, 3)
        XCTAssertEqual(document.pageSizes.map(\.width), [612, 842, 300])
        XCTAssertEqual(document.pageSizes.map(\.height), [792, 595, 200])
    }

    func testRendersTheBoxInItsColourAndPlaceOnWhite() throws {
        let path = TestPDF.write([TestPDF.Page(width: 400, height: 300, box: (100, 50, 100, 60), color: (0.1, 0.2, 0.9))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try PDFDocument(contentsOf: path)
        let image = try document.render(page: 0, scale: 2)
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 600)
        let inside = image[300, 160]   // box centre (150, 80) pt × 2
        XCTAssertEqual(Double(inside.r), 0.1 * 255, accuracy: 2)
        XCTAssertEqual(Double(inside.g), 0.2 * 255, accuracy: 2)
        XCTAssertEqual(Double(inside.b), 0.9 * 255, accuracy: 2)
        XCTAssertEqual(inside.a, 255)
        // Just outside each edge of the box the page is white paper.
        for (x, y) in [(196, 160), (404, 160), (300, 96), (300, 224)] {
            XCTAssertEqual(image[x, y], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "at \(x),\(y)")
        }
    }

    func testRefusesWhatIsNotAPDF() {
        XCTAssertThrowsError(try PDFDocument(bytes: Array("hello, not a pdf".utf8), name: "notes.txt")) { error in
            XCTAssertEqual(error as? PDFError, .notPDF(name: "notes.txt"))
            XCTAssertTrue("\(error)".contains("notes.txt"))
        }
    }

    func testRefusesATruncatedPDFWithAMessageNamingIt() throws {
        let path = TestPDF.write([TestPDF.Page(width: 612, height: 792)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for length in [8, bytes.count / 3, bytes.count / 2] {
            XCTAssertThrowsError(try PDFDocument(bytes: Array(bytes.prefix(length)), name: "cut.pdf")) { error in
                XCTAssertTrue("\(error)".contains("cut.pdf"), "\(error)")
            }
        }
    }

    func testRefusesAnEncryptedPDF() throws {
        let path = TestPDF.writeEncrypted()
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try PDFDocument(contentsOf: path)) { error in
            XCTAssertEqual(error as? PDFError, .encrypted(name: path))
        }
    }

    func testRenderRefusesAbsurdScalesAndPagesBeforeAllocating() throws {
        let path = TestPDF.write([TestPDF.Page(width: 612, height: 792)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try PDFDocument(contentsOf: path)
        for scale in [0, -1, .nan, .infinity] {
            XCTAssertThrowsError(try document.render(page: 0, scale: scale))
        }
        XCTAssertThrowsError(try document.render(page: 0, scale: 1000)) { error in
            guard case .renderTooLarge = error as? PDFError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try document.render(page: 1, scale: 1)) { error in
            XCTAssertEqual(error as? PDFError, .noSuchPage(name: path, page: 2, pages: 1))
        }
    }
}
