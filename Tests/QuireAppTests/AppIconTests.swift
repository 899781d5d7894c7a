import Foundation
import QuireApp
import QuireImageIO
@testable import QuireX11
import XCTest

/// The window's icon: the PNGs in Resources/Icons read into `_NET_WM_ICON`'s form, and bad input refused.
final class AppIconTests: XCTestCase {
    func testEveryWindowSizeIsReadFromTheResources() throws {
        let resources = try XCTUnwrap(ResourceLocator.resourcesDirectory(), "no Resources folder found")
        let images = try AppIcon.windowImages(in: resources)
        XCTAssertEqual(images.map(\.width), AppIcon.windowSizes)
        XCTAssertEqual(images.map(\.height), AppIcon.windowSizes)
        for image in images {
            // The page's paper in the middle is opaque; the corner outside the page is transparent.
            let middle = (image.height / 2 * image.width + image.width / 2) * 4
            XCTAssertEqual(image.rgba[middle + 3], 255, "\(image.width) px: the middle is not opaque")
            XCTAssertEqual(image.rgba[3], 0, "\(image.width) px: the corner is not transparent")
        }
    }

    func testCardinalsAreSizeThenARGB() throws {
        let image = try WindowIconImage(width: 2, height: 1, rgba: [0x11, 0x22, 0x33, 0x44, 0xAA, 0xBB, 0xCC, 0xDD])
        XCTAssertEqual(image.cardinals, [2, 1, 0x4411_2233, 0xDDAA_BBCC])
    }

    func testBadSizesAreRefusedBeforeAnythingIsBuilt() {
        XCTAssertThrowsError(try WindowIconImage(width: 0, height: 16, rgba: [])) {
            XCTAssertEqual($0 as? WindowIconError, .badSize(width: 0, height: 16))
        }
        XCTAssertThrowsError(try WindowIconImage(width: 513, height: 1, rgba: [UInt8](repeating: 0, count: 513 * 4))) {
            XCTAssertEqual($0 as? WindowIconError, .badSize(width: 513, height: 1))
        }
        XCTAssertThrowsError(try WindowIconImage(width: 2, height: 2, rgba: [0, 0, 0, 0])) {
            XCTAssertEqual($0 as? WindowIconError, .wrongByteCount(expected: 16, got: 4))
        }
    }

    func testAMissingOrWrongSizedIconIsAnErrorNamingTheFile() throws {
        let folder = NSTemporaryDirectory() + "quire-icon-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Icons", withIntermediateDirectories: true)
        XCTAssertThrowsError(try AppIcon.windowImages(in: folder)) {
            XCTAssertTrue("\($0)".contains("quire-16.png"), "\($0)")
        }
        for size in AppIcon.windowSizes {
            // 32 px where 48 belongs.
            let side = size == 48 ? 32 : size
            try PNG.write(RGBAImage(width: side, height: side), to: AppIcon.path(size: size, in: folder))
        }
        XCTAssertThrowsError(try AppIcon.windowImages(in: folder)) {
            XCTAssertEqual($0 as? AppIconError,
                           .wrongSize(path: AppIcon.path(size: 48, in: folder), expected: 48, width: 32, height: 32))
        }
    }
}
