import QuireGeometry

/// One thing on a page, with an identity that edits, undo and the store all name it by. A page is an
/// ordered list of these, bottom first: the order is the drawing order.
public struct PageItem: Equatable, Sendable, Codable, Identifiable {
    public var id: ItemID
    public var content: Content

    public enum Content: Equatable, Sendable, Codable {
        case stroke(Stroke)
        case scrap(Scrap)
        case image(PlacedImage)
        case pdfPage(PDFPageItem)
        case text(TextItem)
        /// A kind from outside Quire's own (`CustomItemContent`).
        case custom(CustomItem)
    }

    public init(id: ItemID = ItemID(), _ content: Content) {
        self.id = id
        self.content = content
    }

    public static func stroke(_ stroke: Stroke, id: ItemID = ItemID()) -> PageItem {
        PageItem(id: id, .stroke(stroke))
    }

    /// The stroke, when the item is ink.
    public var stroke: Stroke? {
        if case let .stroke(stroke) = content { return stroke }
        return nil
    }

    /// The page area the item can draw on.
    public var bounds: Rect {
        switch content {
        case let .stroke(stroke): stroke.bounds
        case let .scrap(scrap): scrap.bounds
        case let .image(image): image.bounds
        case let .pdfPage(pdf): pdf.rect
        case let .text(text): text.bounds
        case let .custom(custom): custom.bounds
        }
    }

    /// What kind of item it is.
    public var itemKind: ItemKind {
        switch content {
        case .stroke: .stroke
        case .scrap: .scrap
        case .image: .image
        case .pdfPage: .pdfPage
        case .text: .text
        case let .custom(custom): .custom(custom.kindName)
        }
    }

    /// The kind as the store's `kind` column writes it ("stroke", "pdf-page").
    public var kind: String { itemKind.rawValue }
}
