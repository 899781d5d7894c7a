import QuireGeometry
import XCTest

/// Properties of cuts over many seeded random shapes and scissors: nothing is lost or doubled.
final class SlicePropertyTests: XCTestCase {
    func testSubShapeAreasAddUpToTheShape() {
        var rng = SeededRandom(seed: 3)
        var multiPiece = 0
        for n in 0..<600 {
            let shape = RandomPaths.shape(&rng, elements: 4 + n % 5, hole: n % 2 == 0)
            let scissors = RandomPaths.open(&rng, elements: 1 + n % 4)
            let result = shape.uniqueShapes(slicedBy: scissors)
            let area = shape.signedArea
            XCTAssertTrue(result.problems.isEmpty, "\(shape.svgPathData) | \(scissors.svgPathData): \(result.problems)")
            XCTAssertEqual(result.area, area, accuracy: abs(area) * 1e-6, "\(shape.svgPathData) | \(scissors.svgPathData)")
            XCTAssertTrue(result.shapes.allSatisfy { $0.area > 0 })
            if result.shapes.count > 1 { multiPiece += 1 }
        }
        XCTAssertGreaterThan(multiPiece, 100, "the random scissors should often cut something off")
    }

    func testInsideAndOutsidePiecesAddUpToThePath() {
        var rng = SeededRandom(seed: 5)
        for n in 0..<400 {
            let shape = RandomPaths.shape(&rng, elements: 5, hole: n % 2 == 1)
            let path = RandomPaths.open(&rng, elements: 3)
            let split = path.split(by: shape)
            let total = (split.inside + split.outside + split.alongBorder).reduce(0) { $0 + $1.length }
            XCTAssertEqual(total, path.length, accuracy: path.length * 1e-9)
            XCTAssertEqual(split.border.reduce(0) { $0 + $1.length }, shape.length, accuracy: shape.length * 1e-9)
            for piece in split.inside where piece.length > 1e-3 {
                XCTAssertTrue(shape.contains(piece.point(atLength: piece.length / 2)!))
            }
            for piece in split.outside where piece.length > 1e-3 {
                XCTAssertFalse(shape.contains(piece.point(atLength: piece.length / 2)!))
            }
        }
    }

    func testBooleansObeyInclusionExclusion() {
        var rng = SeededRandom(seed: 9)
        for _ in 0..<200 {
            let a = RandomPaths.shape(&rng, elements: 5, hole: false)
            let b = RandomPaths.shape(&rng, elements: 5, hole: false).transformed(by: .translation(rng.double(-60...60), rng.double(-60...60)))
            let i = a.intersection(b).area, u = a.union(b).area, d = a.subtracting(b).area
            let scale = a.signedArea + b.signedArea
            XCTAssertEqual(u + i, scale, accuracy: scale * 1e-6, "\(a.svgPathData) | \(b.svgPathData)")
            XCTAssertEqual(d + i, a.signedArea, accuracy: scale * 1e-6, "\(a.svgPathData) | \(b.svgPathData)")
        }
    }
}
