import QuireRender
import XCTest

/// An export's image size is checked before anything is allocated (issue 14, item 4): a scale that is
/// not a number, not positive, or makes an image beyond the limits is an error stating them, never a
/// trap converting to Int, a 1×1 image or an incomplete framebuffer.
final class PageImageSizeTests: HeadlessGLTestCase {
    func testScalesOutsideTheLimitsAreErrorsStatingThem() {
        for scale in [Double.nan, .infinity, -.infinity, 0, -1, 1e-300, 1e20, 20, .greatestFiniteMagnitude] {
            XCTAssertThrowsError(try PageImageSize(pageWidth: 816, pageHeight: 1056, scale: scale), "\(scale)") { error in
                XCTAssertTrue("\(error)".contains("16384") && "\(error)".contains("12.48"), "\(error)")
            }
        }
        let largest = try? PageImageSize(pageWidth: 816, pageHeight: 1056, scale: 12.48)
        XCTAssertEqual(largest?.width, 10184)
        XCTAssertEqual(try? PageImageSize(pageWidth: 816, pageHeight: 1056, scale: 0.5).height, 528)
        XCTAssertThrowsError(try PageImageSize(pageWidth: 816, pageHeight: 1056, scale: 4, maximumSide: 2048))
    }

    func testTheRendererRefusesAPageBeyondTheLimitAndRendersWithinIt() throws {
        XCTAssertLessThanOrEqual(PageImageSize.currentMaximumSide(), PageImageSize.maximumSide)
        XCTAssertGreaterThan(PageImageSize.currentMaximumSide(), 1024)
        for (w, h) in [(16001, 100), (100, 0), (-5, 100), (Int.max, Int.max)] {
            XCTAssertThrowsError(try PageRenderer(pageWidth: w, pageHeight: h), "\(w)×\(h)") { error in
                XCTAssertTrue("\(error)".contains("must be from 1 to"), "\(error)")
            }
        }
        let renderer = try PageRenderer(pageWidth: 816, pageHeight: 1056)
        XCTAssertThrowsError(try renderer.renderPageImage(scale: .nan))
        XCTAssertThrowsError(try renderer.renderPageImage(scale: 20))
        XCTAssertEqual(try renderer.renderPageImage(scale: 0.25).width, 204)
    }
}
