import Foundation
import QuireApp
import QuireDocument
import QuirePDF
import QuireRender
import QuireStorage

/// `quire import` of a 300-page PDF (text, a filled box and a circle a page, written by cairo): reading
/// and checking it, and writing its bytes and 300 pages in one transaction; then opening that notebook
/// to its first page drawn — the PDF read from the notebook and its first page rendered by poppler,
/// and with headless GL the whole page drawn and read back — and one page's render at 1× and 2×.
let pdfImportBenchmark = Benchmark(name: "pdf-import",
                                   summary: "import a 300-page PDF; open that notebook to its first page drawn; render a page at 1× and 2×") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-pdf-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pdfPath = folder + "/paper.pdf"
    try SamplePDF.write((0..<300).map { index in
        SamplePDF.Page(width: 612, height: 792, box: (72, 72 + Double(index % 40) * 12, 300, 120),
                       color: (Double(index % 7) / 7, 0.4, 0.8))
    }, to: pdfPath)
    context.report("PDF size (300 Letter pages)", Double(try fileSize(pdfPath)) / 1e6, "MB")

    // Each run imports into a fresh notebook, so the blob and pages are really written each time.
    var times: [Double] = []
    var lastNotebook = ""
    for run in 0..<8 {
        let path = folder + "/n\(run).quire"
        try NotebookStore.create(at: path, title: "PDF \(run)").close()
        let store = try NotebookStore(openingAt: path)
        let start = DispatchTime.now().uptimeNanoseconds
        let files = try PDFImport.read([pdfPath])
        try PDFImport.insert(files, into: store)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        try store.close()
        if !lastNotebook.isEmpty { try FileManager.default.removeItem(atPath: lastNotebook) }
        lastNotebook = path
    }
    times.removeFirst()   // warm-up
    times.sort()
    context.report("import 300 pages (read+check+write), median", percentile(times, 0.5), "ms")
    context.report("import 300 pages, slowest of \(times.count)", times.last ?? 0, "ms")

    // Opening: the notebook, its page list, the first PDF page (page 2: page 1 is the blank one made
    // with the notebook), the PDF read from the notebook and that page rendered at 1×.
    var opens: [Double] = []
    for _ in 0..<8 {
        let start = DispatchTime.now().uptimeNanoseconds
        let store = try NotebookStore(openingAt: lastNotebook, readOnly: true)
        let page = try store.loadPage(try store.pageIDs()[1])
        let cache = PDFPageCache(store: store, report: { print($0) })
        guard case let .pdfPage(item)? = page.items.first?.content, cache.image(item, detail: 1) != nil else {
            throw PDFError.noPages(name: lastNotebook)
        }
        opens.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        try store.close()
    }
    opens.removeFirst()
    opens.sort()
    context.report("open → first PDF page rendered 1×, median", percentile(opens, 0.5), "ms")
    context.report("open → first PDF page rendered 1×, p99 (of \(opens.count))", percentile(opens, 0.99), "ms")

    if let gl = try? HeadlessGLContext() {
        var drawn: [Double] = []
        for _ in 0..<6 {
            let start = DispatchTime.now().uptimeNanoseconds
            let store = try NotebookStore(openingAt: lastNotebook, readOnly: true)
            let page = try store.loadPage(try store.pageIDs()[1])
            let cache = PDFPageCache(store: store, report: { print($0) })
            let renderer = PageImageRenderer(builder: RenderItemBuilder(pdfDetail: 1, pdfPage: cache.image))
            _ = try renderer.image(of: page)
            drawn.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            try store.close()
        }
        drawn.removeFirst()
        drawn.sort()
        context.report("open → page drawn by GL, read back, median", percentile(drawn, 0.5), "ms")
        context.report("open → page drawn by GL, read back, p99 (of \(drawn.count))", percentile(drawn, 0.99), "ms")
        withExtendedLifetime(gl) {}
    } else {
        print("  (no headless GL: the drawn-page figure is left out)")
    }

    let document = try PDFDocument(contentsOf: pdfPath)
    for detail in [1.0, 2.0] {
        // Page pixels × detail: points × 96/72 × detail pixels.
        let scale = PDFImport.pagePixelsPerPoint * detail
        let best = bestTime(minimumSeconds: 1, maximumRuns: 30) { _ = try! document.render(page: 150, scale: scale) }
        let size = document.renderSize(page: 150, scale: scale)
        context.report("render a page \(Int(detail))×, \(size.width)×\(size.height), best", best * 1000, "ms")
    }
}
