import Foundation
import XCTest
@testable import QuireImageIO

/// The one-pass PNG writer: rows in bands and in GL's bottom-up order, RGB for opaque images, gray for
/// gray ones when asked, every zlib level, and misuse as errors rather than traps.
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

    /// Black and grey ink on white: every pixel has r = g = b.
    private func grayImage(width: Int = 37, height: Int = 23) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (255, 255, 255, 255))
        for y in 0..<height {
            for x in 0..<width where (x * 7 + y * 3) % 11 < 3 {
                let v = UInt8((x * 13 + y * 29) % 256)
                image[x, y] = .init(r: v, g: v, b: v, a: 255)
            }
        }
        return image
    }

    private func encode(_ image: RGBAImage, grayWhenPossible: Bool) throws -> (png: [UInt8], stored: PNGWriter.Channels) {
        let writer = try PNGWriter(path: nil, width: image.width, height: image.height, channels: .rgb,
                                   grayWhenPossible: grayWhenPossible)
        try writer.write(image)
        let stored = writer.channels
        return (try writer.finish(), stored)
    }

    /// IHDR's colour type: 0 is gray, 2 is RGB, 6 is RGBA.
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
        // PNG.encode and PNG.write store an opaque gray image gray.
        let gray = grayImage()
        let encoded = try PNG.encode(gray, speed: .fast)
        XCTAssertEqual(colorType(encoded), 0)
        XCTAssertEqual(try PNG.decode(encoded), gray)
    }

    func testRowsHandedBlueFirstAreWrittenAsTheSameImage() throws {
        var image = opaqueImage()
        image[3, 4] = .init(r: 1, g: 2, b: 3, a: 40)
        // The same pixels as cairo's image surfaces hold them in memory (straightened): B, G, R, A.
        var blueFirst = image.pixels
        for i in stride(from: 0, to: blueFirst.count, by: 4) { blueFirst.swapAt(i, i + 2) }
        for channels in [PNGWriter.Channels.rgba, .rgb] {
            let writer = try PNGWriter(path: nil, width: image.width, height: image.height, channels: channels, blueFirst: true)
            try blueFirst.withUnsafeBytes { try writer.write(rows: $0, count: image.height, stride: image.width * 4) }
            var expected = image
            if channels == .rgb { expected[3, 4] = .init(r: 1, g: 2, b: 3, a: 255) }
            XCTAssertEqual(try PNG.decode(try writer.finish()), expected, "\(channels)")
        }
    }

    func testAGrayImageIsStoredGrayWithTheSamePixelsInAThirdOfTheBytes() throws {
        let image = grayImage(width: 300, height: 200)
        let gray = try encode(image, grayWhenPossible: true)
        XCTAssertEqual(gray.stored, .gray)
        XCTAssertEqual(colorType(gray.png), 0)
        XCTAssertEqual(try PNG.decode(gray.png), image, "the same pixels, opaque")
        let rgb = try encode(image, grayWhenPossible: false)
        XCTAssertEqual(colorType(rgb.png), 2, "not asked: RGB as before")
        XCTAssertEqual(try PNG.decode(rgb.png), image)
        XCTAssertLessThan(Double(gray.png.count), 0.6 * Double(rgb.png.count), "one byte a pixel to store, not three")
    }

    /// One colour pixel anywhere, even the very last byte checked, keeps the image RGB.
    func testOneColourPixelKeepsAnImageRGB() throws {
        for (x, y) in [(0, 0), (36, 22), (35, 22), (17, 11)] {
            for channel in 0..<3 {
                var image = grayImage()
                var pixel = image[x, y]
                switch channel {
                case 0: pixel.r = pixel.r &+ 1
                case 1: pixel.g = pixel.g &+ 1
                default: pixel.b = pixel.b &+ 1
                }
                image[x, y] = pixel
                let written = try encode(image, grayWhenPossible: true)
                XCTAssertEqual(written.stored, .rgb, "colour at (\(x), \(y)) in channel \(channel)")
                XCTAssertEqual(colorType(written.png), 2)
                XCTAssertEqual(try PNG.decode(written.png), image)
            }
        }
    }

    /// The header must be written before the second band is seen, so an image handed over in bands
    /// stays RGB even when gray; rows bottom-up with a wider stride are read right when it is gray.
    func testOnlyAWholeImageInOneWriteIsStoredGray() throws {
        let image = grayImage()
        let banded = try PNGWriter(path: nil, width: image.width, height: image.height, channels: .rgb, grayWhenPossible: true)
        try image.pixels.withUnsafeBytes { bytes in
            let rowBytes = image.width * 4
            try banded.write(rows: UnsafeRawBufferPointer(rebasing: bytes[..<(10 * rowBytes)]), count: 10, stride: rowBytes)
            try banded.write(rows: UnsafeRawBufferPointer(rebasing: bytes[(10 * rowBytes)...]), count: 13, stride: rowBytes)
        }
        XCTAssertEqual(banded.channels, .rgb)
        XCTAssertEqual(try PNG.decode(try banded.finish()), image)

        // The whole image bottom-up, each row followed by 8 bytes of red padding that must be ignored.
        let stride = image.width * 4 + 8
        var padded = [UInt8](repeating: 0, count: image.height * stride)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, image.height - 1 - y]
                padded.replaceSubrange((y * stride + x * 4)..<(y * stride + x * 4 + 4), with: [p.r, p.g, p.b, p.a])
            }
            padded.replaceSubrange((y * stride + image.width * 4)..<((y + 1) * stride), with: [200, 0, 0, 255, 200, 0, 0, 255])
        }
        let whole = try PNGWriter(path: nil, width: image.width, height: image.height, channels: .rgb, grayWhenPossible: true)
        try padded.withUnsafeBytes { try whole.write(rows: $0, count: image.height, stride: stride, bottomUp: true) }
        XCTAssertEqual(whole.channels, .gray)
        XCTAssertEqual(try PNG.decode(try whole.finish()), image)
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
        XCTAssertThrowsError(try PNGWriter(path: nil, width: 4, height: 4, channels: .rgba, grayWhenPossible: true),
                             "an image with alpha cannot be stored gray")
        let unwritten = try PNGWriter(path: nil, width: 4, height: 4, channels: .rgb, grayWhenPossible: true)
        XCTAssertThrowsError(try unwritten.finish(), "ended before its header and rows")
    }
}
