import QuireGeometry

/// One page of a stored PDF, drawn as (part of) the page's background so it can be annotated: which
/// document (a blob), which of its pages (0-based), and the page rect it fills.
public struct PDFPageItem: Equatable, Sendable, Codable {
    public var document: BlobID
    public var pageIndex: Int
    public var rect: Rect

    public init(document: BlobID, pageIndex: Int, rect: Rect) {
        self.document = document
        self.pageIndex = pageIndex
        self.rect = rect
    }
}
