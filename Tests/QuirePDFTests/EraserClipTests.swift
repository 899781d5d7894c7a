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

    /// The scribble as `EraserClip.outside` takes it out of the page (Clipper, on the flattened shape):
    /// none of the outline's folds into the ink and crossings are left in the clip, which is why it is
    /// far smaller than the exact curve boolean's (which keeps them as spikes), and it has the same
    /// inside and outside as the ink (the union of its convex pieces) beyond 0.25 px.
    func testAnErasersClipKeepsNoneOfItsOutlinesFolds() throws {
        let ink = InkEngineRegistry.standard.vectorInk(for: scribble(), style: .defaults(for: .eraser))
        let area = Rect(x: 0, y: 0, width: 220, height: 200)
        let shape = PageVectorPlan.shape(of: ink, tolerance: 0.1)
        let clips = EraserClip.outside(shape, within: area, tolerance: 0.1) {
            XCTFail("fell back to the convex pieces")
            return []
        }
        XCTAssertEqual(clips.count, 1)
        let clip = try XCTUnwrap(clips.first)
        let folded = EraserClip.fitted(BezierPath(rect: area).subtracting(shape).path, tolerance: 0.1)
        XCTAssertLessThan(Self.numbers(clip) * 10, Self.numbers(folded) * 7, "\(Self.numbers(clip)) numbers against \(Self.numbers(folded))")
        let pieces = ink.convexPieces(tolerance: 0.1).map { PathGeometry($0.path) }
        let clipGeometry = PathGeometry(clip)
        var checked = 0
        for y in stride(from: 0.5, to: area.maxY, by: 1.3) {
            for x in stride(from: 0.5, to: area.maxX, by: 1.3) {
                let p = Point(x, y), erased = pieces.contains { $0.winding(at: p) != 0 }
                let clear = [Point(0.25, 0), Point(-0.25, 0), Point(0, 0.25), Point(0, -0.25)].allSatisfy { d in
                    pieces.contains { $0.winding(at: p + d) != 0 } == erased
                }
                guard clear else { continue }
                checked += 1
                XCTAssertEqual(clipGeometry.winding(at: p) == 0, erased, "at \(p)")
            }
        }
        XCTAssertGreaterThan(checked, 20_000)
    }

    /// An eraser over the whole area leaves a clip with nothing in it (everything under it erased), not
    /// no clip at all; one whose points are out of range falls back to its convex pieces.
    func testAnEraserOverEverythingClipsAllAndOneOutOfRangeFallsBack() {
        let area = Rect(x: 0, y: 0, width: 50, height: 40)
        let everything = BezierPath(rect: area.outsetBy(10))
        let clips = EraserClip.outside(everything, within: area, tolerance: 0.1) { [BezierPath(rect: area)] }
        XCTAssertEqual(clips, [BezierPath()], "the whole area erased")
        var fellBack = false
        _ = EraserClip.outside(BezierPath(rect: Rect(x: 0, y: 0, width: 1e300, height: 10)), within: area, tolerance: 0.1) {
            fellBack = true
            return []
        }
        XCTAssertTrue(fellBack)
    }

    private static func numbers(_ path: BezierPath) -> Int { path.elements.reduce(0) { $0 + 2 * $1.points.count } }

    /// A scribble: loops, with pressure rising and falling.
    private func scribble() -> [InputSample] {
        (0..<60).map { i -> InputSample in
            let t = Double(i) / 59
            return InputSample(position: Point(40 + 120 * t + 15 * cos(t * 12), 100 + 30 * sin(t * 12) + 10 * sin(t * 4)),
                               pressure: 0.3 + 0.6 * sin(t * .pi), tiltX: 0, tiltY: 0, time: t, device: .pen)
        }
    }
}
