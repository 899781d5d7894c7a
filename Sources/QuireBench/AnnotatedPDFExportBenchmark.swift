import CCairo
import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuirePDF

/// The annotated-PDF set of `pdf-export`: a 120-page A4 document of text, as a word processor or LaTeX
/// writes one (an outline of 12 chapters, a contents page linking to them by name, every page linking
/// back to it), imported as Quire imports it, with 20 handwriting strokes on each of 10 pages. Quire
/// exports it (the original pages kept by qpdf, the ink laid over them) in rounds alternating with
/// Xournal++ exporting the same notebook (`--create-pdf` on a .xopp with the PDF as its background).
/// Figures: medians and spread of both, the time ratio in each round, and the export's size against
/// the original's plus the ink's alone (Quire's PDF of the same strokes on blank pages). `runMemory`:
/// the peak memory an export adds for a 100-page and a 1,000-page original, each with the same ink.
let pdfExportMemoryBenchmark = Benchmark(name: "pdf-export-memory",
                                         summary: "peak memory of exporting annotated PDFs of 100 and 1,000 pages, kept and redrawn; of 10 to 500 pages of erased handwriting and photos, PDF and SVG") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-pdf-memory-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try AnnotatedPDFExportBenchmark.runMemory(context: context, folder: folder)
    try StreamingExportMemory.run(context: context, folder: folder)
}

enum AnnotatedPDFExportBenchmark {
    static let pageCount = 120
    static let inkedPages = 10
    static let strokesPerPage = 20

    static func run(context: BenchmarkContext, folder: String) throws {
        print("  annotated PDF: \(pageCount) A4 pages of text, outline and links; \(strokesPerPage) strokes on \(inkedPages) pages")
        let source = folder + "/lecture.pdf"
        AnnotatedBenchmarkPDF.write(pages: pageCount, to: source)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let blob = BlobID(hex: String(repeating: "5e", count: 32))!
        let ink = ExportBenchmarkPages.make(count: inkedPages, strokes: strokesPerPage)
        let pages = annotatedPages(count: pageCount, blob: blob, ink: ink)

        let inkOnly = folder + "/ink-only.pdf"
        try export(ink, to: inkOnly, blobs: [:])
        let inkBytes = try fileSize(inkOnly)
        let out = folder + "/annotated.pdf"
        var quire = PDFExportRuns()
        var xournal = try XournalPDFRuns(xml: XournalComparison.document(pages, pdfBackground: source), folder: folder)
        var quireBytes = 0
        let rounds = 5
        for _ in 0..<rounds {
            quireBytes = try quire.measurePreparedAhead(pages, path: out, pictures: { _ in original })
            if let ran = try xournal?.run(), !ran { xournal = nil }
        }
        quire.report("annotated PDF, Quire", context: context)
        context.report("original PDF", Double(original.count) / 1024, "KiB")
        context.report("the ink alone (Quire's PDF of it)", Double(inkBytes) / 1024, "KiB")
        context.report("annotated PDF, Quire's export", Double(quireBytes) / 1024, "KiB")
        context.report("Quire's export ÷ (original + ink)", Double(quireBytes) / Double(original.count + inkBytes), "×",
                       target: "≤ 1.10")
        if let xournal, xournal.wall.count == rounds {
            PDFExportRuns(wall: xournal.wall, processor: xournal.processor).report("annotated PDF, Xournal++", context: context)
            context.report("annotated PDF, Xournal++'s export", xournal.bytes / 1024, "KiB")
            let ratios = zip(quire.wall, xournal.wall).map { $0 / $1 }.sorted()
            context.report("Quire ÷ Xournal++ (annotated PDF time), median", ratios[ratios.count / 2], "×", target: "≤ 1")
            print("    each round: " + zip(quire.wall, xournal.wall).map { String(format: "%.2f", $0 / $1) }.joined(separator: " "))
        }
    }

    /// What an export adds to the process's peak resident memory, for originals of 100 and 1,000 pages
    /// with the same ink: run on its own (`--only pdf-export-memory`), so that no earlier benchmark's
    /// freed memory hides what the export needs.
    static func runMemory(context: BenchmarkContext, folder: String) throws {
        let blob = BlobID(hex: String(repeating: "5e", count: 32))!
        let ink = ExportBenchmarkPages.make(count: inkedPages, strokes: strokesPerPage)
        for count in [100, 1000] {
            let path = folder + "/long-\(count).pdf"
            AnnotatedBenchmarkPDF.write(pages: count, to: path)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let long = annotatedPages(count: count, blob: blob, ink: ink)
            for keeping in [false, true] {
                let added = try peakAddedMegabytes {
                    try export(long, to: folder + "/long-out.pdf", keepingOriginals: keeping, blobs: [blob: bytes])
                }
                context.report("peak added, \(count) pages (\(bytes.count >> 10) KiB), \(keeping ? "kept" : "redrawn")", added, "MB")
            }
        }
    }

