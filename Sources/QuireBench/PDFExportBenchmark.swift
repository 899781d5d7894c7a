import Foundation
import QuireDocument
import QuirePDF

/// Vector PDF export of 50 Letter pages × 300 handwriting pressure strokes (the PNG export benchmark's
/// pages) through `PDFExportWriter`, as `quire export --pdf` runs it: each run writes the whole PDF;
/// the median and p99 over the runs, the time per page, and the file's size per page.
let pdfExportBenchmark = Benchmark(name: "pdf-export",
                                   summary: "vector PDF export, 50 pages × 300 strokes: per run, per page, bytes per page") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-pdf-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pages = ExportBenchmarkPages.make(count: 50, strokes: 300)
    let runs = 5
    var runTimes: [Double] = []
    var runProcessorTimes: [Double] = []
    var pageTimes: [Double] = []
    var bytes = 0
    for run in 0..<runs {
        let path = folder + "/run-\(run).pdf"
        let start = DispatchTime.now().uptimeNanoseconds, startProcessor = processorSeconds()
        let writer = try PDFExportWriter(path: path, pictures: { _ in [] }, report: { print("  \($0)") })
        var last = start
        for (index, page) in pages.enumerated() {
            try writer.add(page, number: index + 1)
            let now = DispatchTime.now().uptimeNanoseconds
            pageTimes.append(Double(now - last) / 1e6)
            last = now
        }
        try writer.finish()
        runTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        runProcessorTimes.append((processorSeconds() - startProcessor) * 1000)
        bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        try FileManager.default.removeItem(atPath: path)
    }
    runTimes.sort()
    runProcessorTimes.sort()
    pageTimes.sort()
    context.report("whole PDF (50 pages), median of \(runs) runs", runTimes[runTimes.count / 2], "ms")
    context.report("whole PDF (50 pages), p99", percentile(runTimes, 0.99), "ms")
    context.report("whole PDF (50 pages), CPU time, median", runProcessorTimes[runs / 2], "ms")
    context.report("per page, median", pageTimes[pageTimes.count / 2], "ms")
    context.report("per page, p99", percentile(pageTimes, 0.99), "ms")
    context.report("PDF size per page", Double(bytes) / Double(pages.count) / 1024, "KiB")
    try XournalComparison.runPDF(pages: pages, quireMillisecondsPerPage: runTimes[runTimes.count / 2] / Double(pages.count),
                                 quireProcessorMillisecondsPerPage: runProcessorTimes[runs / 2] / Double(pages.count),
                                 quireBytesPerPage: Double(bytes) / Double(pages.count), folder: folder, context: context)
}
