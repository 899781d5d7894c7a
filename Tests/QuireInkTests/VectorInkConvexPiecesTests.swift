import QuireGeometry
import XCTest
@testable import QuireInk

/// The ink as convex pieces (what PDF and SVG export fill nib-shaped ink from, and clip an eraser with
/// where they cannot subtract it): the pieces cover the ink and nothing far outside it, each is convex,
/// and a chisel's pieces are the shape its nib sweeps.
final class VectorInkConvexPiecesTests: XCTestCase {
    private func isInsideSomePiece(_ point: Point, _ pieces: [VectorInk.ConvexPiece]) -> Bool {
        pieces.contains { $0.path.contains(point) }
    }

    /// Each piece's path with its bounds, so a point is tested only against the pieces near it.
    private func indexed(_ pieces: [VectorInk.ConvexPiece]) -> [(path: BezierPath, bounds: Rect)] {
        pieces.map { ($0.path, $0.path.bounds) }
    }

    private func isConvex(_ corners: [Point]) -> Bool {
        let n = corners.count
        let turns = (0..<n).map { i in (corners[(i + 1) % n] - corners[i]).cross(corners[(i + 2) % n] - corners[(i + 1) % n]) }
        return turns.allSatisfy { $0 >= -1e-9 } || turns.allSatisfy { $0 <= 1e-9 }
    }

    func testRoundInkPiecesCoverTheOutlineAndLittleBeyond() {
        let ink = InkEngineRegistry.standard.vectorInk(for: loopySamples(), style: pressureStyle())
        let pieces = ink.convexPieces()
        let outline = ink.outline()
        XCTAssertGreaterThan(pieces.count, 10)
        for case let .polygon(corners) in pieces { XCTAssertTrue(isConvex(corners), "\(corners)") }
        // On a grid over the stroke: inside the outline ⇒ inside a piece. The pieces are the dabs
        // themselves, so here and there (where the outline squares off a dab that swells faster than
        // the line moves) they reach a little beyond the outline, but over little of the ink.
        let bounds = outline.bounds.outsetBy(2)
        let index = indexed(pieces)
        var inside = 0, beyond = 0
        for y in stride(from: bounds.minY, to: bounds.maxY, by: 1.3) {
            for x in stride(from: bounds.minX, to: bounds.maxX, by: 1.3) {
                let p = Point(x, y)
                let inPieces = index.contains { $0.bounds.contains(p) && $0.path.contains(p) }
                if outline.contains(p) {
                    inside += 1
                    XCTAssertTrue(inPieces, "ink at \(p) outside every piece")
                } else if inPieces {
                    beyond += 1
                }
            }
        }
        XCTAssertGreaterThan(inside, 100)
        XCTAssertLessThan(Double(beyond), 0.02 * Double(inside), "pieces beyond the outline")
    }

    func testAStillStrokeIsOneDisc() {
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(5, 5))]), nodes: [.init(width: 8, color: .black)],
                            style: plainStyle())
        XCTAssertEqual(ink.convexPieces(), [.disc(center: Point(5, 5), radius: 4)])
        XCTAssertEqual(VectorInk(style: plainStyle()).convexPieces(), [])
    }

    func testAChiselSweepsItsNibHeldAt45Degrees() {
        // A horizontal line 100 px long with a 12 px chisel: the nib is a 12 × 4 bar turned 45° (rising
        // to the right on the y-down page), so the swept band is a parallelogram.
        var style = plainStyle(width: 12)
        style.brush = .chisel
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(100, 0))]),
                            nodes: [.init(width: 12, color: .black, rotation: .pi / 4), .init(width: 12, color: .black, rotation: .pi / 4)],
                            style: style)
        let pieces = ink.convexPieces()
        XCTAssertGreaterThan(pieces.count, 1)
        let nib = try! XCTUnwrap(BrushFootprint.rectangle(aspect: 1.0 / 3).corners(center: .zero, diameter: 12, rotation: .pi / 4))
        // The nib's long axis rises to the right: its right end is above (smaller y than) its left end.
        let ends = nib.sorted { $0.x < $1.x }
        XCTAssertLessThan(ends.last!.y, ends.first!.y)
        let reach = nib.map(\.y).max()!
        XCTAssertEqual(reach, (6 + 2) * sin(Double.pi / 4), accuracy: 1e-9)
        // Inside: the centre line and points just within the nib's reach; outside: just beyond it.
        // (Away from the ends, where the band's slanted ends cut across.)
        for x in stride(from: 10.0, through: 90, by: 5) {
            XCTAssertTrue(isInsideSomePiece(Point(x, 0), pieces))
            XCTAssertTrue(isInsideSomePiece(Point(x, reach - 0.1), pieces), "x = \(x)")
            XCTAssertFalse(isInsideSomePiece(Point(x, reach + 0.1), pieces), "x = \(x)")
        }
        // Every hull is wound the same way, so a non-zero fill of them all is their union.
        let turns = pieces.map { $0.path.signedArea }
        XCTAssertTrue(turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 })
    }

    func testBrushFootprints() {
        XCTAssertEqual(Brush.chisel.footprint, .rectangle(aspect: 1.0 / 3))
        XCTAssertEqual(Brush.hardRound.footprint, .disc)
        XCTAssertEqual(Brush.softRound.footprint, .disc)
        XCTAssertNil(BrushFootprint.disc.corners(center: .zero, diameter: 4, rotation: 0))
        let flat = BrushFootprint.rectangle(aspect: 0.5).corners(center: Point(10, 10), diameter: 4, rotation: 0)
        XCTAssertEqual(flat, [Point(8, 9), Point(12, 9), Point(12, 11), Point(8, 11)])
    }
}
