import Foundation
import XCTest
@testable import QuireImageIO

/// The one-pass PNG writer: rows in bands and in GL's bottom-up order, RGB for opaque images, every
/// zlib level, and misuse as errors rather than traps.
final class PNGWriterTests: XCTestCase {
    private func opaqueImage(width: Int = 37, height: Int = 23) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (250, 248, 240, 255))
        for y in 0..<height {
            for x in 0..<width where (x * 7 + y * 3) % 11 == 0 {
                image[x, y] = .init(r: UInt8(x * 5 % 256), g: UInt8(y * 9 % 256), b: 30, a: 255)
            }
        }
        return image
    }

    /// IHDR's colour type: 2 is RGB, 6 is RGBA.
    private func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    func testAnOpaqueImageIsWrittenAsRGBAndOneWithAlphaAsRGBA() throws {
        let opaque = opaqueImage()
        let rgb = try PNG.encode(opaque, speed: .fast)
        XCTAssertEqual(colorType(rgb), 2)
        XCTAssertEqual(try PNG.decode(rgb), opaque)
        var clear = opaque
        clear[3, 4] = .init(r: 1, g: 2, b: 3, a: 40)
        let rgba = try PNG.encode(clear, speed: .fast)
        XCTAssertEqual(colorType(rgba), 6)
        XCTAssertEqual(try PNG.decode(rgba), clear)
    }

    func testRowsHandedBottomUpInBandsMakeTheSameImage() throws {
        let image = opaqueImage()
        let flipped = image.flippedVertically()
        let writer = try PNGWriter(path: nil, width: image.width, height: image.height, channels: .rgb)
        // Bands of 10, 10 and 3 rows, each bottom-up in memory, the image's top band first.
        let rowBytes = image.width * 4
        var top = 0
        for band in [10, 10, 3] {
            // The band's rows in GL order: `flipped` holds the image bottom row first.
            let firstInFlipped = image.height - top - band
            try flipped.pixels.withUnsafeBytes { bytes in
                let slice = UnsafeRawBufferPointer(rebasing: bytes[firstInFlipped * rowBytes..<(firstInFlipped + band) * rowBytes])
                try writer.write(rows: slice, count: band, stride: rowBytes, bottomUp: true)
            }
            top += band
        }
        XCTAssertEqual(try PNG.decode(try writer.finish()), image)
    }

    func testEveryCompressionLevelRoundTripsAndHigherLevelsAreNotLarger() throws {
        let image = opaqueImage(width: 200, height: 120)
        var sizes: [Int] = []
        for level in PNGWriter.compressionLevels {
            let writer = try PNGWriter(path: nil, width: image.width, height: image.height, channels: .rgb, level: level)
            try writer.write(image)
            let png = try writer.finish()
            XCTAssertEqual(try PNG.decode(png), image, "level \(level)")
            sizes.append(png.count)
        }
        XCTAssertGreaterThan(sizes[0], sizes[9], "level 0 stores, level 9 compresses")
    }

    func testMisuseIsAnErrorNotATrap() throws {
        XCTAssertThrowsError(try PNGWriter(path: nil, width: 4, height: 4, channels: .rgb, level: 10))
        XCTAssertThrowsError(try PNGWriter(path: nil, width: 0, height: 4, channels: .rgb))
        let image = opaqueImage(width: 4, height: 4)
        let writer = try PNGWriter(path: nil, width: 4, height: 3, channels: .rgba)
        XCTAssertThrowsError(try writer.write(image), "4 rows into a 3-row image")
        let short = try PNGWriter(path: nil, width: 4, height: 8, channels: .rgba)
        try short.write(image)
        XCTAssertThrowsError(try short.finish(), "ended with rows missing")
        XCTAssertThrowsError(try short.finish(), "finished twice")
    }
}
