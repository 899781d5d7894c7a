import QuireGeometry
import QuireInk

/// One page: its identity, paper and strokes, oldest first. A value type, so a background save can
/// take a snapshot without locks.
public struct Page: Equatable, Sendable, Codable {
    public var id: PageID
    public var size: PageSize
    public var background: PageBackground
    public private(set) var strokes: [Stroke] = []

    public init(id: PageID = PageID(), size: PageSize = .letter, background: PageBackground = .blank,
                strokes: [Stroke] = []) {
        self.id = id
        self.size = size
        self.background = background
        self.strokes = strokes
    }

    public var orientation: PageOrientation { size.orientation }

    public mutating func append(_ stroke: Stroke) {
        strokes.append(stroke)
    }

    /// Takes the newest stroke off the page (undo), if there is one.
    @discardableResult
    public mutating func removeLast() -> Stroke? {
        strokes.popLast()
    }

    /// The area the page's ink covers; `.null` for a page without strokes.
    public var inkBounds: Rect {
        strokes.reduce(Rect.null) { $0.union($1.bounds) }
    }
}
