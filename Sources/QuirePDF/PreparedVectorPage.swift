import QuireDocument
import QuireInk

/// A page made ready to be written as vectors: its size checked and every step of its drawing worked
/// out (`PageVectorPlan`), which needs no cairo and so can be done on any thread — the next page is
/// prepared while the writer draws this one (`PreparedAhead`). `PDFExportWriter` and `SVGExportWriter`
/// draw it.
public struct PreparedVectorPage: Sendable {
    /// The page's number in messages.
    public let number: Int
    public let size: PageSize
    let plan: PageVectorPlan
    /// The imported PDF page that is the whole of the page's paper (one PDF page item filling the page),
    /// which a PDF export can keep as it is with the rest laid over it; nil for any other page.
    let printedOn: PDFPageItem?

    /// Throws `VectorExportError.badPageSize` for a page no file can have.
    public init(_ page: Page, number: Int, registry: InkEngineRegistry = .standard) throws {
        if let problem = page.size.problem { throw VectorExportError.badPageSize(page: number, reason: problem) }
        self.number = number
        size = page.size
        plan = PageVectorPlan(page, registry: registry)
        printedOn = Self.printedOn(page)
    }

    /// How far a PDF page item's edges may be from the page's and still fill it, in page pixels: a
    /// rounding of the import's sizes, not a visible margin.
    static let fillingTolerance = 0.5

    private static func printedOn(_ page: Page) -> PDFPageItem? {
        var found: PDFPageItem?
        for item in page.items {
            guard case let .pdfPage(pdf) = item.content else { continue }
            guard found == nil else { return nil }
            found = pdf
        }
        guard let found else { return nil }
        let rect = found.rect, tolerance = fillingTolerance
        let fills = abs(rect.minX) <= tolerance && abs(rect.minY) <= tolerance
            && abs(rect.maxX - page.size.width) <= tolerance && abs(rect.maxY - page.size.height) <= tolerance
        return fills ? found : nil
    }
}
