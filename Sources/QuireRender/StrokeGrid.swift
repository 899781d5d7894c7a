import QuireGeometry

/// A uniform grid over the page that lists, per cell, the items (strokes, images, groups) whose bounds
/// touch it, so "which items touch this rect" costs what the rect holds, not what the page holds. Items
/// are numbered by their position in the page's item order and every cell list stays sorted. Appending
/// and removing the newest (a stroke drawn, undone, redone) cost O(cells touched); inserting, removing
/// or moving in the middle renumbers the entries it passes over in place, visiting every cell list
/// (O(entries on the page)), which is fine for those rarer edits.
public struct StrokeGrid: Sendable {
    public let cellSize: Double
    private var cells: [Int: [Int]] = [:]
    private var cellsOfStroke: [[Int]] = []
    /// Items covering more than `largestCellCount` cells, sorted: listed here instead of in every cell,
    /// and a candidate for every query. A scrap scaled 10⁹ times (a hostile notebook) would otherwise
    /// have listed itself in 10¹² cells (an 8 TB allocation); a page-sized one covers under 16,000.
    private var large: [Int] = []
    static let largestCellCount = 16_384

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
        cellsOfStroke.append(addCells(index: cellsOfStroke.count, bounds: bounds))
    }

    /// Removes the newest stroke.
    public mutating func removeLast() {
        guard !cellsOfStroke.isEmpty else { return }
        removeCells(index: cellsOfStroke.count - 1)
        cellsOfStroke.removeLast()
    }

    /// Adds an item covering `bounds` at position `index` (0...count, clamped); later items move up by
    /// one.
    public mutating func insert(bounds: Rect, at index: Int) {
        let index = max(0, min(index, count))
        // Renumber first so the new number is free, then put it into each of its cells in order.
        renumber(index..<count, by: 1)
        cellsOfStroke.insert(addCells(index: index, bounds: bounds), at: index)
    }

    /// Removes the item at `index`; later items move down by one. Out of range does nothing.
    public mutating func remove(at index: Int) {
        guard index >= 0, index < count else { return }
        removeCells(index: index)
        cellsOfStroke.remove(at: index)
        renumber((index + 1)..<(count + 1), by: -1)
    }

    /// Moves the item at `index` to new `bounds` without renumbering anything: O(cells touched).
    public mutating func replace(at index: Int, bounds: Rect) {
        guard index >= 0, index < count else { return }
        removeCells(index: index)
        cellsOfStroke[index] = addCells(index: index, bounds: bounds)
    }

    /// Moves the item at `from` to position `to` of the order (both in 0..<count), as removing it and
    /// inserting it there would, but keeping its cells: the items between move by one. Out of range does
    /// nothing.
    public mutating func move(from: Int, to: Int) {
        guard from >= 0, from < count, to >= 0, to < count, from != to else { return }
        let wasLarge = removeCells(index: from)
        if from < to { renumber((from + 1)..<(to + 1), by: -1) } else { renumber(to..<from, by: 1) }
        let keys = cellsOfStroke.remove(at: from)
        place(to, inCells: keys)
        if wasLarge { large.insert(to, at: Self.firstPosition(notBelow: to, in: large)) }
        cellsOfStroke.insert(keys, at: to)
    }

    /// Lists item `index` in every cell `bounds` touches, in order; returns those cells' keys.
    private mutating func addCells(index: Int, bounds: Rect) -> [Int] {
        guard let (columns, rows) = cellRange(bounds) else { return [] }
        guard columns.count * rows.count <= Self.largestCellCount else {
            large.insert(index, at: Self.firstPosition(notBelow: index, in: large))
            return []
        }
        var keys: [Int] = []
        keys.reserveCapacity(columns.count * rows.count)
        for column in columns {
            for row in rows { keys.append(Self.key(column, row)) }
        }
        place(index, inCells: keys)
        return keys
    }

    /// Puts `index` into each cell list of `keys`, keeping it sorted (appending when it is the largest).
    private mutating func place(_ index: Int, inCells keys: [Int]) {
        for key in keys {
            guard let i = cells.index(forKey: key) else {
                cells[key] = [index]
                continue
            }
            let position = Self.firstPosition(notBelow: index, in: cells.values[i])
            cells.values[i].insert(index, at: position)
        }
    }

    /// Takes item `index` out of the cells it is listed in (`cellsOfStroke[index]`, which is kept), or
    /// out of `large`. Returns whether it was a large one.
    @discardableResult
    private mutating func removeCells(index: Int) -> Bool {
        let position = Self.firstPosition(notBelow: index, in: large)
        if position < large.count, large[position] == index {
            large.remove(at: position)
            return true
        }
        for key in cellsOfStroke[index] {
            guard let i = cells.index(forKey: key) else { continue }
            let position = Self.firstPosition(notBelow: index, in: cells.values[i])
            guard position < cells.values[i].count, cells.values[i][position] == index else { continue }
            if cells.values[i].count == 1 {
                cells.remove(at: i)
            } else {
                cells.values[i].remove(at: position)
            }
        }
        return false
    }

    /// Adds `delta` to every listed number in `range`, in place. The numbers next to the range must
    /// leave room (one freed or still to be taken), so every list stays sorted. O(items listed), with
    /// no array of keys and no list copied.
    private mutating func renumber(_ range: Range<Int>, by delta: Int) {
        guard !range.isEmpty else { return }
        var position = Self.firstPosition(notBelow: range.lowerBound, in: large)
        while position < large.count, large[position] < range.upperBound {
            large[position] += delta
            position += 1
        }
        var i = cells.startIndex
        while i != cells.endIndex {
            var position = Self.firstPosition(notBelow: range.lowerBound, in: cells.values[i])
            while position < cells.values[i].count, cells.values[i][position] < range.upperBound {
                cells.values[i][position] += delta
                position += 1
            }
            i = cells.index(after: i)
        }
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
        for index in large[Self.firstPosition(notBelow: lowest, in: large)...] {
            if index >= limit { break }
            found.append(index)
        }
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
