import Foundation
import QuireApp
import QuireDocument
import QuireImageIO
import QuireInk
import QuireRender
import QuireStorage
import QuireTestSupport

/// PNG export at 300 dpi (2550×3300 for Letter) of 50 pages × 300 pressure strokes: the pipeline
/// `quire export` uses (render page N+1 while page N encodes; reused targets; pixel buffers; RGB at the
/// fast level) against the previous path in the same run (a new target per page, the page drawn at 1×
/// first, a synchronous read, flip and unpremultiply, RGBA at libpng's default level), per page.
/// With `xournalpp` installed, the same strokes are also written as a `.xopp` and exported by Xournal++.
let exportBenchmark = Benchmark(name: "export",
                                summary: "PNG export at 300 dpi, 50 pages × 300 strokes: pipeline vs previous path (vs Xournal++ if installed)") { context in
    guard let gl = benchmarkGL() else { return }
    defer { withExtendedLifetime(gl) {} }
    let folder = NSTemporaryDirectory() + "quire-bench-export-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scale = 300.0 / 96
    let pages = ExportBenchmarkPages.make(count: 50, strokes: 300)

    // The pipeline first, so the peak resident memory read after it is its own.
    let pipeline = PageExportPipeline(scale: scale)
    var intervals: [Double] = []
    var residentAfter10 = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    var last = start
    for (index, page) in pages.enumerated() {
        try pipeline.export(page, to: folder + String(format: "/new-%03d.png", index + 1))
        let now = DispatchTime.now().uptimeNanoseconds
        intervals.append(Double(now - last) / 1e6)
        last = now
        if index == 9 { residentAfter10 = ExportBenchmarkPages.residentMegabytes("VmRSS:") }
    }
    let residentAfter50 = ExportBenchmarkPages.residentMegabytes("VmRSS:")
    try pipeline.finish()
    let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let peak = ExportBenchmarkPages.peakResidentMegabytes()
    intervals.sort()
    context.report("pipeline: per page, median", intervals[intervals.count / 2], "ms")
    context.report("pipeline: per page, p99", percentile(intervals, 0.99), "ms")
    context.report("pipeline: whole export ÷ 50 (encodes incl.)", total / Double(pages.count), "ms", target: "≈ 90 ms")
    context.report("pipeline: peak resident (VmHWM)", peak, "MB")
    context.report("pipeline: resident after page 10", residentAfter10, "MB")
    context.report("pipeline: resident after page 50", residentAfter50, "MB", target: "no growth with the page count")
    let newBytes = try ExportBenchmarkPages.bytes(in: folder, prefix: "new-")
    context.report("pipeline: file size per page", Double(newBytes) / Double(pages.count) / 1024, "KiB")

    // The same strokes in blue: a colour page is stored RGB, three bytes a pixel to compress, where the
    // black pages above are stored gray. What a page of coloured ink costs, 20 pages.
    let blue = StrokeColor.rgb(InkColor(red: 0.1, green: 0.2, blue: 0.7))
    let colourPages = pages.prefix(20).map { page in
        Page(strokes: page.strokes.map { stroke in
            var blueStroke = stroke
            blueStroke.style.color = blue
            return blueStroke
        })
    }
    let colourPipeline = PageExportPipeline(scale: scale)
    let colourStart = DispatchTime.now().uptimeNanoseconds
    for (index, page) in colourPages.enumerated() {
        try colourPipeline.export(page, to: folder + String(format: "/colour-%03d.png", index + 1))
    }
    try colourPipeline.finish()
    let colourTotal = Double(DispatchTime.now().uptimeNanoseconds - colourStart) / 1e6
    context.report("pipeline, blue ink (stored RGB): whole ÷ 20", colourTotal / Double(colourPages.count), "ms")
    context.report("pipeline, blue ink: file size per page",
                   Double(try ExportBenchmarkPages.bytes(in: folder, prefix: "colour-")) / Double(colourPages.count) / 1024, "KiB")

    try ExportRenderCost.measure(pages: pages, scale: scale, context: context)

    // The previous path, on the first 10 pages (it is slow).
    let renderer = PageImageRenderer()
    var old: [Double] = []
    for (index, page) in pages.prefix(10).enumerated() {
        let begin = DispatchTime.now().uptimeNanoseconds
        let image = try renderer.image(of: page, scale: scale)
        let writer = try PNGWriter(path: folder + String(format: "/old-%03d.png", index + 1), width: image.width,
                                   height: image.height, channels: .rgba, level: PNGWriter.defaultLibpngLevel)
        try writer.write(image)
        try writer.finish()
        old.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
    }
    old.sort()
    context.report("previous path: per page, median (baseline)", old[old.count / 2], "ms")
    context.report("previous path: per page, p99", percentile(old, 0.99), "ms")
    context.report("previous ÷ pipeline (per page)", old[old.count / 2] / (total / Double(pages.count)), "×")
    let oldBytes = try ExportBenchmarkPages.bytes(in: folder, prefix: "old-")
    context.report("file size: pipeline ÷ previous", Double(newBytes) / 50 / (Double(oldBytes) / 10), "×")

    let command = try ExportCommandRuns.measure(pages: pages, in: folder, context: context)
    try XournalComparison.run(pages: pages, quireMillisecondsPerPage: total / Double(pages.count), quireCommand: command,
                              folder: folder, context: context)
}

