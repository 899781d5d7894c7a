import Foundation
import QuireApp
import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// The interface's text and panels: the glyph atlas built for all printable ASCII at every text size
/// the interface draws (at 1× and 2×), and frame times with the toolbar shown and hidden on the same
/// page in the same run, frames of each taken in turn, through the real renderer with the app's own
/// overlay items (headless).
let interfaceBenchmark = Benchmark(
    name: "interface",
    summary: "glyph atlas build time; frame time with the toolbar shown vs hidden (1280×800, headless)"
) { context in
    guard let gl = benchmarkGL() else { return }
    defer { _ = gl }
    let fontPath: String
    do { fontPath = try FontLocator.file(forFamily: FontLocator.interfaceFamily) } catch {
        print("  skipped: \(error)")
        return
    }
    // 1. The atlas from nothing: FreeType rasterizing each glyph, then packing and copying it.
    let ascii = String(String.UnicodeScalarView((0x20...0x7e).compactMap(Unicode.Scalar.init)))
    let sizes = InterfaceOverlayPreview.textSizes
    print("  text sizes: " + sizes.map { String(format: "%g", $0) }.joined(separator: ", ") + " px per em (× the scale)")
    for scale in [1.0, 2.0] {
        var best = Double.infinity
        var atlas: GlyphAtlas?
        for _ in 0..<7 {
            let text = try TextRasterizer(fontPath: fontPath)
            let begin = DispatchTime.now().uptimeNanoseconds
            for size in sizes { _ = try text.run(ascii, size: size * scale) }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            atlas = text.atlas
        }
        guard let atlas else { continue }
        let bytes = atlas.pages.reduce(0) { $0 + $1.coverage.count }
        context.report("atlas build at \(Int(scale))×, \(atlas.count) glyphs", best * 1000, "ms")
        context.report("  its pages, bytes", Double(atlas.pages.count), "pages, \(bytes / 1024) KiB")
    }

    // 2. Frames on a page of handwriting, toolbar shown and hidden in turn.
    let (width, height) = (1280, 800)
    let registry = InkEngineRegistry.standard
    let pen = registry.style(for: .pen)
    let strokes: [SceneStroke] = try (context.handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()).map {
        var engine = registry.makeEngine(for: pen)
        return SceneStroke(sprites: engine.sprites(for: $0), style: engine.renderStyle)
    }
    let live = strokes[strokes.count / 2]
    let text = try TextRasterizer(fontPath: fontPath)
    for scale in [1.0, 2.0] {
        let interface = InterfaceOverlayPreview(text: text, scale: scale)
        let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
        renderer.load(strokes.map(RenderItem.stroke))
        let target = try RenderTarget(width: width, height: height)
        renderer.drawView(width: width, height: height, pageToWindow: .identity, into: target)
        renderer.finishSharpening()
        renderer.finishBaking()
        renderer.finish()

        /// Whole frames (a pan by a pixel each: everything redrawn, the overlay whole); `withoutText`:
        /// the overlay's text items left out, to show what the text itself costs.
        func panFrames(_ shown: Bool, withoutText: Bool = false, count: Int, into times: inout [Double]) {
            interface.toolbarShown = shown
            for frame in 0..<count {
                let begin = DispatchTime.now().uptimeNanoseconds
                var overlay = interface.overlay(width: width, height: height)
                if withoutText { overlay.removeAll { if case .text = $0 { true } else { false } } }
                renderer.drawView(width: width, height: height, pageToWindow: .translation(Double(frame % 2), 0),
                                  overlay: overlay, into: target)
                renderer.finish()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            }
        }
        /// Frames while a stroke is drawn: only what changed is redrawn (the app's partial frames).
        func drawingFrames(_ shown: Bool, into times: inout [Double]) {
            interface.toolbarShown = shown
            // Untimed: the whole window once, as after the pan frames and the toolbar shown or hidden.
            renderer.drawView(width: width, height: height, pageToWindow: .identity,
                              overlay: interface.overlay(width: width, height: height), into: target)
            renderer.finish()
            renderer.beginLiveStroke(live.style)
            for start in stride(from: 0, to: live.sprites.count, by: 12) {
                let begin = DispatchTime.now().uptimeNanoseconds
                renderer.appendToLiveStroke(live.sprites[start..<min(live.sprites.count, start + 12)])
                renderer.drawView(width: width, height: height, pageToWindow: .identity, provisional: [],
                                  overlay: interface.overlay(width: width, height: height), into: target, onlyWhatChanged: true)
                renderer.finish()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            }
            renderer.endLiveStroke()
            renderer.remove(at: renderer.count - 1)
        }
        var pan: [Bool: [Double]] = [true: [], false: []]
        var panWithoutText: [Double] = []
        var drawing: [Bool: [Double]] = [true: [], false: []]
        // Warm-up of both (textures, atlas pages uploaded), then rounds alternating which goes first.
        var discard: [Double] = []
        panFrames(true, count: 4, into: &discard)
        panFrames(false, count: 4, into: &discard)
        for round in 0..<12 {
            for shown in round % 2 == 0 ? [true, false] : [false, true] {
                panFrames(shown, count: 10, into: &pan[shown, default: []])
                drawingFrames(shown, into: &drawing[shown, default: []])
            }
            panFrames(true, withoutText: true, count: 10, into: &panWithoutText)
        }
        for (kind, times) in [("whole frame", pan), ("drawing frame", drawing)] {
            for shown in [true, false] {
                let sorted = times[shown, default: []].sorted()
                guard !sorted.isEmpty else { continue }
                let label = "\(kind) \(Int(scale))×, toolbar \(shown ? "shown" : "hidden")"
                context.report(label + ", median", sorted[sorted.count / 2] * 1000, "ms")
                context.report(label + ", p99", percentile(sorted, 0.99) * 1000, "ms")
            }
        }
        panWithoutText.sort()
        context.report("whole frame \(Int(scale))×, shown, no text, median", panWithoutText[panWithoutText.count / 2] * 1000, "ms")
        let callsBefore = renderer.overlayTextDrawCalls
        panFrames(true, count: 1, into: &discard)
        context.report("text draw calls, a whole frame at \(Int(scale))×", Double(renderer.overlayTextDrawCalls - callsBefore), "",
                       target: "one per atlas page")
    }
}
