import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Items for the compositor's tests: lines of dabs, solid and checkered pictures, and a comparison of
/// a page with a fresh render of the items it should hold.
enum ItemFixtures {
    static let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
    static let eraser = StrokeRenderStyle(blendMode: .erase, layerOpacity: 1, brush: .softRound)
    static let highlighter = StrokeRenderStyle(blendMode: .highlight, layerOpacity: 0.4, brush: .softRound)

    /// A straight stroke of dabs every 0.5 px.
    static func line(_ a: Point, _ b: Point, diameter: Float = 6, color: InkColor = .black,
                     style: StrokeRenderStyle = ink, clip: BezierPath? = nil) -> SceneStroke {
        let n = max(1, Int(a.distance(to: b) * 2))
        let sprites = (0...n).map { i -> Sprite in
            let p = a.lerp(to: b, Double(i) / Double(n))
            return Sprite(x: Float(p.x), y: Float(p.y), diameter: diameter, color: color)
        }
        return SceneStroke(sprites: sprites, style: style, clip: clip)
    }

    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, size: Int = 4) -> RGBAImage {
        RGBAImage(width: size, height: size, fill: (r, g, b, 255))
    }

    /// `cells × cells` texels, black where column + row is even, white where odd.
    static func checkerboard(cells: Int) -> RGBAImage {
        var image = RGBAImage(width: cells, height: cells)
        for y in 0..<cells {
            for x in 0..<cells {
                let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                image[x, y] = RGBAImage.Pixel(r: v, g: v, b: v, a: 255)
            }
        }
        return image
    }

    /// A page mixing every kind of item, each a different colour, overlapping one another.
    static func mixedItems() -> [RenderItem] {
        let scrap = BezierPath(circleAt: Point(120, 120), radius: 50)
        return [
            .stroke(line(Point(10, 50), Point(190, 50), color: InkColor(red: 0.8, green: 0, blue: 0))),
            .image(SceneImage(imageKey: "green", image: solid(0, 160, 0),
                              corners: Quadrilateral(Rect(x: 30, y: 30, width: 60, height: 120)), opacity: 0.8)),
            .stroke(line(Point(100, 10), Point(100, 190), color: InkColor(red: 0, green: 0.6, blue: 0))),
            // A scrap: its shadow, and an eraser on it that erases its own ink only.
            .group(SceneGroup(clip: scrap, children: [
                .image(SceneImage(imageKey: "blue", image: solid(40, 40, 220),
                                  corners: Quadrilateral(Rect(x: 60, y: 60, width: 130, height: 130)))),
                .stroke(line(Point(60, 120), Point(190, 120), diameter: 8, color: .black)),
                .stroke(line(Point(130, 60), Point(130, 180), diameter: 10, style: eraser)),
            ], shadow: .paper)),
            .stroke(line(Point(20, 20), Point(180, 180), color: InkColor(red: 0, green: 0, blue: 0.9))),
            .stroke(line(Point(20, 180), Point(180, 20), style: highlighter)),
            .stroke(line(Point(60, 10), Point(60, 190), diameter: 14, style: eraser)),
            .stroke(line(Point(10, 150), Point(190, 150), diameter: 4, color: InkColor(red: 0.5, green: 0, blue: 0.5))),
        ]
    }

    /// The page a fresh renderer shows after appending `items` one by one.
    static func reference(_ items: [RenderItem], width: Int = 200, height: Int = 200) throws -> RGBAImage {
        let r = try PageRenderer(pageWidth: width, pageHeight: height)
        for item in items { r.append(item) }
        return try r.renderPageImage()
    }

    static func assertSame(_ a: RGBAImage, _ b: RGBAImage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        XCTAssertLessThanOrEqual(worst, 1, "\(what): pages differ by \(worst); \(a.saveForInspection(named: "items-a")) \(b.saveForInspection(named: "items-b"))",
                                 file: file, line: line)
    }
}
