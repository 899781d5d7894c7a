import QuireDocument
import QuireInk

/// One text box as `quire info --json` describes it: where it lies in the page's stacking order, its
/// words, where its first baseline starts (page pixels), its font and size, and its colour.
struct TextReport: Encodable {
    var id: String
    /// Index in the page's items, 0 the bottom.
    var index: Int
    var text: String
    var x, y: Double
    var font: String
    /// Page pixels.
    var size: Double
    /// #rrggbb.
    var color: String
    /// Degrees the box is turned, clockwise on the page.
    var angle: Double
    /// Page pixels its lines wrap at; left out when they end only at line breaks.
    var wrapWidth: Double?

    init?(_ item: PageItem, index: Int) {
        guard case let .text(text) = item.content else { return nil }
        id = item.id.rawValue
        self.index = index
        self.text = text.text
        x = text.origin.x
        y = text.origin.y
        font = text.fontFamily
        size = text.fontSize
        color = text.color.hex
        angle = text.angle * 180 / .pi
        wrapWidth = text.wrapWidth
    }

    /// Every text box on `page`, bottom first.
    static func all(on page: Page) -> [TextReport] {
        page.items.enumerated().compactMap { TextReport($1, index: $0) }
    }
}
