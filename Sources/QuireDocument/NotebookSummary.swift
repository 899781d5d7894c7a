import Foundation
import QuireGeometry

/// What a library shows of a notebook without loading its ink: title, identity and pages in order.
public struct NotebookSummary: Equatable, Sendable {
    public var id: String
    public var title: String
    public var created: Date
    public var pages: [PageSummary]

    public init(id: String, title: String, created: Date, pages: [PageSummary]) {
        self.id = id
        self.title = title
        self.created = created
        self.pages = pages
    }
}

/// One page as listed: paper, how many items of each kind and where, without the items themselves.
public struct PageSummary: Equatable, Sendable {
    public var id: PageID
    public var size: PageSize
    public var background: PageBackground
    /// The page's own strokes: `itemCounts["stroke"]`, which setting it changes.
    public var strokeCount: Int {
        get { itemCounts["stroke"] ?? 0 }
        set { itemCounts["stroke"] = newValue > 0 ? newValue : nil }
    }
    /// The area the page's items cover (as `Page.inkBounds`); `.null` for an empty page.
    public var inkBounds: Rect
    /// The page's own items by `PageItem.kind` ("stroke", "scrap", "image", "pdf-page", "text"); a
    /// scrap's own items are part of the scrap. Kinds the page has none of are absent.
    public var itemCounts: [String: Int]

    public init(id: PageID, size: PageSize, background: PageBackground, strokeCount: Int, inkBounds: Rect,
                itemCounts: [String: Int]? = nil) {
        self.id = id
        self.size = size
        self.background = background
        self.inkBounds = inkBounds
        self.itemCounts = itemCounts ?? (strokeCount > 0 ? ["stroke": strokeCount] : [:])
    }

    /// How many items lie on the page itself, of every kind.
    public var itemCount: Int { itemCounts.values.reduce(0, +) }
}