    /// Pages as `quire import` makes them from the PDF, the ink on every `count / inkedPages`-th.
    private static func annotatedPages(count: Int, blob: BlobID, ink: [Page]) -> [Page] {
        let size = PDFImport.pageSize(width: AnnotatedBenchmarkPDF.width, height: AnnotatedBenchmarkPDF.height)
        let spacing = max(1, count / ink.count)
        return (0..<count).map { index in
            let item = PDFPageItem(document: blob, pageIndex: index, rect: Rect(x: 0, y: 0, width: size.width, height: size.height))
            var items = [PageItem(.pdfPage(item))]
            if index % spacing == 0, index / spacing < ink.count { items += ink[index / spacing].items }
            return Page(size: size, items: items)
        }
    }

    private static func export(_ pages: [Page], to path: String, keepingOriginals: Bool = true,
                               blobs: [BlobID: [UInt8]]) throws {
        let writer = try PDFExportWriter(path: path, keepOriginalPages: keepingOriginals, pictures: { blobs[$0] ?? [] },
                                         report: { print("  \($0)") })
        for (index, page) in pages.enumerated() { try writer.add(page, number: index + 1) }
        try writer.finish()
    }

    /// How far `body` raises this process's peak resident memory over what it held before, in MB (the
    /// peak is reset first through /proc/self/clear_refs).
    private static func peakAddedMegabytes(_ body: () throws -> Void) throws -> Double {
        let before = ExportBenchmarkPages.residentMegabytes("VmRSS:")
        return try ExportBenchmarkPages.peakResidentMegabytes(during: body) - before
    }
}

/// The benchmark's original: A4 pages of text in DejaVu Sans (embedded once, as a subset), chapter
/// starts as named destinations in the outline, the first page linking to every chapter by name and
/// every other page linking back to the first.
enum AnnotatedBenchmarkPDF {
    static let width = 595.0
    static let height = 842.0
    static let pagesPerChapter = 10

    static func write(pages: Int, to path: String) {
        let surface = cairo_pdf_surface_create(path, width, height)!
        let context = cairo_create(surface)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, "Lecture notes")
        let words = ["the", "pressure", "of", "a", "pen", "on", "paper", "draws", "ink", "whose", "width", "follows", "it",
                     "and", "every", "sample", "counts", "towards", "a", "stroke"]
        let chapters = (pages + pagesPerChapter - 1) / pagesPerChapter
        for page in 0..<pages {
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_set_font_size(context, 16)
            if page % pagesPerChapter == 0 {
                cairo_tag_begin(context, CAIRO_TAG_DEST, "name='chapter\(page / pagesPerChapter + 1)'")
            }
            cairo_move_to(context, 60, 70)
            cairo_show_text(context, "Chapter \(page / pagesPerChapter + 1), page \(page + 1)")
            if page % pagesPerChapter == 0 { cairo_tag_end(context, CAIRO_TAG_DEST) }
            cairo_set_font_size(context, 10)
            for line in 0..<52 {
                let text = (0..<12).map { words[(page * 7 + line * 3 + $0 * 5) % words.count] }.joined(separator: " ")
                cairo_move_to(context, 60, 100 + Double(line) * 13.5)
                cairo_show_text(context, text)
            }
            if page == 0 {
                for chapter in 1...chapters {
                    link("dest='chapter\(chapter)'", text: "Chapter \(chapter)", x: 60 + Double((chapter - 1) % 8) * 60,
                         y: 820 - Double((chapter - 1) / 8) * 12, on: context)
                }
            } else {
                link("page=1 pos=[60 70]", text: "Contents", x: 500, y: 820, on: context)
            }
            cairo_show_page(context)
        }
        for chapter in 1...chapters {
            _ = cairo_pdf_surface_add_outline(surface, CAIRO_PDF_OUTLINE_ROOT, "Chapter \(chapter)", "dest='chapter\(chapter)'",
                                              CAIRO_PDF_OUTLINE_FLAG_OPEN)
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    private static func link(_ attributes: String, text: String, x: Double, y: Double, on context: OpaquePointer) {
        cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }
}
