import QuireGeometry

/// A uniform grid over the page that lists, per cell, the items (strokes, images, groups) whose bounds
/// touch it, so "which items touch this rect" costs what the rect holds, not what the page holds. Items
/// are numbered by their position in the page's item order and every cell list stays sorted. Appending
/// and removing the newest (a stroke drawn, undone, redone) cost O(cells touched); inserting or removing
/// in the middle renumbers every later entry, O(entries on the page), which is fine for that rare edit.
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

    /// Adds an item covering `bounds` at position `index` (0...count); later items move up by one.
    public mutating func insert(bounds: Rect, at index: Int) {
        let index = max(0, min(index, count))
        guard index < count else { return append(bounds: bounds) }
        // Renumber first so the new number is free, then put it into each of its cells in order.
        for key in Array(cells.keys) {
            cells[key] = cells[key]!.map { $0 >= index ? $0 + 1 : $0 }
        }
        var keys: [Int] = []
        if let (columns, rows) = cellRange(bounds) {
            for column in columns {
                for row in rows {
                    let key = Self.key(column, row)
                    var list = cells[key, default: []]
                    list.insert(index, at: Self.firstPosition(notBelow: index, in: list))
                    cells[key] = list
                    keys.append(key)
                }
            }
        }
        cellsOfStroke.insert(keys, at: index)
    }

    /// Removes the item at `index`; later items move down by one. Out of range does nothing.
    public mutating func remove(at index: Int) {
        guard index >= 0, index < count else { return }
        guard index < count - 1 else { return removeLast() }
        for key in cellsOfStroke.remove(at: index) {
            guard var list = cells[key] else { continue }
            let position = Self.firstPosition(notBelow: index, in: list)
            if position < list.count, list[position] == index { list.remove(at: position) }
            cells[key] = list.isEmpty ? nil : list
        }
        for key in Array(cells.keys) {
            cells[key] = cells[key]!.map { $0 > index ? $0 - 1 : $0 }
        }
    }

    /// Moves the item at `index` to new `bounds` without renumbering anything: O(cells touched).
    public mutating func replace(at index: Int, bounds: Rect) {
        guard index >= 0, index < count else { return }
        for key in cellsOfStroke[index] {
            guard var list = cells[key] else { continue }
            let position = Self.firstPosition(notBelow: index, in: list)
            if position < list.count, list[position] == index { list.remove(at: position) }
            cells[key] = list.isEmpty ? nil : list
        }
        var keys: [Int] = []
        if let (columns, rows) = cellRange(bounds) {
            for column in columns {
                for row in rows {
                    let key = Self.key(column, row)
                    var list = cells[key, default: []]
                    list.insert(index, at: Self.firstPosition(notBelow: index, in: list))
                    cells[key] = list
                    keys.append(key)
                }
            }
        }
        cellsOfStroke[index] = keys
    }

    /// Where `value` is or would go in the sorted `list`.
    private static func firstPosition(notBelow value: Int, in list: [Int]) -> Int {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
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
                for index in list[Self.firstPosition(notBelow: lowest, in: list)...] {
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
