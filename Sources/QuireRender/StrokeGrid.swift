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

    /// The strokes numbered in `from..<below` whose cells meet `rect`, oldest first, without repeats.
    /// (A candidate may miss the rect itself by less than a cell; drawing it clipped to the rect changes
    /// nothing.) Cell lists are sorted, so strokes before `from` cost a binary search, not a visit: undo
    /// among recent strokes costs the same on a page of ten strokes as of ten thousand.
    public func strokes(touching rect: Rect, from lowest: Int = 0, below limit: Int = .max) -> [Int] {
        guard let (columns, rows) = cellRange(rect) else { return [] }
        var found: [Int] = []
        for column in columns {
            for row in rows {
                guard let list = cells[Self.key(column, row)] else { continue }
                var lo = 0, hi = list.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if list[mid] < lowest { lo = mid + 1 } else { hi = mid }
                }
                for index in list[lo...] {
                    if index >= limit { break }
                    found.append(index)
                }
            }
        }
        found.sort()
        var unique: [Int] = []
        unique.reserveCapacity(found.count)
        for index in found where unique.last != index { unique.append(index) }
        return unique
    }
}
