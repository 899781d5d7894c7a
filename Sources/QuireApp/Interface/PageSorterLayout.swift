import Foundation
import QuireGeometry

/// Where the page sorter's cards lie: a grid of `count` page cards and one "+" card after them, as
/// many columns as fit the window, centred, under a header; the grid scrolls up by `scroll` window
/// pixels. Pure arithmetic (no state, no drawing), so the hit testing and scrolling math is tested
/// on its own.
struct PageSorterLayout: Equatable {
    /// Sizes in design pixels (× `scale`).
    static let cardWidth = 150.0
    /// A Letter page's shape (11 / 8.5): thumbnails of other shapes are fitted inside the card.
    static let cardHeight = 194.0
    static let labelHeight = 24.0
    static let gap = 22.0
    static let margin = 28.0
    static let header = 64.0
    /// Room between the header and the first row at the top (the shown page's ring is outside its card).
    static let inset = 14.0
    /// Window pixels a wheel notch scrolls (× `scale`).
    static let notch = 90.0

    let windowWidth: Double
    let windowHeight: Double
    let scale: Double
    /// Pages in the notebook; the "+" card is card `count`.
    let count: Int

    init(windowWidth: Int, windowHeight: Int, scale: Double, count: Int) {
        self.windowWidth = Double(max(1, windowWidth))
        self.windowHeight = Double(max(1, windowHeight))
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.count = max(0, count)
    }

    var cardSize: (width: Double, height: Double) { (Self.cardWidth * scale, Self.cardHeight * scale) }
    var gap: Double { Self.gap * scale }
    /// From one column's left edge to the next's.
    var columnPitch: Double { cardSize.width + gap }
    /// From one row's top to the next's: a card, its number under it, the gap.
    var rowPitch: Double { cardSize.height + Self.labelHeight * scale + gap }
    var headerHeight: Double { Self.header * scale }
    /// The first row's top, unscrolled.
    var firstRowTop: Double { headerHeight + Self.inset * scale }

    var columns: Int {
        let room = windowWidth - 2 * Self.margin * scale + gap
        return max(1, Int((room / columnPitch).rounded(.down)))
    }

    /// Rows of cards, the "+" card's included.
    var rows: Int { (count + 1 + columns - 1) / columns }

    /// The grid's left edge: the columns centred in the window.
    var left: Double { ((windowWidth - (Double(columns) * columnPitch - gap)) / 2).rounded(.down) }

    /// Everything from the header's top to the last row's label and a margin under it.
    var contentHeight: Double { firstRowTop + Double(rows) * rowPitch - gap + Self.margin * scale }

    /// The farthest the grid scrolls (0 when it all fits).
    var maximumScroll: Double { max(0, contentHeight - windowHeight) }

    /// `scroll` kept within 0…maximumScroll (a NaN becomes 0).
    func clamped(_ scroll: Double) -> Double {
        guard scroll.isFinite else { return scroll == .infinity ? maximumScroll : 0 }
        return min(max(0, scroll), maximumScroll)
    }

