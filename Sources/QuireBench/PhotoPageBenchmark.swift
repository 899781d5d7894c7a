import Foundation
import QuireTestSupport

/// A page of 100 photos as people make one: 100 distinct 12 MP JPEGs put on one page by `quire import`
/// (each fitted to the page and cascaded, so nearly all lie under others), then opened in the real
/// window (Xvfb of its own, llvmpipe, 1024×768) and read back from QUIRE_FRAME_STATS: the first frame
/// and every picture shown after the window was ready, resident memory over the first minute (its peak
/// sampled every 50 ms, and at 5 s and 60 s), and the frames of a pan with the wheel down the page and
/// back. Needs `quire` built beside `quire-bench` and Xvfb.
let photoPageBenchmark = Benchmark(name: "photo-page",
                                   summary: "100 12-MP JPEGs imported as `quire import` places them, in the window: ready → first frame, resident memory over a minute, pan frames") { context in
    guard QuireRun.quireIsBuilt() else { return }
    let folder = try QuireRun.scratchFolder("photo-page")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = folder + "/library"

    print("  (encoding 100 distinct 12 MP JPEGs…)")
    let photos = try BenchmarkPhoto.distinctJPEGs(count: 100, in: folder)
    for arguments in [["new", "Photos", "--library", library], ["import", "Photos"] + photos + ["--library", library]] {
        let result = try XournalComparison.runProcess(QuireProcess.executablePath, arguments)
        guard result.status == 0 else { return print("  (quire \(arguments[0]) failed: \(result.output.suffix(400)); not measured)") }
    }
    for photo in photos { try? FileManager.default.removeItem(atPath: photo) }

    guard let server = QuireRun.server() else { return }
    defer { server.stop() }
    let window = try QuireProcess(arguments: ["Photos", "--library", library, "--size", "1024x768"], display: server.display,
                                  environment: ["QUIRE_FRAME_STATS": "1", "QUIRE_INTERFACE": "shown",
                                                "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state"])
    defer { window.terminate() }
    let started = Date()
    var peak = 0, at5 = 0, at60 = 0
    func sample() {
        let now = PhotoPageRun.residentBytes(of: window.processIdentifier)
        peak = max(peak, now)
        let seconds = Date().timeIntervalSince(started)
        if seconds >= 5 && at5 == 0 { at5 = now }
        if seconds >= 60 && at60 == 0 { at60 = now }
    }
    guard eventually(timeout: 60, { sample(); return window.text.contains("First frame: ") }) else {
        return print("  (the window drew no frame: \(window.text.suffix(400)); not measured)")
    }
    let shownBy = eventually(timeout: 60, { sample(); return window.text.contains("Pictures shown: ") })
    if let first = PhotoPageRun.milliseconds(window, "First frame: ") {
        context.report("ready → first frame", first, "ms", target: "≤ 150 ms")
    }
    if shownBy, let shown = PhotoPageRun.milliseconds(window, "Pictures shown: ") {
        context.report("ready → every picture shown", shown, "ms")
    } else {
        print("  pictures still decoding after a minute")
    }
    // Sampled until a minute from the start, the window left alone; its CPU counted from 10 s on, once
    // every picture has long been shown and nothing changes on screen.
    var quietFrom: (time: Date, cpu: Double)?
    while Date().timeIntervalSince(started) < 60.5 {
        sample()
        if quietFrom == nil, Date().timeIntervalSince(started) >= 10 {
            quietFrom = (Date(), ProcessStatus.cpuSeconds(of: String(window.processIdentifier)))
        }
        Thread.sleep(forTimeInterval: 0.05)
    }
    if let quietFrom {
        let used = ProcessStatus.cpuSeconds(of: String(window.processIdentifier)) - quietFrom.cpu
        context.report("CPU left alone, 10 s to 60 s", used / Date().timeIntervalSince(quietFrom.time) * 100, "% of a core")
    }
    context.report("resident after 5 s", Double(at5) / 1e6, "MB", target: "≤ 300 MB")
    context.report("resident after 60 s", Double(at60) / 1e6, "MB", target: "≤ 300 MB")
    context.report("resident, peak over the minute (50 ms samples)", Double(peak) / 1e6, "MB", target: "≤ 300 MB")
    context.report("  peak as the kernel counts it (VmHWM)", Double(PhotoPageRun.residentBytes(of: window.processIdentifier, field: "VmHWM:")) / 1e6, "MB")
    PhotoPageRun.printPictureMemory(window, "after the last frame of the minute")

    guard let pointer = XTestPointer(display: server.display) else { return print("  (no XTEST on \(server.display); pan not measured)") }
    pointer.move(to: 500, 400)
    let reportsBefore = window.occurrences(of: "Frame times (ms): ")
    // 40 wheel clicks a second: two seconds down the page, two back up.
    for click in 0..<160 {
        pointer.wheel(click < 80 ? 5 : 4)
        Thread.sleep(forTimeInterval: 0.025)
        sample()
    }
    pointer.sync()
    Thread.sleep(forTimeInterval: 1)
    let inOrder = PhotoPageRun.frameTimes(window, skippingReports: reportsBefore)
    let times = inOrder.sorted()
    guard !times.isEmpty else { return print("  (no frames drawn while panning)") }
    let longest = inOrder.enumerated().sorted { $0.element > $1.element }.prefix(4)
    let longFrames = window.text.split(separator: "\n").filter { $0.hasPrefix("Long frame: ") }
    print("  long frames: the window's first, then the pan's last")
    for line in longFrames.prefix(1) + longFrames.suffix(6) { print("    " + line) }
    print("  pan: longest frames " + longest.map { String(format: "%.1f ms (#%d)", $0.element, $0.offset + 1) }.joined(separator: ", ")
          + " of \(inOrder.count)")
    context.report("pan: frames drawn", Double(times.count), "")
    context.report("pan: frame time, median", times[times.count / 2], "ms")
    context.report("pan: frame time, p99", percentile(times, 0.99), "ms", target: "≤ 16 ms")
    context.report("resident, peak with the pan", Double(peak) / 1e6, "MB", target: "≤ 300 MB")
    PhotoPageRun.printPictureMemory(window, "after the pan")
}

enum PhotoPageRun {
    /// The window's last word on its pictures' memory (decoded on the CPU, and as textures).
    static func printPictureMemory(_ window: QuireProcess, _ when: String) {
        guard let line = window.lastLine(startingWith: "Picture memory: ") else { return }
        print("  pictures held \(when): \(line.dropFirst("Picture memory: ".count))")
    }

    /// A process's resident memory (or another /proc status field), in bytes.
    static func residentBytes(of pid: Int32, field: String = "VmRSS:") -> Int {
        ProcessStatus.kilobytes(field, of: String(pid)) * 1024
    }

    /// The figure of a "What: N ms after ready" line.
    static func milliseconds(_ window: QuireProcess, _ prefix: String) -> Double? {
        window.lastLine(startingWith: prefix).flatMap { Double($0.dropFirst(prefix.count).prefix(while: { $0.isNumber || $0 == "." })) }
    }

    /// Every frame time printed after the first `skipping` "Frame times (ms):" lines.
    static func frameTimes(_ window: QuireProcess, skippingReports skipping: Int) -> [Double] {
        let lines = window.text.split(separator: "\n").filter { $0.hasPrefix("Frame times (ms): ") }
        return lines.dropFirst(skipping).flatMap { $0.dropFirst("Frame times (ms): ".count).split(separator: " ").compactMap { Double($0) } }
    }
}
