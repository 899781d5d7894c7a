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

    /// Throws `VectorExportError.badPageSize` for a page no file can have.
    public init(_ page: Page, number: Int, registry: InkEngineRegistry = .standard) throws {
        if let problem = page.size.problem { throw VectorExportError.badPageSize(page: number, reason: problem) }
        self.number = number
        size = page.size
        plan = PageVectorPlan(page, registry: registry)
    }
}