    /// Card `index`'s rectangle in window pixels (the thumbnail's area, its number below it).
    func cardRect(_ index: Int, scroll: Double) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: left + Double(column) * columnPitch, y: firstRowTop + Double(row) * rowPitch - scroll,
                    width: cardSize.width, height: cardSize.height)
    }

    /// The number's band under card `index`.
    func labelRect(_ index: Int, scroll: Double) -> Rect {
        let card = cardRect(index, scroll: scroll)
        return Rect(x: card.minX, y: card.maxY, width: card.width, height: Self.labelHeight * scale)
    }

    /// The rows any part of which (card or number) shows in the window below the header.
    func visibleRows(scroll: Double) -> ClosedRange<Int>? {
        // Row r spans firstRowTop + r × pitch … that + (pitch − gap), less the scroll; it shows between
        // the header's foot and the window's.
        let first = Int(((scroll - (rowPitch - gap) - (firstRowTop - headerHeight)) / rowPitch).rounded(.down)) + 1
        let last = Int(((scroll + windowHeight - firstRowTop) / rowPitch).rounded(.up)) - 1
        let range = max(0, first)...min(rows - 1, last)
        return range.isEmpty ? nil : range
    }

    /// The cards (pages and the "+" card) with any part in the window: the only ones drawn.
    func visibleCards(scroll: Double) -> Range<Int> {
        guard let rows = visibleRows(scroll: scroll) else { return 0..<0 }
        return cards(inRows: rows)
    }

    /// The cards of rows `rows` (clipped to the grid).
    func cards(inRows rows: ClosedRange<Int>) -> Range<Int> {
        let first = max(0, rows.lowerBound) * columns
        let end = min(count + 1, (max(0, rows.upperBound) + 1) * columns)
        return first < end ? first..<end : 0..<0
    }

    /// The pages whose thumbnails should be decoding: the visible rows, `ahead` rows beyond them in the
    /// direction of scrolling (`direction` > 0: down, < 0: up) and one row on the other side. The
    /// "+" card is not a page and is left out.
    func prefetchPages(scroll: Double, direction: Double, ahead: Int) -> Range<Int> {
        guard let visible = visibleRows(scroll: scroll) else { return 0..<0 }
        let before = direction < 0 ? ahead : 1, after = direction < 0 ? 1 : ahead
        let cards = cards(inRows: max(0, visible.lowerBound - before)...min(rows - 1, visible.upperBound + after))
        return cards.lowerBound..<min(cards.upperBound, count)
    }

    /// The card under `point` (a page's index, or `count` for the "+" card), nil between cards or
    /// over the header.
    func card(at point: Point, scroll: Double) -> Int? {
        guard point.y >= headerHeight, point.x >= left else { return nil }
        let row = Int(((point.y + scroll - firstRowTop) / rowPitch).rounded(.down))
        let column = Int(((point.x - left) / columnPitch).rounded(.down))
        guard row >= 0, column < columns else { return nil }
        let index = row * columns + column
        guard index <= count, cardRect(index, scroll: scroll).contains(point) else { return nil }
        return index
    }

    /// Where a dragged page would go if dropped at `point`: `slot` is the place before the page now at
    /// that index (0…count: `count` is after the last page), and `row`/`column` the gap the drop
    /// indicator is drawn in (column 0…columns: the gap left of that column, `columns` after the row's
    /// last card).
    func dropSlot(at point: Point, scroll: Double) -> (slot: Int, row: Int, column: Int) {
        let lastRow = count / columns
        let rawRow = Int(((point.y + scroll - firstRowTop) / rowPitch).rounded(.down))
        let row = min(max(0, rawRow), lastRow)
        let rawColumn = Int(((point.x - left + gap / 2) / columnPitch + 0.5).rounded(.down))
        var column = min(max(0, rawColumn), columns)
        let slot = min(row * columns + column, count)
        column = slot - row * columns
        return (slot, row, column)
    }

    /// The drop indicator for a gap: a bar as tall as a card, centred in the gap.
    func dropIndicator(row: Int, column: Int, scroll: Double) -> Rect {
        let x = left + Double(column) * columnPitch - gap / 2
        let width = max(3, 4 * scale)
        return Rect(x: x - width / 2, y: firstRowTop + Double(row) * rowPitch - scroll, width: width, height: cardSize.height)
    }

    /// The page's index after a page at `from` is dropped in `slot` (its neighbours close up first);
    /// nil when it stays where it is.
    static func destination(from: Int, slot: Int) -> Int? {
        let target = slot > from ? slot - 1 : slot
        return target == from ? nil : target
    }

    /// The scroll that brings card `index` fully into view, changing `scroll` as little as possible.
    func scroll(revealing index: Int, from scroll: Double) -> Double {
        let card = cardRect(index, scroll: 0)
        let label = labelRect(index, scroll: 0)
        if card.minY - firstRowTop < scroll { return clamped(card.minY - firstRowTop) }
        if label.maxY + gap > scroll + windowHeight { return clamped(label.maxY + gap - windowHeight) }
        return clamped(scroll)
    }
}
