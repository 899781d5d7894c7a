import QuireGeometry
import XCTest
@testable import QuireInk

/// A chisel's swept outline (what PDF and SVG export fill marker and highlighter ink with): the same
/// area as the hulls of its dabs step by step, within the tolerance, in a fraction of the points, every
/// subpath wound alike.
final class VectorInkSweptOutlineTests: XCTestCase {
    private func chiselInk(_ samples: [InputSample], rotation: Double = .pi / 4) -> VectorInk {
        var ink = InkEngineRegistry.standard.vectorInk(for: samples, style: pressureStyle(minimum: 6, maximum: 18, brush: .chisel))
        for index in ink.nodes.indices { ink.nodes[index].rotation = rotation + 0.3 * sin(Double(index) / 7) }
        return ink
    }

    private func pointCount(_ path: BezierPath) -> Int {
        path.elements.count
    }

    /// On a grid over the stroke, a point is inside the outline (non-zero) exactly where it is inside a
    /// hull, except within a little over the tolerance of the edge.
    private func assertSameArea(_ ink: VectorInk, file: StaticString = #filePath, line: UInt = #line) {
        let tolerance = 0.1
        let outline = ink.sweptOutline(tolerance: tolerance)
        let hulls = ink.convexPieces(tolerance: tolerance).map { ($0.path, $0.path.bounds) }
        let bounds = outline.bounds.outsetBy(2)
        var inside = 0, differing = 0
        for y in stride(from: bounds.minY, to: bounds.maxY, by: 0.9) {
            for x in stride(from: bounds.minX, to: bounds.maxX, by: 0.9) {
                let p = Point(x, y)
                let inHull = hulls.contains { $0.1.contains(p) && $0.0.contains(p) }
                if inHull { inside += 1 }
                guard outline.contains(p) != inHull else { continue }
                // Off by the thinning only: a point a little inside or outside some hull.
                let nearEdge = hulls.contains { $0.1.outsetBy(0.3).contains(p) && ($0.0.contains(p + Point(0.25, 0)) != $0.0.contains(p - Point(0.25, 0))
                                                                                   || $0.0.contains(p + Point(0, 0.25)) != $0.0.contains(p - Point(0, 0.25))) }
                if !nearEdge { differing += 1 }
            }
        }
        XCTAssertGreaterThan(inside, 500, file: file, line: line)
        XCTAssertLessThan(Double(differing), 0.002 * Double(inside), "points away from any edge that differ", file: file, line: line)
    }

    func testALoopingChiselStrokeCoversWhatItsHullsCoverInAThirdOfThePoints() {
        let ink = chiselInk(loopySamples(count: 80))
        assertSameArea(ink)
        let outline = ink.sweptOutline(tolerance: 0.1)
        let hullPoints = ink.convexPieces(tolerance: 0.1).reduce(0) { $0 + pointCount($1.path) }
        XCTAssertLessThan(pointCount(outline) * 3, hullPoints, "\(pointCount(outline)) points against the hulls' \(hullPoints)")
        // Every subpath wound as the hulls are, so a non-zero fill is their union.
        var subpath = BezierPath()
        for element in outline.elements {
            if case .move = element, !subpath.isEmpty {
                XCTAssertGreaterThan(subpath.signedArea, 0)
                subpath = BezierPath()
            }
            subpath.append(BezierPath([element]))
        }
    }

    func testAStraightStrokeIsOneRibbonWithItsEnds() {
        var style = plainStyle(width: 12)
        style.brush = .chisel
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(100, 30))]),
                            nodes: [.init(width: 12, color: .black, rotation: .pi / 4), .init(width: 12, color: .black, rotation: .pi / 4)],
                            style: style)
        assertSameArea(ink)
        let moves = ink.sweptOutline(tolerance: 0.1).elements.filter { if case .move = $0 { true } else { false } }
        XCTAssertEqual(moves.count, 3, "the first nib, the ribbon, the last nib")
    }

    func testAStillChiselIsItsNib() {
        var style = plainStyle(width: 12)
        style.brush = .chisel
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(5, 5))]), nodes: [.init(width: 12, color: .black, rotation: 0)],
                            style: style)
        XCTAssertEqual(ink.sweptOutline(tolerance: 0.1).bounds, Rect(x: -1, y: 3, width: 12, height: 4))
        XCTAssertTrue(VectorInk(style: style).sweptOutline(tolerance: 0.1).isEmpty)
    }
}
