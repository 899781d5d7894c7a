import Foundation
import QuireDocument
import QuireGeometry
import QuirePDF
import QuireStorage
import QuireText

/// A place in a notebook where words were found: in a text box, or in the text of a PDF page lying on
/// a page.
public struct FoundText: Equatable, Sendable, Encodable {
    /// 1-based.
    public var page: Int
    public var pageID: String
    /// "text" (a text box) or "pdf" (a PDF page's own text).
    public var source: String
    /// Where the words lie on the page, page pixels: from a text box's line top, or a PDF word's top left.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The line they were found in, as it reads.
    public var line: String
}

/// Finds words in a notebook (`quire find`): in every text box (on the page or carried by a scrap), case
/// and accents as typed or not (as a viewer's search), and in the text of every PDF page lying on a page,
/// by poppler, where its words lie on the page.
public enum NotebookSearch {
    /// The most places listed: a word on every line of a big PDF stops here.
    public static let maximumFound = 10_000

    public static func find(_ words: String, in store: NotebookStore, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> [FoundText] {
        let query = words.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return [] }
        let ids = try store.pageIDs()
        var found: [FoundText] = []
        var documents: [BlobID: PDFDocument] = [:]
        for (index, id) in ids.enumerated() {
            progress(index, ids.count)
            let page = try store.loadPage(id)
            for item in page.items where found.count < maximumFound {
                switch item.content {
                case let .text(text):
                    found += inTextBox(text, query, page: index + 1, id: id)
                case let .scrap(scrap):
                    found += onScrap(scrap, query, page: index + 1, id: id)
                case let .pdfPage(pdf):
                    if documents[pdf.document] == nil {
                        documents[pdf.document] = try PDFDocument(bytes: try store.blob(pdf.document), name: "the PDF of page \(index + 1)")
                    }
                    guard let document = documents[pdf.document] else { continue }
                    found += inPDFPage(pdf, of: document, query, page: index + 1, id: id)
                default:
                    continue
                }
            }
        }
        progress(ids.count, ids.count)
        return Array(found.prefix(maximumFound))
    }

    static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    static func inTextBox(_ text: TextItem, _ query: String, page: Int, id: PageID) -> [FoundText] {
        let layout = PageTextFonts.shared.layout(of: text)
        var found: [FoundText] = []
        var lineStart = 0
        for line in TextBlock.lines(of: text.text) {
            var from = line.startIndex
            while let range = line.range(of: query, options: options, range: from..<line.endIndex) {
                let column = line.distance(from: line.startIndex, to: range.lowerBound)
                let length = line.distance(from: range.lowerBound, to: range.upperBound)
                // Where the words are shown: on the page, over however many lines the box wraps them.
                let shown = layout.map { Self.area(from: lineStart + column, to: lineStart + column + length, in: $0) }
                    ?? Rect(x: text.origin.x, y: text.origin.y - text.fontSize, width: 1, height: text.fontSize * 1.2)
                found.append(FoundText(page: page, pageID: id.rawValue, source: "text", x: shown.minX, y: shown.minY,
                                       width: max(1, shown.width), height: shown.height, line: String(line)))
                from = range.upperBound
            }
            lineStart += line.count + 1
        }
        return found
    }

    /// Words in the text boxes `scrap` carries, where they show through its outline, placed on the page.
    /// A box the scissors cut is carried whole by a scrap each side of the cut, each showing its part:
    /// a word is found on the side its middle shows on, so once.
    static func onScrap(_ scrap: Scrap, _ query: String, page: Int, id: PageID) -> [FoundText] {
        scrap.items.flatMap { item -> [FoundText] in
            guard case let .text(text) = item.content else { return [] }
            return inTextBox(text, query, page: page, id: id).compactMap { found in
                let local = Rect(x: found.x, y: found.y, width: found.width, height: found.height)
                guard scrap.outline.contains(local.center, fillRule: .evenOdd) else { return nil }
                let corners = Quadrilateral(local).corners.compactMap(scrap.transform.apply)
                guard corners.count == 4 else { return nil }
                let shown = corners.reduce(Rect.null) { $0.union($1) }
                var placed = found
                (placed.x, placed.y, placed.width, placed.height) = (shown.minX, shown.minY, max(1, shown.width), shown.height)
                return placed
            }
        }
    }

    /// The page rectangle the characters `from..<to` of a box's text cover, as laid out (turned, wrapped).
    static func area(from: Int, to: Int, in layout: PageTextLayout) -> Rect {
        let start = layout.position(ofOffset: from), end = layout.position(ofOffset: to)
        var covered = Rect.null
        for line in start.line...max(start.line, end.line) {
            let left = layout.caret(line: line, column: line == start.line ? start.column : 0)
            let right = layout.caret(line: line, column: line == end.line ? end.column : Int.max)
            covered = covered.union(layout.localToPage.apply(Rect(x: left.x, y: left.top, width: right.x - left.x, height: layout.lineHeight)))
        }
        return covered
    }

    static func inPDFPage(_ pdf: PDFPageItem, of document: PDFDocument, _ query: String, page: Int, id: PageID) -> [FoundText] {
        guard document.pageSizes.indices.contains(pdf.pageIndex) else { return [] }
        let size = document.pageSizes[pdf.pageIndex]
        // poppler finds the places; the lines they lie on are read in the page's text, in order, a line
        // once for each time the words are in it.
        var matching = document.text(ofPage: pdf.pageIndex).split(separator: "\n").flatMap { line -> [String] in
            var count = 0, from = line.startIndex
            while let range = line.range(of: query, options: options, range: from..<line.endIndex) {
                count += 1
                from = range.upperBound
            }
            return Array(repeating: String(line), count: count)
        }.makeIterator()
        return document.find(query, onPage: pdf.pageIndex).map { rect in
            let x = pdf.rect.minX + rect.minX / size.width * pdf.rect.width
            let y = pdf.rect.minY + rect.minY / size.height * pdf.rect.height
            return FoundText(page: page, pageID: id.rawValue, source: "pdf", x: x, y: y, width: rect.width / size.width * pdf.rect.width,
                             height: rect.height / size.height * pdf.rect.height, line: matching.next() ?? query)
        }
    }
}
