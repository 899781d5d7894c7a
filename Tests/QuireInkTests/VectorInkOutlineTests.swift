import QuireGeometry
import XCTest
@testable import QuireInk

final class VectorInkOutlineTests: XCTestCase {
    func testAStraightStrokeIsARectangleWithRoundEnds() {
        let samples = (0...20).map { penSample(Double($0) * 5, 40, index: $0) }
        let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: plainStyle(width: 10))
        XCTAssertEqual(ink.length, 100, accuracy: 1e-9)
        let expected = 100 * 10 + Double.pi * 25
        XCTAssertEqual(abs(ink.outline().signedArea), expected, accuracy: expected * 0.002)
    }

    func testATaperedLineCoversTheDiscsAtBothEnds() {
        // Width 2 → 12 over 50 px: the hull of the two end discs.
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(50, 0))]),
                            nodes: [.init(width: 2, color: .black), .init(width: 12, color: .black)], style: plainStyle())
        let (r0, r1, d) = (1.0, 6.0, 50.0)
        // The hull of the two end discs: the quadrilateral of the tangent points (parallel sides 2r·c,
        // d·c² apart, with s = (r1 − r0)/d and c = √(1 − s²)), plus the circular segment of each disc
        // beyond it (arc angles 2·acos(−s) at the wide end, 2π less that at the narrow one).
        let s = (r1 - r0) / d, c = (1 - s * s).squareRoot()
        let wide = 2 * acos(-s), narrow = 2 * Double.pi - wide
        let expected = (r0 + r1) * d * c * c * c + r1 * r1 / 2 * (wide - sin(wide)) + r0 * r0 / 2 * (narrow - sin(narrow))
        let outline = ink.outline()
        XCTAssertEqual(abs(outline.signedArea), expected, accuracy: expected * 0.005)
        XCTAssertEqual(outline.bounds.minX, -1, accuracy: 1e-6)
        XCTAssertEqual(outline.bounds.maxX, 56, accuracy: 1e-6)
        XCTAssertEqual(outline.bounds.maxY, 6, accuracy: 0.01)
    }

    func testTheOutlineHoldsEverySpriteAndStaysInsideThem() {
        // The app's highlighter: 16 px, dabs 1.3 px apart. (With sparse dabs the sprites' box can miss
        // the tip of a cusp by more than a pixel; the outline is the ink the dabs stand for.)
        let highlighter = InkEngineRegistry.standard.style(for: .highlighter)
        // A tight hairpin and loops, thin pressure-ramped ink and wide ink round bends tighter than it.
        let hairpin = [(0.0, 0.0), (20, 0), (30, 2), (31, 6), (20, 8), (0, 8), (-3, 20), (10, 30)]
        let cases: [(String, [InputSample], StrokeStyle)] = [
            ("pen", loopySamples(), pressureStyle()),
            ("highlighter", loopySamples(), highlighter),
            ("hairpin", penSamples(hairpin), highlighter),
            ("quad", loopySamples(), pressureStyle(engine: QuadMidpointEngine.identifier)),
        ]
        for (name, samples, style) in cases {
            let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: style)
            let sprites = ink.sprites()
            let outline = ink.outline()
            XCTAssertTrue(outline.isFinite, name)
            for (k, s) in sprites.enumerated() {
                XCTAssertTrue(outline.contains(Point(Double(s.x), Double(s.y))), "\(name): sprite \(k) outside")
                // Points half way to the dab's rim are inside too (no holes in the fill).
                let r = Double(s.diameter) / 4
                for (dx, dy) in [(r, 0.0), (-r, 0), (0, r), (0, -r)] {
                    XCTAssertTrue(outline.contains(Point(Double(s.x) + dx, Double(s.y) + dy)), "\(name): hole at sprite \(k)")
                }
            }
            let spriteBounds = sprites.reduce(Rect.null) { $0.union($1.bounds) }
            let box = outline.bounds
            let grown = spriteBounds.outsetBy(1)
            XCTAssertTrue(grown.contains(Point(box.minX, box.minY)) && grown.contains(Point(box.maxX, box.maxY)),
                          "\(name): \(box) not within \(grown)")
            // And it is not much smaller either: the dabs reach within a pixel of its box.
            XCTAssertTrue(box.outsetBy(1).contains(Point(spriteBounds.minX, spriteBounds.minY))
                          && box.outsetBy(1).contains(Point(spriteBounds.maxX, spriteBounds.maxY)), name)
        }
    }
}
