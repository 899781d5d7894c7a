import QuireGeometry
import QuireImageIO
@testable import QuireRender
import QuireTestSupport
import XCTest

/// An overlay picture drawn at its own size on whole pixels takes each texel as it is (nearest
/// sampling, the cheap path a page sorter's thumbnails take); drawn at any other size or place it is
/// still filtered from its mipmaps.
final class OverlayPictureSamplingTests: HeadlessGLTestCase {
    /// Black and white pixels alternating in a checkerboard of single pixels.
    private let checker: RGBAImage = {
        var image = RGBAImage(width: 64, height: 64, fill: (0, 0, 0, 255))
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { image[x, y] = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255) } }
        return image
    }()

    private func draw(_ rect: Rect) throws -> RGBAImage {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        let window = try RenderTarget(width: 160, height: 120)
        renderer.drawView(width: 160, height: 120, pageToWindow: .identity,
                          overlay: [.image(key: "checker", image: checker, rect: rect, opacity: 1)], into: window)
        return window.readPixels()
    }

    func testAtItsOwnSizeOnWholePixelsEveryPixelIsItsTexel() throws {
        let shown = try draw(Rect(x: 30, y: 20, width: 64, height: 64))
        for y in 0..<64 {
            for x in 0..<64 {
                XCTAssertEqual(shown[30 + x, 20 + y], checker[x, y], "pixel (\(x), \(y)) of the picture")
            }
        }
    }

    func testShrunkItIsFilteredNotPickedFrom() throws {
        // Half size: each pixel is the mean of four texels, two black and two white, so mid grey; picking
        // texels would give black or white.
        let shown = try draw(Rect(x: 30, y: 20, width: 32, height: 32))
        for (x, y) in [(35, 25), (46, 37), (58, 50)] {
            XCTAssertEqual(Int(shown[x, y].r), 128, accuracy: 12, "(\(x), \(y)) is \(shown[x, y])")
        }
    }

    func testAPictureFirstDrawnAtItsOwnSizeIsStillFilteredWhenLaterShrunk() throws {
        // Uploaded without mipmaps for the texel-for-pixel draw; the shrunk draw must build them.
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        let window = try RenderTarget(width: 160, height: 120)
        renderer.drawView(width: 160, height: 120, pageToWindow: .identity,
                          overlay: [.image(key: "checker", image: checker, rect: Rect(x: 30, y: 20, width: 64, height: 64), opacity: 1)],
                          into: window)
        XCTAssertEqual(window.readPixels()[30, 20], checker[0, 0])
        renderer.drawView(width: 160, height: 120, pageToWindow: .identity,
                          overlay: [.image(key: "checker", image: checker, rect: Rect(x: 30, y: 20, width: 20, height: 20), opacity: 1)],
                          into: window)
        // At 1/3.2 the level-0 texels alone would give greys from dark to light as pixels fall between
        // them; from the mipmaps (every level a flat grey) each is mid grey.
        let shown = window.readPixels()
        for y in 31..<39 {
            for x in 31..<39 {
                XCTAssertEqual(Int(shown[x, y].r), 128, accuracy: 12, "(\(x), \(y)) is \(shown[x, y])")
            }
        }
    }
}
