import QuireGeometry
import XCTest
@testable import QuireRender

final class StrokeGridTests: XCTestCase {
    func testFindsOnlyTheStrokesNearARectOldestFirst() {
        var grid = StrokeGrid(cellSize: 100)
        grid.append(bounds: Rect(x: 10, y: 10, width: 20, height: 20))      // 0
        grid.append(bounds: Rect(x: 500, y: 500, width: 20, height: 20))    // 1
        grid.append(bounds: Rect(x: 0, y: 0, width: 600, height: 30))       // 2: long, crosses cells
        XCTAssertEqual(grid.strokes(touching: Rect(x: 15, y: 15, width: 5, height: 5)), [0, 2])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 510, y: 510, width: 1, height: 1)), [1])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 0, y: 0, width: 600, height: 600), below: 2), [0, 1])
    }

    func testRemovingTheNewestForgetsItEverywhere() {
        var grid = StrokeGrid(cellSize: 100)
        grid.append(bounds: Rect(x: 10, y: 10, width: 20, height: 20))
        grid.append(bounds: Rect(x: 0, y: 0, width: 900, height: 900))
        grid.removeLast()
        XCTAssertEqual(grid.count, 1)
        XCTAssertEqual(grid.strokes(touching: Rect(x: 800, y: 800, width: 10, height: 10)), [])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 0, y: 0, width: 50, height: 50)), [0])
    }

    /// An item over more cells than the grid lists one in (a scrap scaled 10⁹ times in a hostile
    /// notebook asked for 10¹² cells, an 8 TB allocation) is kept apart, a candidate for every query,
    /// and numbered like the others through every edit.
    func testAnItemTooLargeForTheCellsIsACandidateEverywhere() {
        let huge = Rect(x: -1e10, y: -1e10, width: 2e10, height: 2e10)
        let nearOrigin = Rect(x: 15, y: 15, width: 2, height: 2), farther = Rect(x: 505, y: 505, width: 2, height: 2)
        var grid = StrokeGrid(cellSize: 128)
        grid.append(bounds: Rect(x: 10, y: 10, width: 20, height: 20))
        grid.append(bounds: huge)
        grid.append(bounds: Rect(x: 500, y: 500, width: 20, height: 20))
        XCTAssertEqual(grid.strokes(touching: nearOrigin), [0, 1])
        XCTAssertEqual(grid.strokes(touching: farther), [1, 2])
        XCTAssertEqual(grid.strokes(touching: nearOrigin, from: 2), [])
        XCTAssertEqual(grid.strokes(touching: farther, below: 1), [])
        grid.insert(bounds: Rect(x: 500, y: 10, width: 5, height: 5), at: 0)
        XCTAssertEqual(grid.strokes(touching: farther), [2, 3], "renumbered with the rest")
        grid.move(from: 2, to: 0)
        XCTAssertEqual(grid.strokes(touching: nearOrigin), [0, 2])
        grid.remove(at: 0)
        XCTAssertEqual(grid.strokes(touching: farther), [2], "gone")
        grid.replace(at: 1, bounds: huge)
        XCTAssertEqual(grid.strokes(touching: farther), [1, 2])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 502, y: 12, width: 1, height: 1)), [0, 1])
        grid.replace(at: 1, bounds: Rect(x: 10, y: 10, width: 20, height: 20))
        XCTAssertEqual(grid.strokes(touching: farther), [2], "small again: in its cells only")
        grid.append(bounds: huge)
        grid.removeLast()
        XCTAssertEqual(grid.strokes(touching: farther), [2])
        XCTAssertEqual(grid.count, 3)
    }

    func testABoundlessStrokeIsKeptButFoundNowhere() {
        var grid = StrokeGrid()
        grid.append(bounds: .null)
        XCTAssertEqual(grid.count, 1)
        XCTAssertEqual(grid.strokes(touching: Rect(x: 0, y: 0, width: 1e6, height: 1e6)), [])
        grid.removeLast()
        XCTAssertEqual(grid.count, 0)
    }
}

final class StrokeGridEditingTests: XCTestCase {
    /// Every item touching `rect` by brute force over `bounds`, the grid's answer to compare with.
    private func expected(_ bounds: [Rect], touching rect: Rect, cellSize: Double) -> [Int] {
        func cells(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
            let f = { (v: Double) in Int((v / cellSize).rounded(.down)) }
            return (f(r.minX)...f(r.maxX), f(r.minY)...f(r.maxY))
        }
        let (qc, qr) = cells(rect)
        return bounds.indices.filter { i in
            guard !bounds[i].isNull else { return false }
            let (c, r) = cells(bounds[i])
            return c.overlaps(qc) && r.overlaps(qr)
        }
    }

