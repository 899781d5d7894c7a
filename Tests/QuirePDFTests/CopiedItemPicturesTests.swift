import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import XCTest

/// A copied scrap as other programs take it off the clipboard: a PNG at its picture's own detail,
/// showing the picture's pixels inside the outline and nothing outside it, its ink drawn over; and
/// an SVG of the same.
final class CopiedItemPicturesTests: XCTestCase {
    /// 120×80: a red ramp on the left half, blue on the right.
    private let photo: RGBAImage = {
        var image = RGBAImage(width: 120, height: 80, fill: (0, 0, 220, 255))
        for y in 0..<80 { for x in 0..<60 { image[x, y] = .init(r: 220, g: UInt8(x * 3), b: 0, a: 255) } }
        return image
    }()

    /// The photo shown at half size (its picture has two pixels a page pixel), cut to a diamond, with a
    /// black line of ink across its lower part.
    private func scrap(blob: BlobID) -> PageItem {
        let diamond = BezierPath(polygon: [Point(60, 0), Point(120, 40), Point(60, 80), Point(0, 40)])
        let ink = Stroke(samples: (0...20).map { InputSample(position: Point(30 + Double($0) * 3, 55), time: Double($0) / 100) },
                         style: .defaults(for: .pen, color: .rgb(.black)))
        return PageItem(.scrap(Scrap(outline: diamond, transform: Homography(.scale(0.5, 0.5)).concatenating(Homography(.translation(300, 200))),
                                     image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 120, pixelHeight: 80),
                                                       rect: Rect(x: 0, y: 0, width: 120, height: 80)),
                                     items: [.stroke(ink)])))
    }

    func testThePNGIsThePictureInsideTheOutlineAtItsOwnDetailAndClearOutside() throws {
        let png = try PNG.encode(photo)
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "ab", count: 32)))
        let pictures = try XCTUnwrap(CopiedItemPictures([scrap(blob: blob)]) { id in
            guard id == blob else { throw CocoaError(.fileNoSuchFile) }
            return png
        })
        XCTAssertEqual(pictures.scale, 2, accuracy: 1e-9, "the picture's own detail: two pixels a page pixel")
        let image = try PNG.decode(try pictures.png())
        XCTAssertEqual(image.width, 120)
        XCTAssertEqual(image.height, 80)
        var wrong: [String] = []
        for y in stride(from: 2, to: 78, by: 3) {
            for x in stride(from: 2, to: 118, by: 3) {
                let pixel = image[x, y]
                // Distance inside the diamond |x−60|/60 + |y−40|/40 < 1, in picture pixels.
                let reach = abs(Double(x) + 0.5 - 60) / 60 + abs(Double(y) + 0.5 - 40) / 40
                let nearInk = abs(Double(y) - 55) < 8 && (22...98).contains(Double(x))
                if reach > 1.06 {
                    if pixel.a != 0 { wrong.append("(\(x), \(y)) outside, alpha \(pixel.a)") }
                } else if reach < 0.94 && !nearInk {
                    let want = photo[x, y]
                    // The picture's pixels fall on the PNG's: each is copied exactly.
                    if pixel != want {
                        wrong.append("(\(x), \(y)) \(pixel) not \(want)")
                    }
                }
            }
        }
        XCTAssertTrue(wrong.isEmpty, "\(wrong.count) pixels wrong, first \(wrong.prefix(4))")
        // The ink, at scrap y 55: the PNG's pixels are the scrap's own (picture) pixels.
        let onInk = image[60, 55]
        XCTAssertTrue(onInk.r < 60 && onInk.g < 60 && onInk.b < 60 && onInk.a == 255, "the ink shows over the picture: \(onInk)")
    }

    func testAnOutlineOffThePicturesGridStillCopiesItsPixelsExactly() throws {
        let png = try PNG.encode(photo)
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "12", count: 32)))
        // A triangle whose corner is at (10.3, 5.7), off the picture's grid: its pixels still come whole.
        let triangle = BezierPath(polygon: [Point(10.3, 5.7), Point(110.6, 5.7), Point(60, 75.2)])
        let scrap = PageItem(.scrap(Scrap(outline: triangle, transform: Homography(.scale(0.5, 0.5)).concatenating(Homography(.translation(300, 200))),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 120, pixelHeight: 80),
                                                            rect: Rect(x: 0, y: 0, width: 120, height: 80)))))
        let image = try PNG.decode(try XCTUnwrap(CopiedItemPictures([scrap]) { _ in png }).png())
        var wrong: [String] = []
        for (x, y) in [(40, 8), (50, 10), (60, 20), (45, 15), (70, 12), (55, 40)] {
            // Output (x, y) is picture (x + 10, y + 5).
            if image[x, y] != photo[x + 10, y + 5] { wrong.append("(\(x), \(y)) \(image[x, y]) not \(photo[x + 10, y + 5])") }
        }
        XCTAssertTrue(wrong.isEmpty, "\(wrong)")
    }

    func testTheSVGEmbedsThePictureAtThePagesSize() throws {
        let png = try PNG.encode(photo)
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "cd", count: 32)))
        let pictures = try XCTUnwrap(CopiedItemPictures([scrap(blob: blob)]) { _ in png })
        let svg = String(decoding: try pictures.svg(), as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<?xml") && svg.contains("<svg"), String(svg.prefix(200)))
        XCTAssertTrue(svg.contains("width=\"60px\"") && svg.contains("height=\"40px\""), "page pixels: \(svg.prefix(400))")
        XCTAssertTrue(svg.contains("data:image/png;base64,"), "the picture is in it")
    }

    /// Copied text reaches an SVG editor as text it can edit, in its place, not as glyph outlines.
    func testTheSVGOfCopiedTextHoldsItAsText() throws {
        let text = PageItem(.text(TextItem(text: "Copied & kept", origin: Point(200, 300), fontSize: 30)))
        let pictures = try XCTUnwrap(CopiedItemPictures([text]) { _ in [] })
        let svg = String(decoding: try pictures.svg(), as: UTF8.self)
        XCTAssertTrue(svg.contains(">Copied &amp; kept</tspan></text>"), svg)
        XCTAssertFalse(svg.contains("<symbol") || svg.contains("3.14159%"), "no glyph outlines, no marker left: \(svg)")
    }

    func testAbsurdSizesAreDrawnWithinTheLimits() throws {
        // A 32,768-pixel-wide picture shown over a 20,000-page-pixel scrap: far past the limit.
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "ef", count: 32)))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 20_000, height: 20_000)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 32_768, pixelHeight: 32_768),
                                                            rect: Rect(x: 0, y: 0, width: 20_000, height: 20_000)))))
        let pictures = try XCTUnwrap(CopiedItemPictures([scrap]) { _ in throw CocoaError(.fileNoSuchFile) })
        let (width, height) = pictures.pixelSize
        XCTAssertLessThanOrEqual(width * height, CopiedItemPictures.maximumPixels + 2 * 16_000)
        XCTAssertLessThanOrEqual(max(width, height), CopiedItemPictures.maximumSide)
        XCTAssertNil(CopiedItemPictures([]) { _ in [] }, "nothing copied, no picture")
    }
}
