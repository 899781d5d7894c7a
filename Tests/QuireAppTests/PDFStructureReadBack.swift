import CCairo
import Foundation

/// What a viewer finds in a PDF besides its drawing, read back with poppler: each page's size and text,
/// the outline with the page each entry opens, each page's links and where they lead. For checking that
/// an export kept an original's structure.
final class PDFStructureReadBack {
    struct OutlineEntry: Equatable, CustomStringConvertible {
        var title: String
        var depth: Int
        /// 1-based; nil when the entry goes nowhere.
        var page: Int?
        var description: String { "\(String(repeating: "  ", count: depth))\(title) → \(page.map(String.init) ?? "nowhere")" }
    }

    enum Link: Hashable {
        /// A page of the document, 1-based (nil: a destination that names no page of it).
        case page(Int?)
        case uri(String)
        case other
    }

    private let document: OpaquePointer

    init(path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_file(URL(fileURLWithPath: path).absoluteString, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw NSError(domain: "PDFStructureReadBack", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(path): \(message)"])
        }
        self.document = document
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    var title: String? {
        guard let title = poppler_document_get_title(document) else { return nil }
        defer { g_free(title) }
        return String(cString: title)
    }

    /// Page `index`'s (0-based) size in points as shown (crop box, rotation).
    func size(ofPage index: Int) -> (width: Double, height: Double) {
        withPage(index) { page in
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            return (width, height)
        }
    }

    func text(ofPage index: Int) -> String {
        withPage(index) { page in
            guard let text = poppler_page_get_text(page) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
    }

    func words(ofPage index: Int) -> [Substring] {
        text(ofPage: index).split(whereSeparator: { $0.isWhitespace })
    }

    /// Every outline entry, depth first, in order.
    func outline() -> [OutlineEntry] {
        guard let root = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(root) }
        var entries: [OutlineEntry] = []
        func walk(_ iterator: OpaquePointer, depth: Int) {
            repeat {
                if let action = poppler_index_iter_get_action(iterator) {
                    let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
                    var page: Int?
                    if case let .page(number) = link(of: action) { page = number }
                    entries.append(OutlineEntry(title: title, depth: depth, page: page))
                    poppler_action_free(action)
                }
                if let child = poppler_index_iter_get_child(iterator) {
                    walk(child, depth: depth + 1)
                    poppler_index_iter_free(child)
                }
            } while poppler_index_iter_next(iterator) != 0
        }
        walk(root, depth: 0)
        return entries
    }

    /// The links on page `index` (0-based), in poppler's order.
    func links(onPage index: Int) -> [Link] {
        withPage(index) { page in
            guard let mapping = poppler_page_get_link_mapping(page) else { return [] }
            defer { poppler_page_free_link_mapping(mapping) }
            var links: [Link] = []
            var node: UnsafeMutablePointer<GList>? = mapping
            while let current = node {
                let entry = current.pointee.data.assumingMemoryBound(to: PopplerLinkMapping.self)
                if let action = entry.pointee.action { links.append(link(of: action)) }
                node = current.pointee.next
            }
            return links
        }
    }

    private func link(of action: UnsafeMutablePointer<PopplerAction>) -> Link {
        switch action.pointee.type {
        case POPPLER_ACTION_URI:
            return .uri(action.pointee.uri.uri.map { String(cString: $0) } ?? "")
        case POPPLER_ACTION_GOTO_DEST:
            guard let dest = action.pointee.goto_dest.dest else { return .page(nil) }
            if dest.pointee.type == POPPLER_DEST_NAMED {
                guard let name = dest.pointee.named_dest, let found = poppler_document_find_dest(document, name) else {
                    return .page(nil)
                }
                defer { poppler_dest_free(found) }
                return .page(found.pointee.page_num > 0 ? Int(found.pointee.page_num) : nil)
            }
            return .page(dest.pointee.page_num > 0 ? Int(dest.pointee.page_num) : nil)
        default:
            return .other
        }
    }

    private func withPage<Result>(_ index: Int, _ body: (OpaquePointer) -> Result) -> Result {
        let page = poppler_document_get_page(document, Int32(index))!
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }
}

/// A PDF as a document program writes one, made with cairo: pages of different sizes with text, an
/// outline (with a named destination), links to pages by number and by name, and a link to a web page.
enum StructuredTestPDF {
    struct Page {
        var width: Double
        var height: Double
        var words: String
    }

    static let pages = [
        Page(width: 595, height: 842, words: "Alpha chapter one opens here with eleven words of plain text"),
        Page(width: 612, height: 792, words: "Bravo chapter two"),
        Page(width: 842, height: 595, words: "Charlie chapter three is a landscape page"),
        Page(width: 420, height: 595, words: "Delta section three point one on a small page"),
    ]

    /// Page 1 links to `chap3` (page 3) and `sec4` (page 4) by name; page 3 links to page 2 and page 4 to
    /// page 1 by number, and page 4 to a web page. The outline: Chapter 1 → 1; Chapter 2 → 2 with Section
    /// 2.1 → 2; Chapter 3 → 3 with Section 3.1 → `sec4`. (Cairo 1.16 loses a link by number to a page
    /// not written yet, so links forward go by name.)
    static func write(to path: String) {
        let surface = cairo_pdf_surface_create(path, pages[0].width, pages[0].height)!
        let context = cairo_create(surface)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, "The original")
        for (index, page) in pages.enumerated() {
            cairo_pdf_surface_set_size(surface, page.width, page.height)
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, 14)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_move_to(context, 40, 60)
            cairo_show_text(context, page.words)
            switch index {
            case 0:
                link("dest='chap3'", text: "See chapter three", at: 120, on: context)
                link("dest='sec4'", text: "See section three point one", at: 160, on: context)
            case 2:
                destination("chap3", on: context)
                link("page=2 pos=[40 60]", text: "Back to chapter two", at: 120, on: context)
            case 3:
                destination("sec4", on: context)
                link("uri='https://example.org/quire'", text: "Website", at: 160, on: context)
                link("page=1 pos=[40 60]", text: "Back to the start", at: 200, on: context)
            default:
                break
            }
            cairo_show_page(context)
        }
        let root = CAIRO_PDF_OUTLINE_ROOT
        let open = CAIRO_PDF_OUTLINE_FLAG_OPEN
        _ = cairo_pdf_surface_add_outline(surface, root, "Chapter 1", "page=1 pos=[40 60]", open)
        let two = cairo_pdf_surface_add_outline(surface, root, "Chapter 2", "page=2 pos=[40 60]", open)
        _ = cairo_pdf_surface_add_outline(surface, two, "Section 2.1", "page=2 pos=[40 200]", open)
        let three = cairo_pdf_surface_add_outline(surface, root, "Chapter 3", "page=3 pos=[40 60]", open)
        _ = cairo_pdf_surface_add_outline(surface, three, "Section 3.1", "dest='sec4'", open)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    private static func destination(_ name: String, on context: OpaquePointer) {
        cairo_tag_begin(context, CAIRO_TAG_DEST, "name='\(name)'")
        cairo_move_to(context, 40, 100)
        cairo_show_text(context, "Target")
        cairo_tag_end(context, CAIRO_TAG_DEST)
    }

    private static func link(_ attributes: String, text: String, at y: Double, on context: OpaquePointer) {
        cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
        cairo_move_to(context, 40, y)
        cairo_show_text(context, text)
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }
}
