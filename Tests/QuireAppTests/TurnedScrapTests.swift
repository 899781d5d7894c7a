import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireRender
import QuireTestSupport
import XCTest
@testable import QuireApp

/// A photo scrap turned by any angle shows its picture, turned, in an export (a quarter turn once drew
/// nothing at all).
final class TurnedScrapTests: XCTestCase {
    func testAScrapShowsItsPictureAtEveryTurn() throws {
        let context: HeadlessGLContext
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)"); return }
        // Red on the left half, blue on the right.
        var photo = RGBAImage(width: 20, height: 10, fill: (220, 0, 0, 255))
        for y in 0..<10 { for x in 10..<20 { photo[x, y] = .init(r: 0, g: 0, b: 220, a: 255) } }
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "a", count: 64)))
        let exporter = PageImageRenderer(brushDirectory: nil, builder: RenderItemBuilder(image: { _, _ in photo }))
        for degrees in [0.0, 45, 90, 135, 180, 270, 359] {
            let radians = degrees * Double.pi / 180
            // The 200×100 scrap turned about its centre, which lands on (300, 300).
            let turn = AffineTransform.translation(-100, -50).concatenating(.rotation(radians)).concatenating(.translation(300, 300))
            let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100)), transform: Homography(turn),
                              image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 20, pixelHeight: 10),
                                                rect: Rect(x: 0, y: 0, width: 200, height: 100)))
            let image = try exporter.image(of: Page(items: [PageItem(.scrap(scrap))]))
            // 50 px left of the centre in the scrap (red) and 50 px right (blue), turned with it.
            let left = Point(300 - 50 * cos(radians), 300 - 50 * sin(radians))
            let right = Point(300 + 50 * cos(radians), 300 + 50 * sin(radians))
            let l = image[Int(left.x), Int(left.y)], r = image[Int(right.x), Int(right.y)]
            XCTAssertTrue(l.r > 180 && l.b < 60, "\(degrees)°: red at \(left), found \(l)")
            XCTAssertTrue(r.b > 180 && r.r < 60, "\(degrees)°: blue at \(right), found \(r)")
        }
        withExtendedLifetime(context) {}
    }
}
