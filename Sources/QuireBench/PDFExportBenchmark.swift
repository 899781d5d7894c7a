import Foundation
import QuireDocument
import QuirePDF

/// Vector PDF export of 50 Letter pages × 300 handwriting pressure strokes (the PNG export benchmark's
/// pages) through `PDFExportWriter`, as `quire export --pdf` runs it: the next page prepared on another
/// thread (`PreparedAhead`) while cairo writes the current one. Each run writes the whole PDF; runs
/// alternate with runs that prepare and write each page on one thread, so both meet the same
/// neighbours on a shared machine. Medians and spread (fastest, slowest) of wall and processor time,
/// the time per page, the file's size per page, and the load average around the runs.
let pdfExportBenchmark = Benchmark(name: "pdf-export",
                                   summary: "vector PDF export, 50 pages × 300 strokes: per run, per page, bytes per page") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-pdf-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pages = ExportBenchmarkPages.make(count: 50, strokes: 300)
    let runs = 5
    var overlapped = PDFExportRuns(), sequential = PDFExportRuns()
    var bytes = 0
    print("  load average before: \(PDFExportRuns.loadAverage)")
    for run in 0..<runs {
        let path = folder + "/run-\(run).pdf"
        bytes = try overlapped.measure(path: path) { writer, lap in
            let prepared = PreparedAhead(count: pages.count) { try PreparedVectorPage(pages[$0], number: $0 + 1) }
            while let page = try prepared.next() {
                try writer.add(page)
                lap()
            }
        }
        _ = try sequential.measure(path: path) { writer, lap in
            for (index, page) in pages.enumerated() {
                try writer.add(page, number: index + 1)
                lap()
            }
        }
    }
    print("  load average after: \(PDFExportRuns.loadAverage)")
    overlapped.report("whole PDF (50 pages)", context: context)
    sequential.report("one thread, for comparison", context: context)
    let pageTimes = overlapped.pageTimes.sorted()
    context.report("per page, median", pageTimes[pageTimes.count / 2], "ms")
    context.report("per page, p99", percentile(pageTimes, 0.99), "ms")
    context.report("PDF size per page", Double(bytes) / Double(pages.count) / 1024, "KiB")
    try XournalComparison.runPDF(pages: pages, quireMillisecondsPerPage: overlapped.medianWall / Double(pages.count),
                                 quireProcessorMillisecondsPerPage: overlapped.medianProcessor / Double(pages.count),
                                 quireBytesPerPage: Double(bytes) / Double(pages.count), folder: folder, context: context)
}

/// The times of runs that each write one whole PDF.
struct PDFExportRuns {
    private(set) var wall: [Double] = []
    private(set) var processor: [Double] = []
    private(set) var pageTimes: [Double] = []

    var medianWall: Double { wall.sorted()[wall.count / 2] }
    var medianProcessor: Double { processor.sorted()[processor.count / 2] }

    /// Runs `write` on a new writer for `path` (it calls `lap` after each page), finishes the PDF and
    /// returns its size; the file is removed.
    mutating func measure(path: String, _ write: (PDFExportWriter, () -> Void) throws -> Void) throws -> Int {
        let start = DispatchTime.now().uptimeNanoseconds, startProcessor = processorSeconds()
        let writer = try PDFExportWriter(path: path, pictures: { _ in [] }, report: { print("  \($0)") })
        var last = start
        try write(writer) {
            let now = DispatchTime.now().uptimeNanoseconds
            pageTimes.append(Double(now - last) / 1e6)
            last = now
        }
        try writer.finish()
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        processor.append((processorSeconds() - startProcessor) * 1000)
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        try FileManager.default.removeItem(atPath: path)
        return bytes
    }

    func report(_ label: String, context: BenchmarkContext) {
        let w = wall.sorted(), p = processor.sorted()
        context.report("\(label), median of \(w.count) runs", medianWall, "ms")
        print(String(format: "    spread: %.0f … %.0f ms; CPU median %.0f ms (%.0f … %.0f)",
                     w[0], w[w.count - 1], medianProcessor, p[0], p[p.count - 1]))
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
    static var loadAverage: String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
