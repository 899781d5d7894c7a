import Foundation
import QuireTestSupport

/// Dragging a 12-megapixel photo scrap into the scrap tray and out again in the real window (Xvfb of its
/// own, llvmpipe, 1024×768, the toolbar and tray shown), the mouse moved by XTEST at 60 Hz: the frames
/// drawn during each drag, read back from QUIRE_FRAME_STATS. The baseline is the same drag of the scrap
/// within the page (the select tool's move), in the same run. Needs `quire` built beside `quire-bench`.
let trayBenchmark = Benchmark(name: "tray", summary: "a 12-MP photo scrap dragged into the scrap tray and out again, in the window: frame times") { context in
    guard QuireRun.quireIsBuilt() else { return }
    let folder = try QuireRun.scratchFolder("tray")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = folder + "/library"
    let photos = try BenchmarkPhoto.distinctJPEGs(count: 1, in: folder)
    for arguments in [["new", "Tray", "--library", library], ["import", "Tray"] + photos + ["--library", library]] {
        let result = try XournalComparison.runProcess(QuireProcess.executablePath, arguments)
        guard result.status == 0 else { return print("  (quire \(arguments[0]) failed: \(result.output.suffix(400)); not measured)") }
    }
    guard let server = QuireRun.server() else { return }
    defer { server.stop() }
    let window = try QuireProcess(arguments: ["Tray", "--library", library, "--size", "1024x768"], display: server.display,
                                  environment: ["QUIRE_FRAME_STATS": "1", "QUIRE_INTERFACE": "shown", "XDG_DATA_HOME": folder + "/data",
                                                "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state"])
    defer { window.terminate() }
    guard eventually(timeout: 60, { window.text.contains("Pictures shown: ") }),
          let pointer = XTestPointer(display: server.display) else {
        return print("  (the window did not show its picture, or there is no XTEST: \(window.text.suffix(300)); not measured)")
    }
    pointer.move(to: 600, 700)
    pointer.key(0x76) // v: the select tool

    /// Waits until the window has drawn nothing for a second (frames are reported every half second
    /// after they are drawn): every frame reported after that is the drag's, none left from the picture
    /// sharpening or the last drop.
    func settle() {
        var reports = window.occurrences(of: "Frame times (ms): "), quietSince = Date()
        let deadline = Date().addingTimeInterval(10)
        while Date().timeIntervalSince(quietSince) < 1, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = window.occurrences(of: "Frame times (ms): ")
            if now != reports { (reports, quietSince) = (now, Date()) }
        }
    }

    /// Drags from `start` to `end` in 60 steps a second apart by 1/60 s; the frame times drawn meanwhile.
    func drag(from start: (Int, Int), to end: (Int, Int), steps: Int = 60) -> [Double] {
        settle()
        let before = window.occurrences(of: "Frame times (ms): ")
        pointer.move(to: start.0, start.1)
        pointer.button(down: true)
        for step in 1...steps {
            pointer.move(to: start.0 + (end.0 - start.0) * step / steps, start.1 + (end.1 - start.1) * step / steps)
            pointer.sync()
            Thread.sleep(forTimeInterval: 1.0 / 60)
        }
        pointer.button(down: false)
        pointer.sync()
        Thread.sleep(forTimeInterval: 1.2)   // the last report and any picture work after the release
        return PhotoPageRun.frameTimes(window, skippingReports: before)
    }

    func report(_ label: String, _ drawn: [Double]) {
        guard !drawn.isEmpty else { return print("  (\(label): no frames drawn)") }
        let times = drawn.sorted()
        context.report("\(label): frames", Double(times.count), "")
        context.report("  frame time, median", percentile(times, 0.5), "ms", target: "≤ 16 ms")
        context.report("  frame time, p99", percentile(times, 0.99), "ms", target: "≤ 16 ms")
        // Which frames of the drag were slow (1 is the press's): where to look.
        let slow = drawn.enumerated().filter { $0.element > 16 }.map { String(format: "#%d %.1f ms", $0.offset + 1, $0.element) }
        if !slow.isEmpty { print("    frames over 16 ms: " + slow.joined(separator: ", ")) }
    }

    // The scrap lies fitted in the middle of the page's visible part.
    report("baseline: the scrap dragged within the page", drag(from: (420, 380), to: (460, 420)))
    report("into the tray", drag(from: (460, 420), to: (1018, 420)))
    guard eventually(timeout: 10, { window.text.contains("Moved the scrap to the tray") }) else {
        return print("  (the scrap did not go into the tray: \(window.text.suffix(300)))")
    }
    // The tray's top thumbnail: the column's middle, below the status line.
    report("out of the tray onto the page", drag(from: (968, 100), to: (420, 380)))
}
