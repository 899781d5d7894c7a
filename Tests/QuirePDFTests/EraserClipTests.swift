@testable import QuireGeometry
import QuireInk
@testable import QuirePDF
import XCTest

/// An eraser's clip in vector export: the page's frame less the eraser's shape, fitted in few curves
/// (`EraserClip.fitted`) that keep the same inside and outside within the tolerance.
final class EraserClipTests: XCTestCase {
    func testAScribbledErasersClipIsFittedWithinTheToleranceInAFractionOfTheNumbers() throws {
        // A scribble: loops, with pressure rising and falling.
        let samples = (0..<60).map { i -> InputSample in
            let t = Double(i) / 59
            return InputSample(position: Point(40 + 120 * t + 15 * cos(t * 12), 100 + 30 * sin(t * 12) + 10 * sin(t * 4)),
                               pressure: 0.3 + 0.6 * sin(t * .pi), tiltX: 0, tiltY: 0, time: t, device: .pen)
        }
        let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: .defaults(for: .eraser))
        let area = Rect(x: 0, y: 0, width: 220, height: 200)
        let exact = BezierPath(rect: area).subtracting(PageVectorPlan.shape(of: ink, tolerance: 0.1))
        XCTAssertTrue(exact.problems.isEmpty)
        let fitted = EraserClip.fitted(exact.path, tolerance: 0.1)
        func numbers(_ path: BezierPath) -> Int { path.elements.reduce(0) { $0 + 2 * $1.points.count } }
        XCTAssertLessThan(3 * numbers(fitted), 2 * numbers(exact.path), "\(numbers(fitted)) numbers against \(numbers(exact.path))")
        // Every point further than 0.25 px from the exact clip's edge is on the same side of the fitted one.
        let bounds = ink.outline(tolerance: 0.1).bounds.outsetBy(3)
        // Each path's geometry made once (`contains` makes it again on every call).
        let exactGeometry = PathGeometry(exact.path), fittedGeometry = PathGeometry(fitted)
        var checked = 0
        for y in stride(from: bounds.minY, to: bounds.maxY, by: 1.7) {
            for x in stride(from: bounds.minX, to: bounds.maxX, by: 1.7) {
                let p = Point(x, y), inside = exactGeometry.winding(at: p) != 0
                let clear = [Point(0.25, 0), Point(-0.25, 0), Point(0, 0.25), Point(0, -0.25)].allSatisfy {
                    (exactGeometry.winding(at: p + $0) != 0) == inside
                }
                guard clear else { continue }
                checked += 1
                XCTAssertEqual(fittedGeometry.winding(at: p) != 0, inside, "at \(p)")
            }
        }
        XCTAssertGreaterThan(checked, 2_000)
    }
}
