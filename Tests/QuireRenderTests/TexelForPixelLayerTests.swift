import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuireRender
import QuireTestSupport
import XCTest

/// A layer drawn texel for pixel (the view's copy of the ink layer at 100 %, a scrap's ink layer joined
/// back, a scratch layer copied whole) samples its nearest texel instead of filtering four: the pixels
/// must be the very ones the filtered draw gives, blended over what is there or replacing it, at a
/// whole-pixel offset and from a part of a larger layer as well as whole.
final class TexelForPixelLayerTests: HeadlessGLTestCase {
    /// A layer of many translucent colours (premultiplied, as every layer is): rectangles of scattered
    /// colour and opacity laid over each other at fractional places. Scattered by a fixed sequence, not
    /// at random, so every run draws the same patchwork (a random one now and then gave too few colours).
    private func patchwork(width: Int, height: Int, quads: QuadRenderer) throws -> RenderTarget {
        let layer = try RenderTarget(width: width, height: height)
        layer.clear()
        layer.bind()
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
        /// The k-th of a sequence spread evenly over 0..<1 (multiples of an irrational number, mod 1).
        func scattered(_ k: Int, _ step: Double) -> Double { (Double(k) * step).truncatingRemainder(dividingBy: 1) }
        for k in 1...400 {
            let rect = Rect(x: -10 + scattered(k, 0.618_033_988_7) * Double(width + 10),
                            y: -10 + scattered(k, 0.754_877_666_2) * Double(height + 10),
                            width: 1 + 39 * scattered(k, 0.569_840_290_9), height: 1 + 39 * scattered(k, 0.414_213_562_4))
            let color = InkColor(red: Float(scattered(k, 0.302_775_637_7)), green: Float(scattered(k, 0.732_050_807_6)),
                                 blue: Float(scattered(k, 0.236_067_977_5)), alpha: Float(0.05 + 0.95 * scattered(k, 0.645_751_311_1)))
            quads.fill(rect, projection: projection, color: color)
        }
        return layer
    }

    private func drawn(_ layer: RenderTarget, over rect: Rect, part: Rect, into size: (Int, Int), replace: Bool,
                       texelForPixel: Bool, quads: QuadRenderer) throws -> RGBAImage {
        let target = try RenderTarget(width: size.0, height: size.1)
        target.bind()
        // A background of its own under the layer, so blending has something to blend with.
        let projection = PageProjection(width: size.0, height: size.1, pageToFramebuffer: .identity, guardBand: 0)
        quads.fill(Rect(x: 0, y: 0, width: Double(size.0), height: Double(size.1)), projection: projection,
                   color: InkColor(red: 0.93, green: 0.87, blue: 0.71))
        quads.drawLayer(layer.texture, over: rect, projection: projection, replace: replace, part: part,
                        texelForPixel: texelForPixel)
        return target.readPixels()
    }

    private func assertSame(_ filtered: RGBAImage, _ nearest: RGBAImage, _ label: String, colours: Int,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(filtered.width, nearest.width)
        var differing = 0, distinct = Set<UInt32>()
        for y in 0..<filtered.height {
            for x in 0..<filtered.width {
                let p = filtered[x, y]
                if p != nearest[x, y] { differing += 1 }
                distinct.insert(UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24)
            }
        }
        XCTAssertEqual(differing, 0, "\(label): filtered \(filtered.saveForInspection(named: "texel-filtered")) against "
                       + nearest.saveForInspection(named: "texel-nearest"), file: file, line: line)
        // Not a comparison of two plain images: the patchwork gives hundreds of colours.
        XCTAssertGreaterThan(distinct.count, colours, label, file: file, line: line)
    }

    func testAWholeLayerAtAWholePixelOffsetGivesTheFilteredPixels() throws {
        let quads = try QuadRenderer()
        let layer = try patchwork(width: 200, height: 150, quads: quads)
        let rect = Rect(x: 17, y: 9, width: 200, height: 150)
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        for replace in [false, true] {
            let filtered = try drawn(layer, over: rect, part: whole, into: (240, 180), replace: replace,
                                     texelForPixel: false, quads: quads)
            let nearest = try drawn(layer, over: rect, part: whole, into: (240, 180), replace: replace,
                                    texelForPixel: true, quads: quads)
            assertSame(filtered, nearest, replace ? "replacing" : "blended over", colours: 1000)
        }
    }

    func testAPartOfALargerLayerGivesTheFilteredPixels() throws {
        // As a scrap's ink layer is joined back: the used corner of a pooled layer bigger than it.
        let quads = try QuadRenderer()
        let layer = try patchwork(width: 256, height: 256, quads: quads)
        let part = Rect(x: 0, y: 0, width: 150.0 / 256, height: 110.0 / 256)
        let rect = Rect(x: 31, y: 45, width: 150, height: 110)
        let filtered = try drawn(layer, over: rect, part: part, into: (220, 200), replace: false,
                                 texelForPixel: false, quads: quads)
        let nearest = try drawn(layer, over: rect, part: part, into: (220, 200), replace: false,
                                texelForPixel: true, quads: quads)
        assertSame(filtered, nearest, "part of a layer", colours: 400)
    }
}
