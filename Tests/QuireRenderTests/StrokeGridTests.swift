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

    func testABoundlessStrokeIsKeptButFoundNowhere() {
        var grid = StrokeGrid()
        grid.append(bounds: .null)
        XCTAssertEqual(grid.count, 1)
        XCTAssertEqual(grid.strokes(touching: Rect(x: 0, y: 0, width: 1e6, height: 1e6)), [])
        grid.removeLast()
        XCTAssertEqual(grid.count, 0)
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
