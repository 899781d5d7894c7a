import Foundation
import QuireGeometry
import QuireInk
import QuireRender

/// The renderer on Mesa (or whatever GL is current) through EGL, no window: throughput against raw GL
/// points in the same run, frame time while drawing on a page of 10,000 strokes, and undo time (the
/// newest item removed, as the app undoes) on pages of 10 and of 10,000 strokes.
let renderBenchmark = Benchmark(name: "render", summary: "sprites through the renderer, frame and undo times (1280×1024)") { context in
    guard let gl = benchmarkGL() else { return }
    let (width, height) = (1280, 1024)
    let samples = try context.handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()
    let registry = InkEngineRegistry.standard
    let pen = registry.style(for: .pen)
    let page: [SceneStroke] = samples.map { strokeSamples in
        var engine = registry.makeEngine(for: pen)
        return SceneStroke(sprites: engine.sprites(for: strokeSamples), style: engine.renderStyle)
    }
    let spriteCount = page.reduce(0) { $0 + $1.sprites.count }
    print("  a page: \(page.count) strokes, \(spriteCount) sprites")

    // 1. Throughput: a page opened (strokes batched) and appended one by one (a draw a stroke), against
    // all its sprites in one raw draw.
    let raw = try RawPointBaseline(sprites: page.flatMap(\.sprites), width: width, height: height)
    let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
    renderer.undoWindow = Int.max
    func openPage() {
        renderer.clearInk()
        renderer.load(page.map(RenderItem.stroke))
        renderer.finish()
    }
    // Five rounds, raw and renderer taken in turn within each, so a neighbour's load on the machine
    // falls on both sides of a ratio; the goal (issue 15) is every round ≥ 0.8, so the spread is printed.
    // Processor time (all threads: llvmpipe rasterizes on its own) is printed beside the wall clock:
    // on a busy machine it is the steadier of the two.
    var rounds: [(raw: Double, load: Double)] = []
    var processorRatios: [Double] = []
    for _ in 0..<5 {
        let rawTimes = bestTimes(minimumSeconds: 0.4) { raw.drawAll() }
        let loadTimes = bestTimes(minimumSeconds: 0.4) { openPage() }
        rounds.append((rawTimes.wall, loadTimes.wall))
        processorRatios.append(rawTimes.processor / loadTimes.processor)
    }
    processorRatios.sort()
    let rendererSeconds = bestTime(minimumSeconds: 1) {
        renderer.clearInk()
        for stroke in page { renderer.append(stroke) }
        renderer.finish()
    }
    let rawSeconds = rounds.map(\.raw).min() ?? .infinity
    let loadSeconds = rounds.map(\.load).min() ?? .infinity
    let ratios = rounds.map { $0.raw / $0.load }.sorted()
    let rawRate = Double(spriteCount) / rawSeconds
    let loadRate = Double(spriteCount) / loadSeconds, appendRate = Double(spriteCount) / rendererSeconds
    context.report("raw GL points (one static draw)", rawRate / 1e6, "M sprites/s")
    context.report("renderer, opening a page (batched)", loadRate / 1e6, "M sprites/s")
    context.report("renderer / raw, worst of 5 rounds", ratios[0], "", target: "≥ 0.8 in every round")
    print("  renderer / raw, each round (sorted)          " + ratios.map { String(format: "%.2f", $0) }.joined(separator: " "))
    context.report("renderer / raw by CPU time, worst round", processorRatios[0], "")
    print("  by CPU time, each round (sorted)             " + processorRatios.map { String(format: "%.2f", $0) }.joined(separator: " "))
    context.report("renderer, stroke by stroke (a draw each)", appendRate / 1e6, "M sprites/s")
    context.report("stroke by stroke / raw", appendRate / rawRate, "")

    // 2. Frame time while drawing on a page of about 10,000 strokes.
    let big = try PageRenderer(pageWidth: width, pageHeight: height)
    big.load(tenThousand(page).map(RenderItem.stroke))
    let target = try RenderTarget(width: width, height: height)
    big.drawView(width: width, height: height, pageToWindow: .identity, into: target)
    big.finishSharpening()
    big.finishBaking()
    let live = page[page.count / 2]
    let targetsBefore = RenderTarget.created
    var frames: [Double] = []
    for round in 0..<11 {
        big.beginLiveStroke(live.style)
        for start in stride(from: 0, to: live.sprites.count, by: 12) {
            let begin = DispatchTime.now().uptimeNanoseconds
            big.appendToLiveStroke(live.sprites[start..<min(live.sprites.count, start + 12)])
            big.drawView(width: width, height: height, pageToWindow: .identity, provisional: [], into: target)
            big.finish()
            if round > 0 { frames.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9) }
        }
        big.endLiveStroke()
        big.remove(at: big.count - 1)
    }
    frames.sort()
    context.report("page strokes for the frame test", Double(big.count), "")
    context.report("frame while drawing, median", frames[frames.count / 2] * 1000, "ms", target: "≤ 4 ms")
    context.report("frame while drawing, p99", percentile(frames, 0.99) * 1000, "ms")
    context.report("GL targets made during those frames", Double(RenderTarget.created - targetsBefore), "")

    // 2b. A zoom on that page: every view tile re-rendered from vectors, from sprites already on the GPU.
    let uploadedBeforeZoom = big.strokeBytesUploaded
    var sharpenTimes: [Double] = []
    for zoom in [2.0, 1.5, 2.0] {
        let begin = DispatchTime.now().uptimeNanoseconds
        big.drawView(width: width, height: height, pageToWindow: .scale(zoom, zoom), into: target)
        big.finishSharpening()
        big.finish()
        sharpenTimes.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
    }
    context.report("sharpening the whole view after a zoom, best", sharpenTimes.min()! * 1000, "ms")
    context.report("stroke sprite bytes uploaded by those zooms", Double(big.strokeBytesUploaded - uploadedBeforeZoom), "B",
                   target: "0")

    // 3. Undo on pages of 10 and of 10,000 strokes: the same stroke undone, each time.
    func undoTime(strokes: [SceneStroke]) throws -> (median: Double, p99: Double) {
        let r = try PageRenderer(pageWidth: width, pageHeight: height)
        r.load(strokes.map(RenderItem.stroke))
        r.finish()
        var times: [Double] = []
        for _ in 0..<200 {
            let begin = DispatchTime.now().uptimeNanoseconds
            // Undo is the inverse edit: the newest item removed; redo puts it back on top.
            let undone = r.remove(at: r.count - 1)!
            r.finish()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            r.insert(undone, at: r.count)
            r.finish()
        }
        times.sort()
        return (times[times.count / 2], percentile(times, 0.99))
    }
    let lastStroke = page[page.count / 2]
    let small = try undoTime(strokes: Array(page.prefix(9)) + [lastStroke])
    let large = try undoTime(strokes: tenThousand(page) + [lastStroke])
    context.report("undo on a page of 10 strokes, median", small.median * 1000, "ms", target: "≤ 2 ms")
    context.report("undo on a page of 10 strokes, p99", small.p99 * 1000, "ms")
    context.report("undo on a page of 10,000 strokes, median", large.median * 1000, "ms", target: "≤ 2 ms")
    context.report("undo on a page of 10,000 strokes, p99", large.p99 * 1000, "ms")
    context.report("10,000 / 10 (medians)", large.median / small.median, "", target: "≤ 1.2")

    // 4. Reordering on a page of 10,000 strokes: the newest sent back one and brought forward again, as
    // moves, which keep its sprites on the GPU and redraw its rectangle once.
    let reordered = try PageRenderer(pageWidth: width, pageHeight: height)
    reordered.load((tenThousand(page) + [lastStroke]).map(RenderItem.stroke))
    reordered.finish()
    let uploadedBeforeMoves = reordered.strokeBytesUploaded
    var moveTimes: [Double] = []
    for round in 0..<200 {
        let top = reordered.count - 1
        let begin = DispatchTime.now().uptimeNanoseconds
        if round % 2 == 0 { reordered.move(from: top, to: top - 1) } else { reordered.move(from: top - 1, to: top) }
        reordered.finish()
        moveTimes.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
    }
    moveTimes.sort()
    context.report("reorder on a page of 10,000 strokes, median", moveTimes[moveTimes.count / 2] * 1000, "ms")
    context.report("reorder on a page of 10,000 strokes, p99", percentile(moveTimes, 0.99) * 1000, "ms")
    context.report("stroke sprite bytes uploaded by those moves", Double(reordered.strokeBytesUploaded - uploadedBeforeMoves),
                   "B", target: "0")
    withExtendedLifetime(gl) {}
}

/// About 10,000 strokes: the page's strokes repeated, each copy nudged so they do not coincide.
func tenThousand(_ page: [SceneStroke]) -> [SceneStroke] {
    var out: [SceneStroke] = []
    var copy = 0
    while out.count < 10_000 {
        let dx = Float(copy % 3) * 3, dy = Float(copy / 3) * 2
        for stroke in page where out.count < 10_000 {
            out.append(SceneStroke(sprites: stroke.sprites.map { var s = $0; s.x += dx; s.y += dy; return s },
                                   style: stroke.style))
        }
        copy += 1
    }
    return out
}
