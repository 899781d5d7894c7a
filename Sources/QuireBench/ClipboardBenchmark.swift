import Dispatch
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireStorage

/// Copying a 12-megapixel photo scrap to the clipboard and pasting it, as the window does it (without
/// the X server's part): Ctrl+C reads the scrap's picture out of the notebook and offers it (the window
/// waits for this); the PNG other programs take is drawn in the background from then on; another Quire
/// takes Quire's own items (encoded, then read back with every check). A paste stores the picture in
/// the pasting notebook and puts the scrap on its page, one transaction each. Median and p99 of seven
/// runs each; the baseline is libpng encoding the photo's pixels alone, the least an image/png copy of
/// it can cost.
let clipboardBenchmark = Benchmark(name: "clipboard", summary: "copy and paste of a 12-MP photo scrap (release build)") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-clipboard-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let photo = BenchmarkPhoto.make(width: 4000, height: 3000)
    let jpeg = try JPEG.encode(photo, quality: 90)
    let source = try NotebookStore.create(at: folder + "/Source.quire", title: "Source")
    defer { try? source.close() }
    let blob = try source.storeBlob(jpeg, kind: .jpeg)
    // Placed as `quire import` places a photo on a Letter page (fitted to 600 px), cut to an octagon,
    // with twenty strokes of ink across it.
    let octagon = BezierPath(polygon: (0..<8).map { k in
        let angle = Double(k) / 8 * 2 * .pi + .pi / 8
        return Point(2000 + 2000 * cos(angle), 1500 + 1500 * sin(angle))
    })
    let ink = (0..<20).map { row in
        PageItem.stroke(Stroke(samples: (0..<200).map { InputSample(position: Point(400 + Double($0) * 16, 300 + Double(row) * 120),
                                                                    pressure: 0.6, time: Double($0) / 1000, device: .pen) },
                               style: .defaults(for: .pen)))
    }
    let scrap = PageItem(.scrap(Scrap(outline: octagon, transform: Homography(.scale(0.15, 0.15)).concatenating(Homography(.translation(100, 200))),
                                      image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 4000, pixelHeight: 3000),
                                                        rect: Rect(x: 0, y: 0, width: 4000, height: 3000)),
                                      items: ink)))
    try source.apply(Page().adding([scrap]), to: try source.pageIDs()[0])
    let item = try source.loadPage(try source.pageIDs()[0]).items[0]

    func timed(_ label: String, target: String? = nil, runs: Int = 7, _ body: () throws -> Void) rethrows {
        try body()   // warm-up
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        context.report("\(label): median", percentile(times, 0.5), "ms", target: target)
        context.report("  p99", percentile(times, 0.99), "ms", target: target)
    }

    var copy = try source.copying([item])
    try timed("Ctrl+C: read out and offered", target: "≤ 300 ms") { copy = try source.copying([item]) }
    let blobs = copy.blobs.bytesByID
    let pictures = CopiedItemPictures(copy.items) { blobs[$0] ?? [] }!
    var png: [UInt8] = []
    try timed("image/png ready (\(pictures.pixelSize.width)×\(pictures.pixelSize.height), background)", target: "≤ 300 ms") {
        png = try pictures.png()
    }
    context.report("  PNG size", Double(png.count) / 1e6, "MB")
    // What holding the offer costs: the process's resident memory with the copy's PNG and items made and
    // kept (as the window keeps them while it owns the clipboard), against before.
    png = []
    let before = ProcessStatus.kilobytes("VmRSS:")
    let held = (try pictures.png(), try copy.encoded())
    let after = ProcessStatus.kilobytes("VmRSS:")
    context.report("  resident growth holding PNG + items", Double(after - before) / 1e3, "MB",
                   target: "≤ \(String(format: "%.0f", Double(held.0.count + held.1.count) / 1e6)) MB, what they hold")
    try timed("baseline: libpng alone on the photo's pixels") { _ = try PNG.encode(photo, speed: .fast) }
    var encoded: [UInt8] = []
    try timed("Quire's own items encoded", target: "≤ 300 ms") { encoded = try copy.encoded() }

    var pasteNumber = 0
    var pasteTimes: [Double] = []
    func paste(_ copied: () throws -> CopiedItems) throws {
        pasteNumber += 1
        let target = try NotebookStore.create(at: folder + "/Target\(pasteNumber).quire", title: "Target")
        defer { try? target.close() }
        let page = try target.pageIDs()[0]
        let start = DispatchTime.now().uptimeNanoseconds
        let items = try copied()
        for blob in items.blobs { try target.storeBlob(blob.bytes, kind: blob.kind) }
        guard let (edit, _) = try target.loadPage(page).pasting(items.items, by: .identity) else { return }
        try target.apply(edit, to: page)
        pasteTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    func reportPastes(_ label: String) {
        pasteTimes.sort()
        context.report("\(label): median", percentile(pasteTimes, 0.5), "ms", target: "≤ 300 ms")
        context.report("  p99", percentile(pasteTimes, 0.99), "ms", target: "≤ 300 ms")
        pasteTimes = []
    }
    for _ in 0..<8 { try paste { copy } }
    pasteTimes.removeFirst()
    reportPastes("paste into another notebook (this Quire's copy)")
    for _ in 0..<8 { try paste { try CopiedItems(decoding: encoded) } }
    pasteTimes.removeFirst()
    reportPastes("paste from another Quire (read back and checked)")
}
