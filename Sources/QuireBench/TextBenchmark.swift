import Dispatch
import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// Text boxes through the renderer (EGL, no window, a Letter page at 1× in a 1024 × 768 view): a page
/// of 200 text boxes opened (drawn by FreeType, loaded, the first frame drawn) against the same page
/// with 200 handwriting strokes in their place; and a key typed into a line on the page of a box of
/// 10,000 characters on a page of 10,000 strokes (the box held up where it lies as the text tool holds
/// it, its line drawn again, the caret's layout, a frame), at 100 % and at the zoom that fits the page's
/// height, against a box of 10.
let textBenchmark = Benchmark(name: "text", summary: "text boxes: a page of 200 opened, typing into 10,000 characters (release build)") { context in
    guard let gl = benchmarkGL() else { return }
    _ = gl
    let fonts = PageTextFonts()
    guard fonts.problem(family: "sans-serif") == nil else {
        print("  skipped: no font for text boxes: \(fonts.problem(family: "sans-serif") ?? "")")
        return
    }
    let (width, height) = (816, 1056)
    let view = (width: 1024, height: 768)
    var builder = RenderItemBuilder(pictureDetail: 1)
    builder.textImage = { fonts.image(of: $0, detail: $1) }
    let target = try RenderTarget(width: view.width, height: view.height)
    let handwriting = try context.handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()
    let registry = InkEngineRegistry.standard

    // 1. Opening a page of 200 boxes (each drawn afresh: a new notebook's page), against 200 strokes.
    let boxes = (0..<200).map { k in
        PageItem(.text(TextItem(text: "Box \(k): the quick brown fox\njumps over the lazy dog \(k * 7)",
                                origin: Point(20 + Double(k % 4) * 200, 30 + Double(k / 4) * 20), fontSize: 12)))
    }
    let strokes = handwriting.prefix(200).map { PageItem(.stroke(Stroke(samples: $0, style: registry.style(for: .pen)))) }
    /// The window keeps its renderer from page to page of one size (`ShownPage.show`): a page turn.
    let kept = try PageRenderer(pageWidth: width, pageHeight: height)
    kept.drawView(width: view.width, height: view.height, pageToWindow: .identity, into: target)
    func open(_ items: [PageItem], fresh: Bool, into keptRenderer: PageRenderer? = nil) throws -> Double {
        if fresh {
            // Nothing drawn yet (a page not seen this session), the font open (as it is after the first page).
            let unseen = PageTextFonts()
            _ = unseen.problem(family: "sans-serif")
            builder.textImage = { unseen.image(of: $0, detail: $1) }
        }
        let begin = DispatchTime.now().uptimeNanoseconds
        let renderer = try keptRenderer ?? PageRenderer(pageWidth: width, pageHeight: height)
        renderer.load(builder.renderItems(items))
        renderer.drawView(width: view.width, height: view.height, pageToWindow: .identity, into: target)
        renderer.finish()
        return Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
    }
    var boxTimes: [Double] = [], strokeTimes: [Double] = [], turnTimes: [Double] = [], strokeTurnTimes: [Double] = []
    for _ in 0..<15 {
        boxTimes.append(try open(boxes, fresh: true))
        strokeTimes.append(try open(strokes, fresh: false))
        turnTimes.append(try open(boxes, fresh: true, into: kept))
        strokeTurnTimes.append(try open(strokes, fresh: false, into: kept))
    }
    boxTimes.sort()
    strokeTimes.sort()
    turnTimes.sort()
    strokeTurnTimes.sort()
    context.report("page of 200 text boxes opened, new renderer: median", percentile(boxTimes, 0.5) * 1000, "ms", target: "≤ 50 ms")
    context.report("  p99", percentile(boxTimes, 0.99) * 1000, "ms")
    context.report("  baseline, 200 strokes instead: median", percentile(strokeTimes, 0.5) * 1000, "ms")
    context.report("page of 200 text boxes turned to (renderer kept): median", percentile(turnTimes, 0.5) * 1000, "ms", target: "≤ 50 ms")
    context.report("  p99", percentile(turnTimes, 0.99) * 1000, "ms", target: "≤ 50 ms")
    context.report("  baseline, 200 strokes instead: median", percentile(strokeTurnTimes, 0.5) * 1000, "ms")

    // 2. Typing into a box on a page of 10,000 strokes.
    builder.textImage = { fonts.image(of: $0, detail: $1) }
    let page: [SceneStroke] = handwriting.map { samples in
        var engine = registry.makeEngine(for: registry.style(for: .pen))
        return SceneStroke(sprites: engine.sprites(for: samples), style: engine.renderStyle)
    }
    let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
    renderer.load(tenThousand(page).map(RenderItem.stroke))
    renderer.drawView(width: view.width, height: view.height, pageToWindow: .identity, into: target)
    renderer.finishSharpening()
    renderer.finishBaking()
    func typing(into start: String, atLine line: Int, zoom: Double) -> [Double] {
        let toWindow = QuireGeometry.AffineTransform.scale(zoom, zoom)
        renderer.drawView(width: view.width, height: view.height, pageToWindow: toWindow, into: target)
        renderer.finishSharpening()
        var item = TextItem(text: start, origin: Point(40, 60), fontSize: 14)
        let id = ItemID()
        _ = renderer.insert(builder.renderItem(PageItem(id: id, .text(item))), at: renderer.count)
        // Held up where it lies while typed into, as the text tool has it.
        if ProcessInfo.processInfo.environment["NOLIFT"] == nil { renderer.lift(at: renderer.count - 1, inPlace: true) }
        renderer.drawView(width: view.width, height: view.height, pageToWindow: toWindow, into: target)
        var characters = Array(start)
        // The end of line `line`: where the keys go.
        var caret = characters.indices.filter { characters[$0] == "\n" }.dropFirst(line).first ?? characters.count
        var times: [Double] = []
        for k in 0..<60 {
            let begin = DispatchTime.now().uptimeNanoseconds
            characters.insert(k % 10 == 9 ? " " : "x", at: caret)
            caret += 1
            item.text = String(characters)
            _ = renderer.replace(at: renderer.count - 1, with: builder.renderItem(PageItem(id: id, .text(item))))
            // The caret and frame the text tool draws over it come from the box's layout.
            _ = fonts.layout(of: item)
            renderer.drawView(width: view.width, height: view.height, pageToWindow: toWindow, into: target, onlyWhatChanged: true)
            renderer.finish()
            if k >= 10 { times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9) }
        }
        renderer.drop()
        _ = renderer.remove(at: renderer.count - 1)
        return times.sorted()
    }
    // 10,000 characters: 100 lines of 99 and a line break each.
    let long = (0..<100).map { line in String(String(repeating: "lorem ipsum dolor sit amet, consectetur adipiscing elit ", count: 2).prefix(98)) + String(line % 10) + "\n" }
        .joined()
    precondition(long.count == 10_000)
    for zoom in [1.0, 0.73] {
        let big = typing(into: long, atLine: 20, zoom: zoom)
        let small = typing(into: "0123456789", atLine: 0, zoom: zoom)
        let shown = "at \(Int(zoom * 100)) %"
        context.report("key into 10,000 characters, 10,000 strokes, \(shown): median", percentile(big, 0.5) * 1000, "ms", target: "≤ 4 ms")
        context.report("  p99", percentile(big, 0.99) * 1000, "ms", target: "≤ 4 ms")
        context.report("  baseline, a box of 10 characters, \(shown): median", percentile(small, 0.5) * 1000, "ms")
        context.report("  baseline p99", percentile(small, 0.99) * 1000, "ms")
    }
}
