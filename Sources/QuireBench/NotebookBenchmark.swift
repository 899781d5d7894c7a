import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireStorage

/// Notebooks on disk: what one autosaved stroke writes, and how fast a big notebook opens.
///
/// Bytes are counted from /proc/self/io `wchar` (every byte handed to write()/pwrite(), WAL frames and
/// checkpoints included), over 300 strokes appended one transaction each, as autosave does, with
/// SQLite's automatic checkpoints and a final one, so the copy from the WAL into the file is paid for too.
let notebookBenchmark = Benchmark(name: "notebook",
                                  summary: "autosave bytes per stroke on a 10,000-stroke notebook; opening a 500-page notebook") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/big.quire"

    // 500 pages × 20 strokes of handwriting-like pen input: 10,000 strokes.
    let pages = (0..<500).map { pageIndex in
        Page(strokes: (0..<20).map { BenchmarkStrokes.handwriting(seed: pageIndex * 20 + $0, samples: 80) })
    }
    let build = Date()
    try NotebookStore.create(at: path, title: "Benchmark", pages: pages).close()
    let fileBytes = try fileSize(path)
    context.report("build 500 pages × 20 strokes", Date().timeIntervalSince(build) * 1000, "ms")
    context.report("file size, 10,000 strokes", Double(fileBytes) / 1e6, "MB")

    for samples in [80, 400] {
        let store = try NotebookStore(openingAt: path)
        let page = try store.pageIDs()[250]
        let strokes = (0..<300).map { BenchmarkStrokes.handwriting(seed: 90_000 + $0, samples: samples) }
        let packed = Double(PackedSamples.encode(strokes[0].samples).count)
        let logSize = (try? fileSize(path + "-wal")) ?? 0
        let before = try ProcessIO.bytesWritten()
        for stroke in strokes { try store.append(stroke, to: page) }
        let atCommit = try ProcessIO.bytesWritten() - before
        let census = WALFrameCensus(log: path + "-wal", from: logSize)
        try store.close()   // checkpoints the WAL into the file
        let total = try ProcessIO.bytesWritten() - before
        let perStroke = Double(total) / Double(strokes.count)
        print("  stroke of \(samples) pen samples: \(Int(packed)) bytes packed")
        context.report("  written per stroke at commit (WAL)", Double(atCommit) / Double(strokes.count), "bytes")
        context.report("  written per stroke incl. checkpoint", perStroke, "bytes",
                       target: "≤ \(Int(2 * packed + 4096)) = 2 × packed + 4 KB")
        context.report("  baseline: whole-file rewrite per stroke", Double(fileBytes), "bytes")
        if let census {
            print("    log frames per stroke (\(census.pageSize) + 24 bytes each), by b-tree page:")
            for (what, count) in try census.perCommit(in: path) {
                print("      \(what.padding(toLength: 36, withPad: " ", startingAt: 0)) \(String(format: "%.2f", count))")
            }
        } else {
            print("    (the log was restarted during the run: no frame census)")
        }
    }

    // What one autosaved stroke costs on a big page against a small one: an edit must cost what it
    // writes, not the page it lands on. 200 strokes appended one transaction each (fsync included), after
    // a first append that reads each page's order once (reported on its own).
    let pagesPath = folder + "/pages.quire"
    let bigPage = Page(strokes: (0..<10_000).map { BenchmarkStrokes.handwriting(seed: $0, samples: 80) })
    let smallPage = Page(strokes: (0..<10).map { BenchmarkStrokes.handwriting(seed: $0, samples: 80) })
    try NotebookStore.create(at: pagesPath, title: "Pages", pages: [bigPage, smallPage]).close()
    var medians: [Double] = []
    for (page, name) in [(bigPage.id, "10,000"), (smallPage.id, "10")] {
        let store = try NotebookStore(openingAt: pagesPath)
        let strokes = (0..<201).map { BenchmarkStrokes.handwriting(seed: 50_000 + $0, samples: 80) }
        var times: [Double] = []
        for stroke in strokes {
            let start = DispatchTime.now().uptimeNanoseconds
            try store.append(stroke, to: page)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        try store.close()
        let first = times.removeFirst()
        times.sort()
        medians.append(times[times.count / 2])
        context.report("append on a \(name)-stroke page, first", first, "ms")
        context.report("append on a \(name)-stroke page, median", times[times.count / 2], "ms")
        context.report("append on a \(name)-stroke page, p99", appendPercentile(times, 0.99), "ms")
    }
    context.report("append 10,000 / 10 (medians)", medians[0] / medians[1], "", target: "≤ 1.2")

    try measureNotebookOpenInChild(path)
}

/// `measureNotebookOpen` in a fresh process, so its resident memory is the open's own.
func measureNotebookOpenInChild(_ path: String) throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                              ?? CommandLine.arguments[0])
    child.arguments = ["--open-notebook", path]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    print(output, terminator: "")
}

/// The value below which `fraction` of `sorted` lies.
private func appendPercentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

