import QuireDocument
import QuireImageIO
import QuirePDF
import XCTest

/// The limits an item read from a notebook is held to are the limits of what Quire reads in: a picture
/// or PDF page it could import is never refused when read back.
final class ItemLimitsAgreementTests: XCTestCase {
    func testItemLimitsAreTheReadersLimits() {
        XCTAssertEqual(ItemLimits.maximumPictureSide, ImageFile.maximumSide)
        XCTAssertEqual(ItemLimits.maximumPDFPages, PDFDocument.maximumPages)
        XCTAssertGreaterThan(ItemLimits.maximumCoordinate, PageSize.maximumSide * 100)
    }
}
