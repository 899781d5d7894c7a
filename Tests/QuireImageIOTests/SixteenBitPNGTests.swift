@testable import QuireImageIO
import XCTest

/// 16-bit PNGs read as other viewers show them: untagged samples are sRGB (libpng's simplified API takes
/// them as linear light, which drew a 16-bit scan or GIMP export washed out, 50 % grey as 188 not 128);
/// a gAMA or sRGB chunk is honoured as for 8-bit files.
final class SixteenBitPNGTests: XCTestCase {
    /// 0x8080 / 0xFFFF: 50 % of full scale, as 8-bit 128 is.
    private let half: UInt16 = 0x8080

    private func decoded(_ colorType: UInt8, _ ancillary: [(String, [UInt8])] = []) throws -> RGBAImage.Pixel {
        let image = try PNG.decode(ImageFixtures.png16(width: 3, height: 2, colorType: colorType, value: half, ancillary: ancillary))
        XCTAssertEqual([image.width, image.height], [3, 2])
        return image[2, 1]
    }

    func testUntaggedSixteenBitSamplesAreSRGBInEveryColourType() throws {
        for colorType: UInt8 in [0, 2, 4, 6] {
            let pixel = try decoded(colorType)
            for channel in [pixel.r, pixel.g, pixel.b] {
                XCTAssertEqual(Int(channel), 128, accuracy: 1, "colour type \(colorType): \(pixel)")
            }
            XCTAssertEqual(pixel.a, 255, "colour type \(colorType)")
        }
    }

    func testATaggedFileKeepsItsOwnEncoding() throws {
        // gAMA 1.0 (100000): the samples are linear light, so 50 % shows as sRGB 186–188 (libpng rounds its curve).
        let linear = try decoded(2, [("gAMA", [0x00, 0x01, 0x86, 0xA0])])
        XCTAssertEqual(Int(linear.r), 187, accuracy: 2, "\(linear)")
        // gAMA 1/2.2 (45455): sRGB-like, 128.
        let gamma = try decoded(0, [("gAMA", [0x00, 0x00, 0xB1, 0x8F])])
        XCTAssertEqual(Int(gamma.r), 128, accuracy: 1, "\(gamma)")
        // An sRGB chunk (rendering intent 0).
        let srgb = try decoded(6, [("sRGB", [0])])
        XCTAssertEqual(Int(srgb.g), 128, accuracy: 1, "\(srgb)")
    }

    func testEightBitFilesAreAsBefore() throws {
        var image = RGBAImage(width: 2, height: 2, fill: (128, 64, 200, 255))
        image[1, 1] = RGBAImage.Pixel(r: 10, g: 20, b: 30, a: 255)
        let back = try PNG.decode(try PNG.encode(image))
        XCTAssertEqual(back[0, 0], RGBAImage.Pixel(r: 128, g: 64, b: 200, a: 255))
        XCTAssertEqual(back[1, 1], RGBAImage.Pixel(r: 10, g: 20, b: 30, a: 255))
    }
}
