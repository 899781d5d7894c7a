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

/// One page as listed: paper, how much ink and where, without the ink itself.
public struct PageSummary: Equatable, Sendable {
    public var id: PageID
    public var size: PageSize
    public var background: PageBackground
    public var strokeCount: Int
    public var inkBounds: Rect

    public init(id: PageID, size: PageSize, background: PageBackground, strokeCount: Int, inkBounds: Rect) {
        self.id = id
        self.size = size
        self.background = background
        self.strokeCount = strokeCount
        self.inkBounds = inkBounds
    }
}
