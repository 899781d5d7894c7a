@testable import QuireGeometry
import XCTest

/// `PathGeometry.winding` counts a curve lying wholly right of the point by where its two ends lie,
/// finding no roots. These check that shortcut against every curve's own count (`BezierCurve.winding`)
/// on outlines whose curves swing up and down between their ends (as a wavy scissors cut does), with
/// points at the very heights of curve ends, where the half-open rule decides.
final class WindingShortcutTests: XCTestCase {
    /// The winding number from each curve's own count, with no shortcut.
    private func windingFromEveryCurve(_ geometry: PathGeometry, at point: Point) -> Int {
        var w = 0
        for sp in geometry.subpaths {
            for i in sp.range { w += geometry.segments[i].curve.winding(at: point) }
            if !sp.isClosed, let last = sp.range.last {
                w += BezierCurve(line: geometry.segments[last].curve.end, sp.start).winding(at: point)
            }
        }
        return w
    }

    /// A closed piece of a scrap under a wavy cut: S-curves whose control points reach far above and
    /// below their ends, a straight bottom, and an open wavy subpath crossing it (closed implicitly).
    private var wavyPath: BezierPath {
        var path = BezierPath()
        path.move(to: Point(0, 100))
        for k in 0..<8 {
            let x = Double(k) * 25
            path.cubic(to: Point(x + 25, 100 + Double(k % 3) * 10), control1: Point(x + 8, 40), control2: Point(x + 17, 160))
        }
        path.line(to: Point(200, 300))
        path.line(to: Point(0, 300))
        path.close()
        path.move(to: Point(30, 250))
        path.cubic(to: Point(170, 250), control1: Point(80, 120), control2: Point(120, 380))
        return path
    }

    func testTheShortcutCountsAsEveryCurveDoes() {
        let path = wavyPath
        let geometry = PathGeometry(path)
        // Heights of every curve end (exact ties) and a grid between, from left of everything to right.
        var heights = geometry.segments.flatMap { [$0.curve.p0.y, $0.curve.p3.y] }
        heights += stride(from: 20.0, through: 320, by: 3.7)
        var inside = 0, shortcut = 0
        for y in heights {
            for x in stride(from: -20.0, through: 220, by: 2.9) {
                let point = Point(x, y)
                let w = geometry.winding(at: point)
                XCTAssertEqual(w, windingFromEveryCurve(geometry, at: point), "at \(point)")
                if w != 0 { inside += 1 }
                if geometry.segments.contains(where: { point.y >= $0.box.minY && point.y <= $0.box.maxY && point.x < $0.box.minX }) {
                    shortcut += 1
                }
            }
        }
        // The comparison covered both the shortcut and the inside of the outline, not only empty space.
        XCTAssertGreaterThan(shortcut, 1000)
        XCTAssertGreaterThan(inside, 1000)
    }
}
