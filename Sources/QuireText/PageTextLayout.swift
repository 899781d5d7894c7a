import QuireDocument
import QuireGeometry

/// A text item's lines as laid out on the page: where each shown line (wrapped at the box's width)
/// begins in the text, its baseline, and where a caret stands before each character. Positions are in
/// the box's own frame (page pixels from its origin, along and down its lines), which `localToPage`
/// turns and places on the page.
public struct PageTextLayout: Equatable, Sendable {
    /// The lines as shown.
    public var lines: [String]
    /// Where each line starts in the text (characters, line breaks counted).
    public var starts: [Int]
    /// Whether each line goes on in the next without a line break.
    public var wrapped: [Bool]
    /// Each line's caret stops, page pixels from the line's start.
    public var caretStops: [[Double]]
    public var localToPage: AffineTransform
    public var ascender: Double
    public var lineHeight: Double
    /// The widest line's width, or the wrap width when the box has one (so its frame shows it).
    public var width: Double

    init(item: TextItem, lines shown: [TextWrap.Line], ascender: Int, lineHeight: Int, scale: Double) {
        lines = shown.map(\.text)
        starts = shown.map(\.start)
        wrapped = shown.map(\.wrapped)
        caretStops = shown.map { $0.caretStops.map { $0 / scale } }
        localToPage = item.localToPage
        self.ascender = Double(ascender) / scale
        self.lineHeight = Double(lineHeight) / scale
        width = max(1, (shown.map(\.width).max() ?? 0) / scale, item.wrapWidth ?? 0)
    }

    /// The box the text fills, in its own frame.
    public var box: Rect {
        Rect(x: 0, y: -ascender, width: width, height: Double(max(1, lines.count)) * lineHeight)
    }

    /// The box's corners on the page (upper left first, clockwise as the box reads).
    public var corners: Quadrilateral {
        let b = box
        return Quadrilateral(upperLeft: localToPage.apply(Point(b.minX, b.minY)), upperRight: localToPage.apply(Point(b.maxX, b.minY)),
                             lowerRight: localToPage.apply(Point(b.maxX, b.maxY)), lowerLeft: localToPage.apply(Point(b.minX, b.maxY)))
    }

    /// The page rectangle the box covers.
    public var bounds: Rect { localToPage.apply(box) }

    /// `point` (page pixels) in the box's own frame.
    public func local(_ point: Point) -> Point {
        localToPage.inverted?.apply(point) ?? point
    }

    /// Whether `point` (page pixels) lies in the box, or within `outset` of it.
    public func contains(_ point: Point, outset: Double) -> Bool {
        box.outsetBy(outset).contains(local(point))
    }

    /// The top of line `line` and its caret's x before character `column` (clamped to the line), in the
    /// box's own frame.
    public func caret(line: Int, column: Int) -> (x: Double, top: Double) {
        let line = max(0, min(lines.count - 1, line))
        let stops = caretStops[line]
        return (stops[max(0, min(stops.count - 1, column))], -ascender + Double(line) * lineHeight)
    }

    /// The line and column nearest `point` (page pixels).
    public func position(nearest point: Point) -> (line: Int, column: Int) {
        let p = local(point)
        let line = max(0, min(lines.count - 1, Int(((p.y + ascender) / lineHeight).rounded(.down))))
        let stops = caretStops[line]
        let column = stops.indices.min { abs(stops[$0] - p.x) < abs(stops[$1] - p.x) } ?? 0
        return (line, min(column, lastColumn(of: line)))
    }

    /// The shown line and column of the caret at `offset` in the text.
    public func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        var line = 0
        while line + 1 < starts.count, starts[line + 1] <= offset { line += 1 }
        return (line, max(0, min(offset - starts[line], lines[line].count)))
    }

    /// The offset in the text of `column` on shown line `line` (both clamped).
    public func offset(line: Int, column: Int) -> Int {
        let line = max(0, min(lines.count - 1, line))
        return starts[line] + max(0, min(column, lastColumn(of: line)))
    }

    /// The furthest a caret goes on a line: its end, or before the space it wraps at (past it is the
    /// next line's start).
    private func lastColumn(of line: Int) -> Int {
        let count = lines[line].count
        return wrapped[line] && lines[line].last == " " ? count - 1 : count
    }
}