/// `quire export --png --dpi 300` run as people run it, a process of its own, on notebooks of 10, 50
/// and 500 pages (the benchmark's pages, the 500 being the 50 ten times over): its time and its peak
/// resident memory, which must not grow with the page count. Needs `quire` beside `quire-bench`.
enum ExportCommandRuns {
    /// The 50-page run, to set beside Xournal++'s; nil when `quire` is not there or a run failed (said).
    static func measure(pages: [Page], in folder: String, context: BenchmarkContext) throws -> MeasuredProcess? {
        guard QuireRun.quireIsBuilt() else { return nil }
        let library = folder + "/library"
        var fifty: MeasuredProcess?
        var peaks: [Double] = []
        for count in [10, 50, 500] {
            let title = "Export \(count)"
            let notebook = (0..<count).map { Page(strokes: pages[$0 % pages.count].strokes) }
            try NotebookLibrary(directory: library).create(title: title, pages: notebook).close()
            let out = folder + "/command-\(count)"
            let run = try MeasuredProcess.run(QuireProcess.executablePath,
                                              ["export", title, "--png", out, "--dpi", "300", "--library", library],
                                              outputTo: folder + "/command.log")
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: library + "/\(title).quire")
            guard run.status == 0 else {
                let output = (try? String(contentsOfFile: folder + "/command.log", encoding: .utf8)) ?? ""
                print("  quire export of \(count) pages failed (exit \(run.status)): \(output.suffix(400))")
                return nil
            }
            context.report("quire export, \(count) pages: per page", run.seconds * 1000 / Double(count), "ms")
            context.report("quire export, \(count) pages: peak resident", run.peakResidentMegabytes, "MB")
            peaks.append(run.peakResidentMegabytes)
            if count == 50 { fifty = run }
        }
        context.report("quire export: peak, 500 pages ÷ 10 pages", peaks[2] / peaks[0], "×", target: "≤ 1.05 (flat)")
        return fifty
    }
}

enum ExportBenchmarkPages {
    /// `count` Letter pages of `strokes` handwriting-like pressure strokes each.
    static func make(count: Int, strokes: Int) -> [Page] {
        (0..<count).map { pageIndex in
            Page(strokes: (0..<strokes).map { BenchmarkStrokes.handwriting(seed: pageIndex * strokes + $0, samples: 80) })
        }
    }

    static func peakResidentMegabytes() -> Double { residentMegabytes("VmHWM:") }

    /// The process's peak resident memory while `body` runs, in MB: the peak is reset first (through
    /// /proc/self/clear_refs), so it counts from what the process holds when `body` starts.
    static func peakResidentMegabytes(during body: () throws -> Void) rethrows -> Double {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        try body()
        return peakResidentMegabytes()
    }

    /// A memory figure from /proc/self/status ("VmRSS:", "VmHWM:"), in MB.
    static func residentMegabytes(_ field: String) -> Double {
        Double(ProcessStatus.kilobytes(field)) / 1024
    }

    static func bytes(in folder: String, prefix: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }.reduce(0) {
            $0 + (try fileSize(folder + "/" + $1))
        }
    }
}