    func testInsertingAndRemovingInTheMiddleRenumbersLaterItems() {
        var grid = StrokeGrid(cellSize: 100)
        grid.append(bounds: Rect(x: 10, y: 10, width: 20, height: 20))      // 0
        grid.append(bounds: Rect(x: 500, y: 500, width: 20, height: 20))    // 1
        grid.insert(bounds: Rect(x: 0, y: 0, width: 600, height: 30), at: 1) // now 1; the old 1 is 2
        XCTAssertEqual(grid.count, 3)
        XCTAssertEqual(grid.strokes(touching: Rect(x: 15, y: 15, width: 5, height: 5)), [0, 1])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 510, y: 510, width: 1, height: 1)), [2])
        grid.remove(at: 0)
        XCTAssertEqual(grid.strokes(touching: Rect(x: 15, y: 15, width: 5, height: 5)), [0])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 510, y: 510, width: 1, height: 1)), [1])
        grid.replace(at: 0, bounds: Rect(x: 510, y: 510, width: 5, height: 5))
        XCTAssertEqual(grid.strokes(touching: Rect(x: 15, y: 15, width: 5, height: 5)), [])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 510, y: 510, width: 1, height: 1)), [0, 1])
        XCTAssertEqual(grid.strokes(touching: Rect(x: 510, y: 510, width: 1, height: 1), from: 1), [1])
        grid.remove(at: 7)
        grid.insert(bounds: .null, at: 99)
        XCTAssertEqual(grid.count, 3, "out of range: clamped insert, ignored removal")
    }

    func testMovingRenumbersOnlyTheItemsPassedOver() {
        var grid = StrokeGrid(cellSize: 100)
        for i in 0..<5 { grid.append(bounds: Rect(x: Double(i) * 100 + 10, y: 10, width: 20, height: 20)) }
        grid.append(bounds: Rect(x: 0, y: 0, width: 500, height: 30))        // 5, over all of them
        grid.move(from: 1, to: 3)
        let cell = { (i: Int) in Rect(x: Double(i) * 100 + 15, y: 15, width: 1, height: 1) }
        XCTAssertEqual(grid.strokes(touching: cell(1)), [3, 5], "the moved item")
        XCTAssertEqual(grid.strokes(touching: cell(2)), [1, 5])
        XCTAssertEqual(grid.strokes(touching: cell(3)), [2, 5])
        XCTAssertEqual(grid.strokes(touching: cell(4)), [4, 5])
        grid.move(from: 5, to: 0)
        XCTAssertEqual(grid.strokes(touching: cell(0)), [0, 1])
        XCTAssertEqual(grid.strokes(touching: cell(1)), [0, 4])
        grid.move(from: 0, to: 9)
        grid.move(from: -1, to: 0)
        XCTAssertEqual(grid.count, 6, "out of range: ignored")
        XCTAssertEqual(grid.strokes(touching: cell(0)), [0, 1])
    }

    func testRandomEditsAgreeWithABruteForceIndex() {
        var generator = SystemRandomNumberGenerator()
        var grid = StrokeGrid(cellSize: 50)
        var bounds: [Rect] = []
        for step in 0..<400 {
            let r = Rect(x: Double.random(in: 0...900, using: &generator), y: Double.random(in: 0...900, using: &generator),
                         width: Double.random(in: 0...200, using: &generator), height: Double.random(in: 0...200, using: &generator))
            switch Int.random(in: 0..<7, using: &generator) {
            case 0, 1:
                grid.append(bounds: r)
                bounds.append(r)
            case 2:
                let i = Int.random(in: 0...bounds.count, using: &generator)
                grid.insert(bounds: r, at: i)
                bounds.insert(r, at: i)
            case 3 where !bounds.isEmpty:
                let i = Int.random(in: 0..<bounds.count, using: &generator)
                grid.remove(at: i)
                bounds.remove(at: i)
            case 4 where !bounds.isEmpty:
                let i = Int.random(in: 0..<bounds.count, using: &generator)
                grid.replace(at: i, bounds: r)
                bounds[i] = r
            case 5 where !bounds.isEmpty:
                let from = Int.random(in: 0..<bounds.count, using: &generator)
                let to = Int.random(in: 0..<bounds.count, using: &generator)
                grid.move(from: from, to: to)
                bounds.insert(bounds.remove(at: from), at: to)
            default:
                if !bounds.isEmpty {
                    grid.removeLast()
                    bounds.removeLast()
                }
            }
            XCTAssertEqual(grid.count, bounds.count)
            let query = Rect(x: Double.random(in: 0...900, using: &generator), y: Double.random(in: 0...900, using: &generator),
                             width: 120, height: 80)
            XCTAssertEqual(grid.strokes(touching: query), expected(bounds, touching: query, cellSize: 50), "step \(step)")
        }
    }
}

final class ViewTilesTests: XCTestCase {
    func testTilesCoverTheWindowAndTheCentreSharpensFirst() {
        var tiles = ViewTiles(width: 600, height: 300, tileSize: 256)
        XCTAssertEqual(tiles.count, 6)
        XCTAssertEqual(tiles.rect(ofTile: 5).width, 600 - 512)
        XCTAssertEqual(tiles.rect(ofTile: 5).height, 300 - 256)
        XCTAssertEqual(tiles.staleTilesCentreFirst.first, 1)
        for i in 0..<tiles.count { tiles.markSharp(i) }
        XCTAssertTrue(tiles.allSharp)
        tiles.markAllStale()
        XCTAssertEqual(tiles.staleTilesCentreFirst.count, 6)
    }
}
