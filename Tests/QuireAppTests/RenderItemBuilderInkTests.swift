import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import XCTest
@testable import QuireApp

/// Items built together (`renderItems`: a page opened, a cut's pieces put in) have their strokes' sprites
/// worked out on all cores first: each must be exactly what building the item alone gives, each stroke's
/// sprites in its own place, carried through its own scrap's map.
final class RenderItemBuilderInkTests: XCTestCase {
    private func stroke(from start: Point, step: Point, count: Int, style: StrokeStyle) -> PageItem {
        .stroke(Stroke(samples: (0..<count).map { k in
            InputSample(position: start + step * Double(k), pressure: 0.3 + 0.6 * Double(k % 7) / 6, time: Double(k) * 0.01)
        }, style: style))
    }

    func testItemsBuiltTogetherAreTheItemsBuiltOneByOne() throws {
        let pen = StrokeStyle.defaults(for: .pen), highlighter = StrokeStyle.defaults(for: .highlighter)
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "5e", count: 32)))
        let picture = RGBAImage(width: 40, height: 30, fill: (10, 120, 200, 255))
        let builder = RenderItemBuilder(image: { id, _ in id == blob ? picture : nil })
        // A scrap inside a scrap, each with ink of its own, turned and scaled differently, between
        // strokes of page ink of different lengths and tools: every stroke's sprites differ.
        let inner = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                          transform: Homography(AffineTransform.rotation(-0.3).concatenating(.translation(20, 30))),
                          image: nil, items: [stroke(from: Point(5, 5), step: Point(2, 1), count: 25, style: pen)])
        let outer = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 160, height: 120)),
                          transform: Homography(AffineTransform.scale(0.7, 0.7).concatenating(.rotation(0.2))
                                                    .concatenating(.translation(60, 40))),
                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 40, pixelHeight: 30),
                                            rect: Rect(x: 0, y: 0, width: 160, height: 120)),
                          items: [stroke(from: Point(10, 90), step: Point(3, -1), count: 40, style: pen),
                                  PageItem(.scrap(inner)),
                                  stroke(from: Point(20, 20), step: Point(1, 2), count: 30, style: highlighter)])
        let items: [PageItem] = [
            stroke(from: Point(5, 5), step: Point(4, 0.5), count: 50, style: pen),
            PageItem(.scrap(outer)),
            stroke(from: Point(10, 200), step: Point(1.5, -2), count: 12, style: highlighter),
            stroke(from: Point(150, 20), step: Point(-1, 3), count: 60, style: pen),
        ]
        let together = builder.renderItems(items)
        let oneByOne = items.map(builder.renderItem)
        XCTAssertEqual(together.count, items.count)
        for (k, (got, want)) in zip(together, oneByOne).enumerated() {
            XCTAssertEqual(got, want, "item \(k)")
        }
        // The scrap's picture is still looked up (on this thread) and shown.
        guard case let .group(group) = together[1], case .image = group.children.first else {
            return XCTFail("the scrap keeps its picture: \(together[1])")
        }
        // One item, or none, is built as before.
        XCTAssertEqual(builder.renderItems([items[0]]), [builder.renderItem(items[0])])
        XCTAssertEqual(builder.renderItems([]), [])
    }
}
