import QuireGeometry

/// A uniform grid over the page that lists, per cell, the strokes whose bounds touch it, so "which
/// strokes touch this rect" costs what the rect holds, not what the page holds. Strokes are numbered by
/// their position in the page's stroke order; only the newest can be removed (undo), which keeps every
/// cell list sorted and removal O(cells touched).
public struct StrokeGrid: Sendable {
    public let cellSize: Double
    private var cells: [Int: [Int]] = [:]
    private var cellsOfStroke: [[Int]] = []

    public init(cellSize: Double = 128) {
        self.cellSize = cellSize
    }

    public var count: Int { cellsOfStroke.count }

    private func cellRange(_ rect: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            return nil
        }
        let clamp = { (v: Double) in Int(max(-1_000_000, min(1_000_000, (v / cellSize).rounded(.down)))) }
        return (clamp(rect.minX)...clamp(rect.maxX), clamp(rect.minY)...clamp(rect.maxY))
    }

    /// Keys pack (column, row) into one Int; pages never approach ±2^31 cells.
    private static func key(_ column: Int, _ row: Int) -> Int { (column << 32) ^ (row & 0xffff_ffff) }

    /// Adds the next stroke (numbered `count`) covering `bounds`.
    public mutating func append(bounds: Rect) {
        let index = cellsOfStroke.count
        var keys: [Int] = []
        if let (columns, rows) = cellRange(bounds) {
            for column in columns {
                for row in rows {
                    let key = Self.key(column, row)
                    cells[key, default: []].append(index)
                    keys.append(key)
                }
            }
        }
        cellsOfStroke.append(keys)
    }

    /// Removes the newest stroke.
    public mutating func removeLast() {
        guard let keys = cellsOfStroke.popLast() else { return }
        for key in keys {
            cells[key]?.removeLast()
            if cells[key]?.isEmpty == true { cells[key] = nil }
        }
    }

    /// The strokes whose cells meet `rect`, oldest first, without repeats. (A candidate may miss the
    /// rect itself by less than a cell; drawing it clipped to the rect changes nothing.)
    public func strokes(touching rect: Rect, below limit: Int? = nil) -> [Int] {
        guard let (columns, rows) = cellRange(rect) else { return [] }
        var found = Set<Int>()
        for column in columns {
            for row in rows {
                guard let list = cells[Self.key(column, row)] else { continue }
                for index in list where index < (limit ?? Int.max) { found.insert(index) }
            }
        }
        return found.sorted()
    }
}
