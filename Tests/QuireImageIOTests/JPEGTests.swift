import XCTest
@testable import QuireImageIO

/// JPEG through libjpeg: encode, probe, decode, DCT-scaled decoding, grey and CMYK files.
final class JPEGTests: XCTestCase {
    func testARoundTripKeepsSizeAndColoursWithinJPEGTolerance() throws {
        var image = ImageFixtures.halves(width: 64, height: 48)
        for y in 0..<16 { for x in 0..<16 { image[x + 40, y + 24] = .init(r: 30, g: 200, b: 90, a: 77) } }
        let jpeg = try JPEG.encode(image, quality: 95)
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
        XCTAssertEqual(try ImageFile.probe(jpeg), ImageInfo(format: .jpeg, width: 64, height: 48, orientation: .upright))
        let decoded = try ImageFile.decode(jpeg)
        XCTAssertEqual(decoded.width, 64)
        XCTAssertEqual(decoded.height, 48)
        // Away from the edges between colours (where JPEG rings), every pixel is close; alpha is dropped.
        for (x, y, expected) in [(8, 8, ImageFixtures.red), (50, 8, ImageFixtures.blue),
                                 (48, 32, RGBAImage.Pixel(r: 30, g: 200, b: 90, a: 255))] {
            XCTAssertLessThanOrEqual(ImageFixtures.distance(decoded[x, y], expected), 12, "at \(x),\(y): \(decoded[x, y])")
        }
    }

    func testAFittedDecodeHasTheExactSizeAndKeepsItsColours() throws {
        let jpeg = try JPEG.encode(ImageFixtures.halves(width: 640, height: 480), quality: 90)
        let fitted = try ImageFile.decode(jpeg, fittingIn: 100)
        XCTAssertEqual(fitted.width, 100)
        XCTAssertEqual(fitted.height, 75)
        for y in [2, 37, 72] {
            XCTAssertLessThanOrEqual(ImageFixtures.distance(fitted[10, y], ImageFixtures.red), 12, "\(fitted[10, y])")
            XCTAssertLessThanOrEqual(ImageFixtures.distance(fitted[90, y], ImageFixtures.blue), 12, "\(fitted[90, y])")
            // The edge falls between columns 49 and 50 and stays sharp.
            XCTAssertGreaterThan(fitted[47, y].r, 200)
            XCTAssertGreaterThan(fitted[52, y].b, 200)
        }
    }

    func testDecodingUsesTheSmallestDCTScaleThatStillCoversTheTarget() throws {
        let jpeg = try JPEG.encode(ImageFixtures.halves(width: 640, height: 480))
        let info = try ImageFile.probe(jpeg)
        // 2/8 of 640×480 is 160×120, the first n/8 at least 100×75.
        let scaled = try JPEG.decode(jpeg, info: info, atLeast: (100, 75))
        XCTAssertEqual([scaled.width, scaled.height], [160, 120])
        XCTAssertEqual(try JPEG.decode(jpeg, info: info, atLeast: (80, 1)).width, 80)
        XCTAssertEqual(try JPEG.decode(jpeg, info: info, atLeast: (640, 480)).width, 640)
    }

    func testAFitNeverEnlargesAndKeepsSidesAtLeastOnePixel() throws {
        let jpeg = try JPEG.encode(ImageFixtures.halves(width: 300, height: 20))
        let same = try ImageFile.decode(jpeg, fittingIn: 1000)
        XCTAssertEqual([same.width, same.height], [300, 20])
        let thin = try ImageFile.decode(jpeg, fittingIn: 30)
        XCTAssertEqual([thin.width, thin.height], [30, 2])
        let line = try ImageFile.decode(jpeg, fittingIn: 1)
        XCTAssertEqual([line.width, line.height], [1, 1])
        XCTAssertThrowsError(try ImageFile.decode(jpeg, fittingIn: 0))
        XCTAssertTrue(ImageFile.fittedSize(width: 20, height: 300, maximumSide: 30) == (2, 30))
        XCTAssertTrue(ImageFile.fittedSize(width: 4000, height: 3000, maximumSide: 1024) == (1024, 768))
    }

    func testAGreyJPEGDecodesToGreyRGBA() throws {
        var grey = [UInt8](repeating: 40, count: 32 * 16)
        for y in 0..<16 { for x in 16..<32 { grey[y * 32 + x] = 220 } }
        let jpeg = try JPEG.encode(grey: grey, width: 32, height: 16)
        XCTAssertEqual(try ImageFile.probe(jpeg).width, 32)
        let image = try ImageFile.decode(jpeg)
        XCTAssertLessThanOrEqual(ImageFixtures.distance(image[4, 8], .init(r: 40, g: 40, b: 40, a: 255)), 6, "\(image[4, 8])")
        XCTAssertLessThanOrEqual(ImageFixtures.distance(image[28, 8], .init(r: 220, g: 220, b: 220, a: 255)), 6, "\(image[28, 8])")
        let small = try ImageFile.decode(jpeg, fittingIn: 8)
        XCTAssertEqual([small.width, small.height], [8, 4])
        XCTAssertLessThanOrEqual(ImageFixtures.distance(small[0, 2], .init(r: 40, g: 40, b: 40, a: 255)), 6, "\(small[0, 2])")
    }

    func testACMYKJPEGAsPhotoshopWritesItDecodesToItsColours() throws {
        // Pure cyan ink on the left, only black ink at half on the right.
        var cmyk = [UInt8](repeating: 0, count: 32 * 16 * 4)
        for y in 0..<16 {
            for x in 0..<32 {
                let i = (y * 32 + x) * 4
                if x < 16 { cmyk[i] = 255 } else { cmyk[i + 3] = 128 }
            }
        }
        let jpeg = try JPEG.encode(cmyk: cmyk, width: 32, height: 16)
        let image = try ImageFile.decode(jpeg)
        XCTAssertLessThanOrEqual(ImageFixtures.distance(image[4, 8], .init(r: 0, g: 255, b: 255, a: 255)), 8, "\(image[4, 8])")
        XCTAssertLessThanOrEqual(ImageFixtures.distance(image[28, 8], .init(r: 127, g: 127, b: 127, a: 255)), 8, "\(image[28, 8])")
    }

    func testEncodingRefusesImagesJPEGCannotHold() {
        XCTAssertThrowsError(try JPEG.encode(RGBAImage(width: 0, height: 0, pixels: [])))
        XCTAssertThrowsError(try JPEG.encode(grey: [1, 2, 3], width: 2, height: 2))
    }

    func testAPNGDecodesThroughTheSameCallAndFits() throws {
        var image = ImageFixtures.halves(width: 40, height: 20)
        image[0, 0] = .init(r: 0, g: 255, b: 0, a: 0)  // a transparent pixel's colour must not bleed when shrinking
        let png = try PNG.encode(image)
        XCTAssertEqual(try ImageFile.probe(png), ImageInfo(format: .png, width: 40, height: 20))
        XCTAssertEqual(try ImageFile.decode(png), image)
        let half = try ImageFile.decode(png, fittingIn: 20)
        XCTAssertEqual([half.width, half.height], [20, 10])
        XCTAssertEqual(half[0, 0], .init(r: 255, g: 0, b: 0, a: 191))
        XCTAssertEqual(half[15, 5], ImageFixtures.blue)
    }
}
