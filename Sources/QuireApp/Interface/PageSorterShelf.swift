import Foundation
import QuireGeometry

/// Where the page sorter's notebook shelf lies: while a page is dragged, the library's other notebooks
/// show in a column at the window's right edge, under the sorter's header (a heading, then one row a
/// notebook: its cover and its title); dropping the page on a row sends it to that notebook. The column
/// scrolls by `scroll` window pixels when the notebooks do not all fit. Pure arithmetic, like
/// `PageSorterLayout`, so the hit testing is tested on its own.
struct PageSorterShelf: Equatable {
    /// Sizes in design pixels (× `scale`).
    static let width = 236.0
    /// The most of the window's width the shelf takes (a narrow window keeps most of its grid).
    static let widestShare = 0.45
    static let headingHeight = 58.0
    static let rowHeight = 84.0
    static let padding = 12.0
    /// A Letter page's shape, as the sorter's cards.
    static let coverWidth = 52.0
    static let coverHeight = 67.0
    /// From the top or bottom of the rows within which a held page scrolls them, and the fastest
    /// (design pixels a second, at the very edge).
    static let edge = 36.0, autoscrollSpeed = 900.0

    let frame: Rect
    let scale: Double
    /// Notebooks on the shelf.
    let count: Int
    /// How far the rows are scrolled, kept within `maximumScroll`.
    let scroll: Double

    init(windowWidth: Int, windowHeight: Int, top: Double, scale: Double, count: Int, scroll: Double) {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let windowWidth = Double(max(1, windowWidth)), windowHeight = Double(max(1, windowHeight))
        let width = min(Self.width * scale, (windowWidth * Self.widestShare).rounded(.down))
        let top = min(max(0, top.isFinite ? top : 0), windowHeight)
        frame = Rect(x: windowWidth - width, y: top, width: width, height: windowHeight - top)
        self.scale = scale
        self.count = max(0, count)
        let room = frame.maxY - (top + Self.headingHeight * scale)
        let content = Double(self.count) * Self.rowHeight * scale + Self.padding * scale
        let maximum = max(0, content - room)
        self.scroll = scroll.isFinite ? min(max(0, scroll), maximum) : 0
    }

    /// The rows' top, unscrolled: under the heading.
    var rowsTop: Double { frame.minY + Self.headingHeight * scale }

    /// Where the rows show (they scroll under the heading, which hides them).
    var rowsArea: Rect { Rect(x: frame.minX, y: rowsTop, width: frame.width, height: max(0, frame.maxY - rowsTop)) }

    var maximumScroll: Double {
        max(0, Double(count) * Self.rowHeight * scale + Self.padding * scale - rowsArea.height)
    }

    /// Notebook `index`'s row, in window pixels.
    func row(_ index: Int) -> Rect {
        let pad = Self.padding * scale
        return Rect(x: frame.minX + pad, y: rowsTop + Double(index) * Self.rowHeight * scale - scroll + pad / 2,
                    width: frame.width - 2 * pad, height: Self.rowHeight * scale - pad)
    }

    /// The cover's place in row `index`: at its left, centred in its height.
    func cover(_ index: Int) -> Rect {
        let row = row(index)
        let height = min(Self.coverHeight * scale, row.height - 8 * scale)
        let width = height * Self.coverWidth / Self.coverHeight
        return Rect(x: row.minX + 8 * scale, y: row.center.y - height / 2, width: width, height: height)
    }

    /// The title's room in row `index`: right of the cover.
    func title(_ index: Int) -> Rect {
        let row = row(index), cover = cover(index)
        let left = cover.maxX + 10 * scale
        return Rect(x: left, y: row.minY, width: max(1, row.maxX - 8 * scale - left), height: row.height)
    }

    /// The rows any part of which shows under the heading.
    var visibleRows: Range<Int> {
        let pitch = Self.rowHeight * scale
        let first = max(0, Int((scroll / pitch).rounded(.down)))
        let last = min(count, Int(((scroll + rowsArea.height) / pitch).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    func contains(_ point: Point) -> Bool { frame.contains(point) }

    /// The notebook whose row is under `point`; nil off the rows (the heading, the gaps, elsewhere).
    func notebook(at point: Point) -> Int? {
        guard rowsArea.contains(point) else { return nil }
        let index = Int(((point.y - rowsTop + scroll) / (Self.rowHeight * scale)).rounded(.down))
        guard (0..<count).contains(index), row(index).contains(point) else { return nil }
        return index
    }

    /// How fast (window pixels a second, + down) a page held at `point` scrolls the rows: faster the
    /// nearer their top or bottom edge; 0 elsewhere or when they all fit.
    func autoscrollVelocity(at point: Point) -> Double {
        guard contains(point), maximumScroll > 0 else { return 0 }
        let band = Self.edge * scale, area = rowsArea
        if point.y < area.minY + band { return -Self.autoscrollSpeed * scale * min(1, (area.minY + band - point.y) / band) }
        if point.y > area.maxY - band { return Self.autoscrollSpeed * scale * min(1, (point.y - (area.maxY - band)) / band) }
        return 0
    }
}
