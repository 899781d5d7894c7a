import QuireGeometry
import QuireInk

/// One page: its identity, paper and items (ink, scraps, images, PDF pages, text), bottom first. A value
/// type, so a background save can take a snapshot without locks. Items change only through
/// `apply(_:)`, one `PageEdit` at a time.
public struct Page: Equatable, Sendable, Codable {
    public var id: PageID
    public var size: PageSize
    public var background: PageBackground
    public internal(set) var items: [PageItem] = []

    public init(id: PageID = PageID(), size: PageSize = .letter, background: PageBackground = .blank,
                items: [PageItem] = []) {
        self.id = id
        self.size = size
        self.background = background
        self.items = items
    }

    /// A page of ink only, each stroke a new item (tests, imports, benchmarks).
    public init(id: PageID = PageID(), size: PageSize = .letter, background: PageBackground = .blank,
                strokes: [Stroke]) {
        self.init(id: id, size: size, background: background, items: strokes.map { .stroke($0) })
    }

    public var orientation: PageOrientation { size.orientation }

    /// The ink lying on the page itself (not on scraps), bottom first.
    public var strokes: [Stroke] { items.compactMap(\.stroke) }

    /// The area the page's items cover; `.null` for an empty page.
    public var inkBounds: Rect {
        items.reduce(Rect.null) { $0.union($1.bounds) }
    }

    public func index(of id: ItemID) -> Int? {
        items.firstIndex { $0.id == id }
    }
}
