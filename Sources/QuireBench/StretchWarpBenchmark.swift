import CGL
import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireStorage
import QuireX11

/// The stretch gesture's live warp as the window draws it: a page of 20 photo scraps (each its own
/// 1024×768 JPEG, with ten strokes of ink on it) in a 1280×1024 view, one scrap pulled out by Shift+drag
/// (stretched to 1.9×, short of the split, and back, one pointer sample a frame). Each frame is the
/// app's whole part: the event through the canvas (the select tool, the stretch homography, the
/// previewed item), the render work performed (the scrap's render item rebuilt: its ink re-inked and
/// carried through the projective map, its picture looked up), pictures that arrived shown, the view
/// drawn and the GL finished. Against the same page in the same run: the scrap moved by a plain drag
/// (the same path through the app, unwarped), and the page redrawn with nothing changing. Each is
/// measured in two passes, printed side by side, so a run's noise shows in its own figures.
let stretchWarpBenchmark = Benchmark(name: "stretch-warp",
                                     summary: "frame time of a page of 20 photo scraps while one is warped live (1280×1024)") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-stretch-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let gl = benchmarkGL() else { return }
    let (width, height) = (1280, 1024)
    let target = try RenderTarget(width: width, height: height)

    // The page: 20 distinct photos in a 5 × 4 grid, each with a line of handwriting on it.
    let store = try NotebookStore.create(at: folder + "/stretch.quire", title: "Stretch")
    defer { try? store.close() }
    let handwriting = try context.handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()
    var photo = BenchmarkPhoto.make(width: 1024, height: 768)
    var items: [PageItem] = []
    for i in 0..<20 {
        for y in 0..<48 { for x in 0..<48 { photo[x, y] = .init(r: UInt8(i * 12), g: UInt8(255 - i * 12), b: 90, a: 255) } }
        let blob = try store.storeBlob(try JPEG.encode(photo, quality: 90), kind: .jpeg)
        let cell = Rect(x: 8 + Double(i % 5) * 160, y: 40 + Double(i / 5) * 240, width: 152, height: 200)
        guard var scrap = Scrap.photo(ImageReference(blob: blob, pixelWidth: 1024, pixelHeight: 768),
                                      centredAt: Point(cell.minX + cell.width / 2, cell.minY + cell.height / 2), fitting: cell),
              let toScrap = scrap.transform.inverted else { continue }
        // Ten strokes written across the middle of the photo, as a caption would be (in the scrap's own
        // coordinates, so the scrap carries them).
        let start = (i * 10) % max(1, handwriting.count - 10)
        for (k, samples) in handwriting[start..<min(handwriting.count, start + 10)].enumerated() {
            guard let first = samples.first?.position else { continue }
            let shift = Point(cell.minX + 20 + Double(k) * 11, cell.minY + cell.height / 2) - first
            let moved = samples.compactMap { s -> InputSample? in
                var s = s
                guard let p = toScrap.apply(s.position + shift) else { return nil }
                s.position = p
                return s
            }
            scrap.items.append(.stroke(Stroke(samples: moved, style: .defaults(for: .pen))))
        }
        items.append(PageItem(.scrap(scrap)))
    }
    let canvas = CanvasController(page: Page(items: items))
    _ = canvas.handle(.resized(width: width, height: height))
    canvas.select(.select)
    let pictures = PictureCache(store: store, report: { print($0) })
    let builder = RenderItemBuilder(image: pictures.requestImage)
    let renderer = try PageRenderer(pageWidth: canvas.page.size.pixelSize.width, pageHeight: canvas.page.size.pixelSize.height)
    renderer.load(canvas.page, building: builder)
    _ = canvas.takeRenderWork()

    func seconds(_ body: () -> Void) -> Double {
        let begin = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
    }
    /// Per frame, the parts: the event through the canvas and the render items rebuilt (CPU only);
    /// the renderer's layers redrawn where the item was and is (GL finished); the view drawn.
    var parts: (canvas: [Double], layers: [Double], view: [Double]) = ([], [], [])
    /// One frame as the window draws it after an event. The GL is finished between the parts so each
    /// is charged its own drawing (the window finishes once; the sum is the same work).
    func frame(_ event: WindowEvent?) {
        var work: [RenderWork] = []
        let canvasTime = seconds {
            if let event { _ = canvas.handle(event) }
            work = canvas.takeRenderWork()
        }
        let layerTime = seconds {
            renderer.perform(work, building: builder)
            let arrived = pictures.takeArrived()
            if !arrived.isEmpty {
                for (index, item) in canvas.page.items.enumerated() where !item.blobs.isDisjoint(with: arrived) {
                    renderer.replace(at: index, with: builder.renderItem(item))
                }
            }
            glFinish()
        }
        let viewTime = seconds {
            renderer.drawView(width: width, height: height, pageToWindow: canvas.pageToWindow, provisional: [], into: target)
            renderer.finish()
            glFinish()
        }
        parts.canvas.append(canvasTime)
        parts.layers.append(layerTime)
        parts.view.append(viewTime)
    }
    // Every picture decoded and on the GPU before anything is timed.
    frame(nil)
    pictures.waitForDecodes()
    frame(nil)

    // The pulled scrap: the one in the middle of the grid, pressed on its right half.
    let pulled = 7
    let bounds = canvas.page.items[pulled].bounds
    let toWindow = canvas.pageToWindow
    let press = toWindow.apply(Point(bounds.maxX - bounds.width / 5, bounds.minY + bounds.height / 2))
    let reach = bounds.width * 0.9 * toWindow.a   // out to 1.9× its width: short of the split at 2×
    let framesPerPull = 60
    var time = 0.0
    func sample(_ p: Point) -> InputSample {
        time += 1.0 / 120
        return InputSample(position: p, time: time)
    }
    /// Frame times of a drag (with or without Shift) out and back `pulls` times, sorted.
    func dragFrames(shift: Bool, pulls: Int) -> [Double] {
        var times: [Double] = []
        _ = canvas.handle(.pointerDown(sample(press), button: 1, shift: shift))
        for pull in 0..<pulls {
            for i in 1...framesPerPull {
                let f = Double(i) / Double(framesPerPull)
                let out = pull % 2 == 0 ? f : 1 - f
                let t = seconds { frame(.pointerMoved(sample(press + Point(reach * out, 0)))) }
                times.append(t)
            }
        }
        _ = canvas.handle(.pointerUp(sample(press), button: 1))
        frame(nil)
        // Let go where it began (or sprung back): the page as it was.
        return times.sorted()
    }
    func stillFrames(_ count: Int) -> [Double] {
        (0..<count).map { _ in seconds { frame(nil) } }.sorted()
    }
    let before = canvas.page
    // Warm-up: every size the pulled picture asks for decoded (the window decodes them on other
    // threads while showing a smaller one; here they are ready before timing).
    _ = dragFrames(shift: true, pulls: 2)
    pictures.waitForDecodes()
    frame(nil)

    var figures: [String: [[Double]]] = [:]
    var warpParts: [(String, [Double])] = []
    for _ in 0..<2 {
        parts = ([], [], [])
        figures["warped", default: []].append(dragFrames(shift: true, pulls: 4))
        warpParts += [("canvas", parts.canvas), ("layers", parts.layers), ("view", parts.view)]
        figures["moved", default: []].append(dragFrames(shift: false, pulls: 4))
        figures["still", default: []].append(stillFrames(240))
    }
    if canvas.page != before { print("  warning: the page changed during the benchmark (a drag split or moved the scrap)") }

    func median(_ sorted: [Double]) -> Double { sorted[sorted.count / 2] }
    func both(_ name: String, _ stat: ([Double]) -> Double) -> String {
        figures[name]!.map { String(format: "%.2f", stat($0) * 1000) }.joined(separator: " / ")
    }
    print("  a page: 20 scraps of 1024×768 JPEGs, 10 strokes on each; frames in ms, pass 1 / pass 2")
    for (name, label) in [("warped", "one scrap warped live (Shift+drag)"), ("moved", "the same scrap moved (plain drag)"),
                          ("still", "the page redrawn unchanged")] {
        print("  \(label.padding(toLength: 40, withPad: " ", startingAt: 0)) median \(both(name, median))   p99 \(both(name, { percentile($0, 0.99) }))"
              + (name == "warped" ? "   (target ≤ 4 ms)" : ""))
    }
    for name in ["canvas", "layers", "view"] {
        let all = warpParts.filter { $0.0 == name }.flatMap(\.1).sorted()
        context.report("warped, \(name) part: median", median(all) * 1000, "ms")
        context.report("warped, \(name) part: p99", percentile(all, 0.99) * 1000, "ms")
    }
    // Of the layers part, what building the pulled scrap's render item takes (its ink re-inked and
    // carried onto the page, its picture looked up): the rest is the renderer redrawing the layers.
    let pulledItem = canvas.page.items[pulled]
    let build = bestTime(minimumSeconds: 0.3) { _ = builder.renderItem(pulledItem) }
    context.report("of which building the scrap's render item", build * 1000, "ms")
    // Of the layers part, the redraw alone: the pulled scrap put back and forth between two places
    // (its render items built beforehand), with its shadow and without: median and p99 over 0.3 s
    // of redraws (at least 20) after one to warm up.
    func redraws(shadow: Bool) -> (median: Double, p99: Double) {
        var items: [RenderItem] = []
        for dx in [0.0, 40.0] {
            guard let moved = pulledItem.transformed(by: Homography(.translation(dx, 0))),
                  case var .group(group) = builder.renderItem(moved) else { return (.nan, .nan) }
            if !shadow { group.shadow = nil }
            items.append(.group(group))
        }
        var flip = 0
        var times: [Double] = []
        var spent = 0.0
        for run in 0... {
            let begin = DispatchTime.now().uptimeNanoseconds
            flip ^= 1
            renderer.replace(at: pulled, with: items[flip])
            glFinish()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
            if run == 0 { continue }
            times.append(seconds)
            spent += seconds
            if spent >= 0.3 && times.count >= 20 { break }
        }
        renderer.replace(at: pulled, with: builder.renderItem(pulledItem))
        times.sort()
        return (median(times), percentile(times, 0.99))
    }
    let withShadow = redraws(shadow: true), withoutShadow = redraws(shadow: false)
    context.report("a replace of the scrap redrawn, median", withShadow.median * 1000, "ms")
    context.report("a replace of the scrap redrawn, p99", withShadow.p99 * 1000, "ms")
    context.report("the same without its shadow, median", withoutShadow.median * 1000, "ms")
    context.report("the same without its shadow, p99", withoutShadow.p99 * 1000, "ms")
    let warped = figures["warped"]!.flatMap { $0 }.sorted(), moved = figures["moved"]!.flatMap { $0 }.sorted()
    let still = figures["still"]!.flatMap { $0 }.sorted()
    context.report("warped: frame median (both passes)", median(warped) * 1000, "ms", target: "≤ 4 ms")
    context.report("warped: frame p99 (both passes)", percentile(warped, 0.99) * 1000, "ms")
    context.report("warped / moved, median", median(warped) / median(moved), "×")
    context.report("warped / unchanged page, median", median(warped) / median(still), "×")
    withExtendedLifetime(gl) {}
}
