import XCTest
@testable import QuireImageIO

/// Bad bytes in: cut-short files, damaged files, lying headers, things that are not pictures. Each must
/// come out as an `ImageError`, never a crash, an exit, or a half-grey picture.
final class ImageFileRobustnessTests: XCTestCase {
    private func smallJPEG() throws -> [UInt8] {
        try JPEG.encode(ImageFixtures.markedCorners(width: 24, height: 16, mark: 4), quality: 80)
    }

    private func smallPNG() throws -> [UInt8] {
        var image = ImageFixtures.markedCorners(width: 12, height: 8, mark: 3)
        image[5, 5] = .init(r: 1, g: 2, b: 3, a: 4)
        return try PNG.encode(image)
    }

    func testEveryCutShortJPEGIsTruncated() throws {
        let jpeg = try ImageFixtures.withExif(smallJPEG(), orientation: 3, littleEndian: true)
        for length in 1..<jpeg.count {
            XCTAssertThrowsError(try ImageFile.decode(Array(jpeg.prefix(length)))) { error in
                XCTAssertEqual(error as? ImageError, .truncated, "cut at \(length) of \(jpeg.count)")
            }
        }
        XCTAssertNoThrow(try ImageFile.decode(jpeg))
    }

    func testEveryCutShortPNGIsTruncated() throws {
        let png = try smallPNG()
        // Even cut inside the end chunk, after the last pixel: the file was not copied whole.
        for length in 1..<png.count {
            XCTAssertThrowsError(try ImageFile.decode(Array(png.prefix(length)))) { error in
                XCTAssertEqual(error as? ImageError, .truncated, "cut at \(length) of \(png.count): \(error)")
            }
        }
        XCTAssertNoThrow(try ImageFile.decode(png))
    }

    func testThousandsOfDamagedFilesEachReturnOrThrowAnImageError() throws {
        var random = SeededGenerator(state: 0x5155_4952_45)  // "QUIRE"
        var decoded = 0, refused = 0
        for original in [try smallJPEG(), try smallPNG()] {
            for _ in 0..<2_000 {
                var bytes = original
                switch Int.random(in: 0..<10, using: &random) {
                case 0: bytes.removeSubrange(Int.random(in: 2..<bytes.count, using: &random)...)
                case 1: bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) },
                                     at: Int.random(in: 2..<bytes.count, using: &random))
                default:
                    for _ in 0..<Int.random(in: 1...8, using: &random) {
                        bytes[Int.random(in: 2..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                    }
                }
                _ = try? ImageFile.probe(bytes)
                do {
                    let image = try ImageFile.decode(bytes, fittingIn: Bool.random(using: &random) ? 7 : nil)
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                    decoded += 1
                } catch is ImageError {
                    refused += 1
                } catch {
                    XCTFail("not an ImageError: \(error)")
                }
            }
        }
        print("damaged files: \(decoded + refused) cases, \(decoded) decoded, \(refused) refused")
        XCTAssertEqual(decoded + refused, 4_000)
        XCTAssertGreaterThan(refused, 1_000)
    }

    func testAHeaderClaimingFiftyThousandPixelsASideIsTooLargeFromBothCalls() throws {
        let jpeg = ImageFixtures.jpeg(try smallJPEG(), claiming: 50_000, 50_000)
        let png = ImageFixtures.png(try smallPNG(), claiming: 50_000, 50_000)
        for bytes in [jpeg, png] {
            XCTAssertThrowsError(try ImageFile.probe(bytes)) { XCTAssertEqual($0 as? ImageError, .tooLarge(width: 50_000, height: 50_000)) }
            XCTAssertThrowsError(try ImageFile.decode(bytes, fittingIn: 100)) {
                XCTAssertEqual($0 as? ImageError, .tooLarge(width: 50_000, height: 50_000))
                XCTAssertTrue("\($0)".contains("32768 pixels a side and 120 million"), "\($0)")
            }
        }
        // PNG.decode on its own refuses it before allocating, too (libpng believes the fixed-up header).
        XCTAssertThrowsError(try PNG.decode(png)) { XCTAssertTrue("\($0)".contains("50000x50000"), "\($0)") }
    }

    func testEachLimitHoldsOnItsOwn() throws {
        // One side too long (though few pixels), and too many pixels (though each side is allowed).
        for (width, height) in [(40_000, 10), (10, 40_000), (20_000, 20_000)] {
            for bytes in [ImageFixtures.jpeg(try smallJPEG(), claiming: width, height),
                          ImageFixtures.png(try smallPNG(), claiming: width, height)] {
                XCTAssertThrowsError(try ImageFile.probe(bytes)) { XCTAssertEqual($0 as? ImageError, .tooLarge(width: width, height: height)) }
            }
        }
        // At the limits the header is accepted; the data then runs out long before the claimed pixels.
        let atLimit = ImageFixtures.jpeg(try smallJPEG(), claiming: 10_000, 12_000)
        XCTAssertEqual(try ImageFile.probe(atLimit).width, 10_000)
        XCTAssertThrowsError(try ImageFile.decode(atLimit)) { error in
            guard case .corrupt(let reason) = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("premature end of data segment"), reason)
        }
    }

    func testBytesThatAreNoPictureAreNotAnImage() {
        for bytes in [[], Array("hello, I am text".utf8), [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0], [0xFF, 0xD8, 0x00]] {
            XCTAssertThrowsError(try ImageFile.probe(bytes)) { XCTAssertEqual($0 as? ImageError, .notAnImage, "\(bytes)") }
            XCTAssertThrowsError(try ImageFile.decode(bytes)) { XCTAssertEqual($0 as? ImageError, .notAnImage, "\(bytes)") }
        }
        XCTAssertTrue("\(ImageError.notAnImage)".contains("neither a PNG nor a JPEG"))
    }

    func testUnsupportedJPEGKindsAreNamed() throws {
        var twelveBit = try smallJPEG()
        let sof = (0..<twelveBit.count - 1).first { twelveBit[$0] == 0xFF && twelveBit[$0 + 1] == 0xC0 }!
        twelveBit[sof + 4] = 12
        XCTAssertThrowsError(try ImageFile.probe(twelveBit)) { XCTAssertEqual($0 as? ImageError, .unsupported(reason: "12-bit JPEG (only 8-bit is read)")) }
        var lossless = try smallJPEG()
        lossless[sof + 1] = 0xC3
        XCTAssertThrowsError(try ImageFile.decode(lossless)) {
            guard case .unsupported = $0 as? ImageError else { return XCTFail("\($0)") }
        }
    }
}
