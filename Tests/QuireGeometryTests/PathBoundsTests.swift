@testable import QuireGeometry
import XCTest

/// `BezierPath.bounds` walks the elements itself rather than building `PathGeometry`: its boxes must be
/// the ones the geometry's curves give, for paths of every element kind, several subpaths, closes with
/// and without a move before them, and a coordinate that is not finite.
final class PathBoundsTests: XCTestCase {
    /// The box the path's moves and its geometry's curves make (how `bounds` was worked out before).
    private func boundsFromGeometry(_ path: BezierPath) -> Rect {
        var r = Rect.null
        for case .move(let p) in path.elements { r = r.union(p) }
        for segment in PathGeometry(path).segments { r = r.union(segment.curve.bounds) }
        return r
    }

    private func assertSameBounds(_ path: BezierPath, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = boundsFromGeometry(path), found = path.bounds
        XCTAssertEqual(found.isNull, expected.isNull, what, file: file, line: line)
        guard !found.isNull, !expected.isNull else { return }
        for (a, b) in [(found.minX, expected.minX), (found.minY, expected.minY), (found.maxX, expected.maxX), (found.maxY, expected.maxY)] {
            XCTAssertEqual(a, b, accuracy: 1e-9, "\(what): \(found) against \(expected)", file: file, line: line)
        }
    }

    func testRandomPathsOfEveryKindHaveTheirGeometrysBounds() {
        var rng = SeededRandom(seed: 41)
        for k in 0..<300 {
            var path = RandomPaths.open(&rng, elements: 1 + k % 7)
            if k % 3 == 0 { path.close() }
            if k % 4 == 0 { path.append(RandomPaths.shape(&rng, elements: 5, hole: k % 8 == 0)) }
            assertSameBounds(path, "path \(k)")
        }
    }

    func testClosesLinesWithoutAMoveAndCoordinatesNotFinite() {
        let cases: [(String, [PathElement])] = [
            ("a line with no move (from the origin)", [.line(to: Point(50, 60))]),
            ("a close alone", [.close]),
            ("a close after a move", [.move(to: Point(30, 40)), .close]),
            ("a line, a close, a line on from the start", [.move(to: Point(10, 10)), .line(to: Point(90, 20)), .close,
                                                          .line(to: Point(-40, 70))]),
            ("a curve on from the start after a close", [.move(to: Point(0, 0)), .line(to: Point(100, 0)), .close,
                                                         .quad(control: Point(-200, 50), to: Point(0, 100))]),
            ("two closes", [.move(to: Point(10, 10)), .line(to: Point(20, 80)), .close, .close]),
            ("a lone move after a shape", [.move(to: Point(0, 0)), .quad(control: Point(100, 200), to: Point(50, 0)), .close,
                                           .move(to: Point(300, -20))]),
            ("a coordinate not finite", [.move(to: Point(5, 5)), .line(to: Point(.infinity, 3)), .move(to: Point(70, 80))]),
        ]
        for (what, elements) in cases { assertSameBounds(BezierPath(elements), what) }
        XCTAssertEqual(BezierPath([.move(to: Point(30, 40)), .close]).bounds, Rect(x: 30, y: 40, width: 0, height: 0))
    }
}
