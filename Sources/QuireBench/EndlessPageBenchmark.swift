import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireTestSupport

/// An endless page grown twenty screens down (1,024 × 15,360 px) holding 20,000 pen strokes spread
/// over it, opened in the real window (Xvfb of its own, llvmpipe, 1024×768): ready → first frame (and
/// Quire's start → first frame, the page's reading and what is drawn before the window shows), then
/// the frames of a pan with the wheel down the whole page and back. The baseline is the same strokes on
/// one Letter page (of the same density: 1,400 strokes), opened and panned the same way in the same run.
let endlessPageBenchmark = Benchmark(name: "endless-page",
                                     summary: "an endless page of 20,000 strokes over 20 screens, in the window: open, pan frames") { context in
    guard QuireRun.quireIsBuilt() else { return }
    let folder = try QuireRun.scratchFolder("endless-page")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = folder + "/library"
    try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)

    /// Handwriting-like strokes, 40 samples each, in rows down `size`.
    func notebook(_ title: String, size: PageSize, strokes count: Int, endless: Bool) throws {
        var page = Page(size: size)
        let perRow = 14
        let spacing = (size.height - 80) / Double(max(1, count / perRow))
        var strokes: [Stroke] = []
        for index in 0..<count {
            let row = Double(index / perRow), column = Double(index % perRow)
            let origin = Point(40 + column * (size.width - 80) / Double(perRow), 40 + row * spacing)
            strokes.append(Stroke(samples: (0..<40).map { k in
                let t = Double(k) / 39
                return InputSample(position: Point(origin.x + t * 50, origin.y + 12 * sin(t * 9 + Double(index))), pressure: 0.4 + 0.3 * t,
                                   time: t / 5, device: .pen)
            }, style: .defaults(for: .pen)))
        }
        page = Page(id: page.id, size: size, items: strokes.map { .stroke($0) })
        let store = try NotebookStore.create(at: library + "/\(title).quire", title: title, pages: [page])
        if endless { try store.setEndless(true) }
        try store.close()
    }
    print("  (writing 20,000 strokes…)")
    try notebook("Endless", size: PageSize(width: 1024, height: 15_360), strokes: 20_000, endless: true)
    try notebook("Letter", size: .letter, strokes: 1_400, endless: false)

    guard let server = QuireRun.server() else { return }
    defer { server.stop() }
    for (title, label, clicks) in [("Letter", "baseline: one Letter page, 1,400 strokes", 20), ("Endless", "endless page, 20,000 strokes", 400)] {
        let window = try QuireProcess(arguments: [title, "--library", library, "--size", "1024x768"], display: server.display,
                                      environment: ["QUIRE_FRAME_STATS": "1", "XDG_CONFIG_HOME": folder + "/config",
                                                    "XDG_STATE_HOME": folder + "/state", "XDG_DATA_HOME": folder + "/data"])
        defer { window.terminate() }
        guard eventually(timeout: 60, { window.text.contains("First frame: ") }) else {
            print("  (\(title): no frame drawn: \(window.text.suffix(300)))")
            continue
        }
        if let first = PhotoPageRun.milliseconds(window, "First frame: ") {
            context.report("\(label): ready → first frame", first, "ms", target: "≤ 150 ms")
        }
        // Start → first frame: the page's reading and whatever is drawn before the window shows.
        if let line = window.lastLine(startingWith: "First frame: "), let after = line.range(of: ", ") {
            let start = Double(line[after.upperBound...].prefix(while: { $0.isNumber || $0 == "." }))
            if let start { context.report("  start → first frame", start, "ms") }
        }
        guard let pointer = XTestPointer(display: server.display) else { return print("  (no XTEST; pan not measured)") }
        pointer.move(to: 500, 400)
        Thread.sleep(forTimeInterval: 1)
        let before = window.occurrences(of: "Frame times (ms): ")
        // 40 wheel clicks a second down the page, then back up.
        for click in 0..<(2 * clicks) {
            pointer.wheel(click < clicks ? 5 : 4)
            pointer.sync()
            Thread.sleep(forTimeInterval: 0.025)
        }
        Thread.sleep(forTimeInterval: 1.2)
        let times = PhotoPageRun.frameTimes(window, skippingReports: before).sorted()
        guard !times.isEmpty else { print("  (\(title): no frames while panning)"); continue }
        context.report("  pan: frames", Double(times.count), "")
        context.report("  pan: frame time, median", percentile(times, 0.5), "ms", target: "≤ 16 ms")
        context.report("  pan: frame time, p99", percentile(times, 0.99), "ms", target: "≤ 16 ms")
    }
}
