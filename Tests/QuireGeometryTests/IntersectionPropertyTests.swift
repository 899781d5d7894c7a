import QuireGeometry
import XCTest

/// Properties over many seeded random paths: every intersection lies on both paths, swapping the
/// paths swaps the answer, and crossings agree with an independent polyline count.
final class IntersectionPropertyTests: XCTestCase {
    func testIntersectionsLieOnBothPathsAndDoNotDependOnArgumentOrder() {
        var rng = SeededRandom(seed: 7)
        var total = 0
        for _ in 0..<1000 {
            let a = RandomPaths.open(&rng, elements: Int(rng.next() % 3) + 1)
            let b = RandomPaths.open(&rng, elements: Int(rng.next() % 3) + 1)
            let ab = a.intersections(with: b), ba = b.intersections(with: a)
            XCTAssertTrue(ab.problems.isEmpty, "\(a.svgPathData) | \(b.svgPathData)")
            XCTAssertEqual(ab.count, ba.count, "\(a.svgPathData) | \(b.svgPathData)")
            for h in ab.intersections {
                XCTAssertLessThan(distance(from: h.point, to: a), 1e-6, "\(h) \(a.svgPathData) | \(b.svgPathData)")
                XCTAssertLessThan(distance(from: h.point, to: b), 1e-6)
                XCTAssertPointEqual(a.point(elementIndex: h.first.elementIndex, t: h.first.t)!, h.point, accuracy: 1e-6)
                XCTAssertPointEqual(b.point(elementIndex: h.second.elementIndex, t: h.second.t)!, h.point, accuracy: 1e-6)
            }
            let key: (PathIntersection) -> [Double] = { [$0.point.x, $0.point.y, $0.first.length] }
            let sortedAB = ab.intersections.sorted { key($0).lexicographicallyPrecedes(key($1)) }
            let sortedBA = ba.intersections.map(\.swapped).sorted { key($0).lexicographicallyPrecedes(key($1)) }
            for (x, y) in zip(sortedAB, sortedBA) {
                XCTAssertEqual(x.point, y.point)
                XCTAssertEqual(x.kind, y.kind)
                XCTAssertEqual(x.first.t, y.first.t)
                XCTAssertEqual(x.second.elementIndex, y.second.elementIndex)
            }
            total += ab.count
        }
        XCTAssertGreaterThan(total, 1000, "the random paths should meet often")
    }

    func testCrossingCountMatchesFinePolylines() {
        // Transversal crossings of random closed shapes survive flattening, so the counts must agree.
        var rng = SeededRandom(seed: 11)
        var disagreements: [String] = []
        for _ in 0..<300 {
            let a = RandomPaths.shape(&rng, elements: 5, hole: false)
            var b = RandomPaths.shape(&rng, elements: 5, hole: false)
            b = b.transformed(by: .translation(rng.double(-80...80), rng.double(-80...80)))
            let ours = a.intersections(with: b).crossings.count
            let flatA = a.flattened(tolerance: 1e-3).flatMap { GeometryFixtures.edges($0.points, closed: true) }
            let flatB = b.flattened(tolerance: 1e-3).flatMap { GeometryFixtures.edges($0.points, closed: true) }
            let brute = GeometryFixtures.bruteForceCrossings(flatA, flatB)
            if ours != brute { disagreements.append("\(ours) vs \(brute): \(a.svgPathData) | \(b.svgPathData)") }
        }
        // Flattening can miss or invent a crossing only where the outlines nearly touch.
        XCTAssertLessThanOrEqual(disagreements.count, 3, disagreements.joined(separator: "\n"))
    }
}
