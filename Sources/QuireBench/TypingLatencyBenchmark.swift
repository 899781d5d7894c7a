import Foundation
import QuireDocument
import QuireGeometry
import QuireStorage
import QuireTestSupport

/// Keypress → swap in the real window: Quire opened (Xvfb of the benchmark's own, llvmpipe) on a page of
/// 10,000 strokes and a text box of 10,000 characters, the text tool pressed into the box, and XTEST keys
/// typed into it at 20 a second for 10 s; Quire's own figures (QUIRE_LATENCY_STATS=1, key presses timed
/// as pointer input is) read back. A key comes alone, so its frame draws at once: "read → swap" is the
/// time Quire takes from the key to the frame showing it. The same keys typed into a new box, in a
/// window of its own, are the baseline: what a key costs whatever the box. Needs
/// `quire` built beside `quire-bench` (make bench builds both) and Xvfb; without either it says so and
/// measures nothing.
let typingLatencyBenchmark = Benchmark(name: "typing",
                                       summary: "keypress → swap p50/p99 typing into 10,000 characters on a 10,000-stroke page (Xvfb, XTEST keys)") { context in
    guard QuireRun.quireIsBuilt() else { return }
    // The box of the in-process text benchmark: 10,000 characters, 100 lines of 99 and a line break
    // each, 14 px, from near the top left.
    let long = (0..<100).map { line in String(String(repeating: "lorem ipsum dolor sit amet, consectetur adipiscing elit ", count: 2).prefix(98)) + String(line % 10) + "\n" }
        .joined()
    guard let typed = try TypingRun.measure(typingInto: long, label: "long") else { return }
    context.report("keys typed (XTEST, \(Int(TypingRun.rate)) a second)", Double(TypingRun.count), "")
    if let frames = typed.frames { print("  \(frames)") }
    context.report("input frames measured (the press's among them)", Double(typed.figures.frames), "")
    if let newest = typed.figures.newest {
        context.report("keypress read → swap: p50", newest.p50, "ms")
        context.report("keypress read → swap: p99", newest.p99, "ms", target: "≤ 4 ms")
    }
    if let total = typed.figures.total {
        context.report("keypress → swap, from the server's time stamp: p50", total.p50, "ms")
        context.report("keypress → swap, from the server's time stamp: p99", total.p99, "ms")
    }
    if let drawing = typed.figures.drawing {
        context.report("  of which drawing (frame begun → swap): p99", drawing.p99, "ms")
    }
    if let tail = typed.tail {
        let parts = tail.dropFirst("Latency tail: ".count).components(separatedBy: "; slowest 1 %: ")
        print("  input frames' work, \(parts[0]); the slowest 1 %:")
        for frame in parts.dropFirst().joined().components(separatedBy: " | ") { print("    \(frame)") }
    }
    // The baseline's page has a box of 10 characters away from the press: the press starts a new box.
    guard let baseline = try TypingRun.measure(typingInto: "0123456789\n", label: "short"), let newest = baseline.figures.newest else { return }
    context.report("  baseline, a new box typed from empty: p50", newest.p50, "ms")
    context.report("  baseline p99", newest.p99, "ms")
}

/// One window typed into: Quire opened on a page of 10,000 strokes and a box of the text given, keys
/// typed into it, and Quire's own latency figures read back.
private enum TypingRun {
    static let rate = 20.0, count = 200

    /// Quire's figures for the keys typed into `text`; nil (having said why) when they could not be had.
    static func measure(typingInto text: String, label: String) throws -> (figures: LatencyFigures, frames: String?, tail: String?)? {
        let folder = try QuireRun.scratchFolder("typing-" + label)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = folder + "/library"
        var items = (0..<LatencyRun.strokes).map { PageItem(.stroke(BenchmarkStrokes.handwriting(seed: $0, samples: 80))) }
        items.append(PageItem(.text(TextItem(text: text, origin: Point(40, 60), fontSize: 14))))
        try NotebookLibrary(directory: library).create(title: "Typing", pages: [Page(items: items)]).close()

        guard let server = QuireRun.server() else { return nil }
        defer { server.stop() }
        guard let window = try LatencyRun.open("Typing", library: library, folder: folder, on: server) else { return nil }
        defer { window.terminate() }
        _ = LatencyRun.settledFrames(window)
        guard let keys = XTestPointer(display: server.display) else {
            print("  (no XTEST on \(server.display); not measured)")
            return nil
        }
        // The text tool, pressed into the box (its lines cover the page's upper left, under the window's
        // middle whatever the view's scale; a short one lies away from it, and the press starts a new box),
        // then the press's own frames let settle.
        keys.move(to: 400, 300)
        keys.key(UInt(UInt8(ascii: "t")))
        keys.button(down: true)
        keys.button(down: false)
        keys.sync()
        _ = LatencyRun.settledFrames(window)
        let pressFrames = LatencyRun.inputFrames(window)

        let start = Date()
        for k in 0..<count {
            keys.key(k % 8 == 7 ? 0x20 : UInt(UInt8(ascii: "x")))
            let ahead = Double(k + 1) / rate - Date().timeIntervalSince(start)
            if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
        }
        keys.sync()
        guard eventually(timeout: 10, { LatencyRun.inputFrames(window) >= pressFrames + count * 9 / 10 }),
              let line = window.lastLine(startingWith: "Latency: "), let figures = LatencyFigures(line) else {
            print("  (no latency figures for the keys: \(window.text.suffix(400)))")
            return nil
        }
        return (figures, window.lastLine(startingWith: "Frames: "), window.lastLine(startingWith: "Latency tail: "))
    }
}
