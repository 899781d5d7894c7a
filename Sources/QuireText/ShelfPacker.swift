/// Rectangles packed into one page in shelves: rows as tall as the first rectangle put on them, filled
/// left to right. A rectangle goes on the shelf that wastes the least height of those it fits (a glyph
/// much shorter than a shelf opens its own), else on a new shelf below the last; the page grows taller
/// (doubling) up to `maximumHeight` to make room. Glyphs of one size are about as tall as each other,
/// so shelves waste little. Every rectangle keeps `padding` empty pixels to its right and below it, so
/// sampling one never reads a neighbour's pixels.
public struct ShelfPacker: Sendable {
    /// Where a rectangle was put: its upper-left corner and size, in page pixels.
    public struct Slot: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    private struct Shelf {
        var y: Int
        /// Rows the shelf holds, padding included.
        var height: Int
        /// The first free column.
        var nextX: Int
    }

    public let width: Int
    public let maximumHeight: Int
    public let padding: Int
    /// The page's height now: it starts lower than `maximumHeight` and grows as shelves need.
    public private(set) var height: Int
    private var shelves: [Shelf] = []

    /// A shelf is reused only by rectangles at least this fraction of its height.
    private static let shelfFill = 0.7

    /// `width` × `initialHeight` growing to `maximumHeight`; sizes are clamped to at least 1 pixel.
    public init(width: Int, initialHeight: Int, maximumHeight: Int, padding: Int = 1) {
        self.width = max(1, width)
        self.maximumHeight = max(1, maximumHeight)
        self.height = min(max(1, initialHeight), self.maximumHeight)
        self.padding = max(0, padding)
    }

    /// Places a `width` × `height` rectangle; nil when it cannot fit (larger than the page, or the page
    /// is full at its largest). Empty rectangles take no room and get none.
    public mutating func place(width w: Int, height h: Int) -> Slot? {
        guard w > 0, h > 0 else { return nil }
        let paddedWidth = w + padding, paddedHeight = h + padding
        guard paddedWidth <= width, paddedHeight <= maximumHeight else { return nil }
        var best: Int?
        for (index, shelf) in shelves.enumerated()
        where shelf.height >= paddedHeight && Double(paddedHeight) >= Double(shelf.height) * Self.shelfFill
            && shelf.nextX + paddedWidth <= width {
            if best.map({ shelves[$0].height > shelf.height }) ?? true { best = index }
        }
        if let best {
            let slot = Slot(x: shelves[best].nextX, y: shelves[best].y, width: w, height: h)
            shelves[best].nextX += paddedWidth
            return slot
        }
        let top = shelves.last.map { $0.y + $0.height } ?? 0
        guard top + paddedHeight <= maximumHeight else { return nil }
        while top + paddedHeight > height { height = min(maximumHeight, height * 2) }
        shelves.append(Shelf(y: top, height: paddedHeight, nextX: paddedWidth))
        return Slot(x: 0, y: top, width: w, height: h)
    }
}