/// The child side of the open benchmark: opens `path`, loads and renders its first page (offscreen,
/// when headless GL is there), and prints time and memory. The first open checks the whole file (SQLite's
/// quick check, as for a notebook copied in or left by a crash); the next three find it unchanged since
/// (`CheckedNotebookFiles`), as every later open of one's own notebook does: best of those three.
func measureNotebookOpen(path: String) throws {
    let context = BenchmarkContext(handwritingPath: nil)
    let gl = try? HeadlessGLContext()
    let pageRenderer = PageImageRenderer(brushDirectory: FileManager.default.fileExists(atPath: "Resources/Brushes")
                                         ? "Resources/Brushes" : ResourceLocator.brushesDirectory)
    let record = NSTemporaryDirectory() + "quire-bench-checked-\(getpid())"
    NotebookStore.checkedFiles = CheckedNotebookFiles(path: record)
    defer { try? FileManager.default.removeItem(atPath: record) }
    // What the process holds before any notebook: its code, and GL with its first frame drawn (Mesa's
    // llvmpipe keeps about 45 MB once it has rendered anything), so the open's own share shows.
    if gl != nil { _ = try pageRenderer.image(of: Page()) }
    let residentBefore = ProcessIO.residentMegabytes("VmRSS:")
    var firstOpen = 0.0, firstShown = 0.0
    var best = Double.infinity
    var pageCount = 0, strokeCount = 0, steps = 0
    var opening = Double.infinity, historyRead = Double.infinity
    var residentLoaded = 0.0
    for round in 0..<4 {
        let start = DispatchTime.now().uptimeNanoseconds
        let store = try NotebookStore(openingAt: path, readOnly: true)
        let opened = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard store.integrity == (round == 0 ? .checked : .unchangedSinceChecked) else {
            throw BenchmarkFailure(description: "open \(round + 1) of \(path): \(store.integrity)")
        }
        let ids = try store.pageIDs()
        let first = try store.loadPage(ids[0])
        // The window shows a page with its undo history.
        let reading = DispatchTime.now().uptimeNanoseconds
        steps = try store.history(of: first).done.count
        let read = Double(DispatchTime.now().uptimeNanoseconds - reading) / 1e9
        if round == 0 { residentLoaded = ProcessIO.residentMegabytes("VmRSS:") }
        if gl != nil { _ = try pageRenderer.image(of: first) }
        let shown = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if round == 0 {
            (firstOpen, firstShown) = (opened, shown)
        } else {
            best = min(best, shown)
            opening = min(opening, opened)
            historyRead = min(historyRead, read)
        }
        pageCount = ids.count
        strokeCount = first.strokes.count
        try store.close()
    }
    print("  open \(pageCount)-page notebook, load page 1 (\(strokeCount) strokes, \(steps) undo steps)"
          + (gl == nil ? " (no headless GL: not rendered)" : " and render it offscreen"))
    context.report("  open + first page shown", best * 1000, "ms", target: "≤ 300 ms")
    context.report("    of which opening (unchanged file)", opening * 1000, "ms")
    context.report("    of which reading page 1's history", historyRead * 1000, "ms")
    context.report("  first open (file checked) + page", firstShown * 1000, "ms")
    context.report("    of which SQLite's quick_check", firstOpen * 1000, "ms")
    context.report("  resident memory (VmRSS)", ProcessIO.residentMegabytes("VmRSS:"), "MB", target: "≤ 150 MB")
    context.report("  peak resident memory (VmHWM)", ProcessIO.residentMegabytes("VmHWM:"), "MB", target: "≤ 150 MB")
    context.report("    baseline: before opening (GL warm)", residentBefore, "MB")
    context.report("    the notebook's share (VmRSS − baseline)", ProcessIO.residentMegabytes("VmRSS:") - residentBefore, "MB")
    context.report("      of which opened and page 1 loaded (first open)", residentLoaded - residentBefore, "MB")
}

/// This process's I/O and memory counters from /proc/self.
enum ProcessIO {
    static func bytesWritten() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("wchar:") } ?? "wchar: 0"
        return Int(line.split(separator: " ").last ?? "0") ?? 0
    }

    static func residentMegabytes(_ field: String) -> Double {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }
}

/// Synthetic pen strokes shaped like handwriting: a wandering loop with pressure and tilt, 200 Hz.
enum BenchmarkStrokes {
    static func handwriting(seed: Int, samples: Int) -> Stroke {
        let x0 = Double(seed * 37 % 700) + 50, y0 = Double(seed * 53 % 950) + 50
        let points = (0..<samples).map { i -> InputSample in
            let t = Double(i) / 200
            let angle = Double(i) * 0.21 + Double(seed)
            return InputSample(position: Point(x0 + Double(i) * 0.6 + 6 * cos(angle), y0 + 9 * sin(angle * 0.7)),
                               pressure: 0.4 + 0.3 * sin(Double(i) * 0.1), tiltX: 12, tiltY: -5,
                               time: 1000 + Double(seed) + t, device: .pen)
        }
        return Stroke(samples: points, style: .defaults(for: .pen))
    }
}
