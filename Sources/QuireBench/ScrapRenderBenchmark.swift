import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender

/// A window-sized view (1280×1024) of a page holding 100 photo scraps (distinct 512×384 pictures,
/// turned a little, overlapping, each with a few strokes of its own and a shadow; every tenth with an
/// eraser on it), against an empty page in the same run: the frame time while drawing a live stroke
/// over it (the render benchmark's stroke stream), pen and eraser; opening the page (uploading the
/// pictures) and the texture bytes; sharpening the view after a zoom; what the shadows cost.
let scrapRenderBenchmark = Benchmark(name: "scraps-render",
                                     summary: "a view of 100 photo scraps: frame, upload and zoom times (1280×1024)") { context in
    guard let gl = benchmarkGL() else { return }
    let (width, height) = (1280, 1024)
    let samples = try context.handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()
    let registry = InkEngineRegistry.standard
    func strokes(_ tool: InkTool) -> [SceneStroke] {
        samples.map { strokeSamples in
            var engine = registry.makeEngine(for: registry.style(for: tool))
            return SceneStroke(sprites: engine.sprites(for: strokeSamples), style: engine.renderStyle)
        }
    }
    let handwriting = strokes(.pen)
    let erasing = strokes(.eraser)
    let scraps = photoScraps(count: 100, handwriting: handwriting, eraser: erasing[0].style)
    let unshadowed = scraps.map { item -> RenderItem in
        guard case var .group(group) = item else { return item }
        group.shadow = nil
        return .group(group)
    }
    let scrapStrokes = scraps.reduce(0) { total, item in
        guard case let .group(group) = item else { return total }
        return total + group.children.count - 1
    }
    print("  a page: \(scraps.count) scraps of 512×384 pictures, \(scrapStrokes) strokes on them")

    // 1. Opening the page: every picture uploaded (and mipmapped) and every scrap drawn; then the same
    // page opened again with its pictures already on the GPU, so the difference is the upload.
    let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
    func seconds(_ body: () -> Void) -> Double {
        let begin = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
    }
    let firstOpen = seconds {
        renderer.load(scraps)
        renderer.finish()
    }
    let uploads = renderer.imageUploads
    let reopen = bestTime(minimumSeconds: 1, maximumRuns: 10) {
        renderer.load(scraps)
        renderer.finish()
    }
    let reopenUnshadowed = bestTime(minimumSeconds: 1, maximumRuns: 10) {
        renderer.load(unshadowed)
        renderer.finish()
    }
    context.report("open: 100 pictures uploaded, all drawn", firstOpen * 1000, "ms")
    context.report("pictures uploaded", Double(uploads), "")
    context.report("open again, pictures on the GPU, best", reopen * 1000, "ms")
    context.report("so uploading the 100 pictures took", (firstOpen - reopen) * 1000, "ms")
    context.report("open again without shadows, best", reopenUnshadowed * 1000, "ms")
    context.report("picture textures (with mipmaps)", Double(renderer.imageTextureBytes) / 1_048_576, "MiB")

    // 2. Frame time while drawing a live stroke over the page, against an empty page.
    renderer.load(scraps)
    let empty = try PageRenderer(pageWidth: width, pageHeight: height)
    let target = try RenderTarget(width: width, height: height)
    for page in [renderer, empty] {
        page.drawView(width: width, height: height, pageToWindow: .identity, into: target)
        page.finishSharpening()
        page.finishBaking()
    }
    // The live strokes: twenty of the handwriting's strokes from the middle of the page, one after
    // another, 12 final sprites a frame (as the render benchmark draws its one).
    let middle = handwriting.count / 2
    let penStream = Array(handwriting[middle..<min(handwriting.count, middle + 20)])
    let eraserStream = Array(erasing[middle..<min(erasing.count, middle + 20)])
    var targetsMade = 0
    func frames(on page: PageRenderer, strokes: [SceneStroke], zoom: Double) -> [Double] {
        let view = AffineTransform.scale(zoom, zoom)
        page.drawView(width: width, height: height, pageToWindow: view, into: target)
        page.finishSharpening()
        var times: [Double] = []
        // Counted after the first round, the warm-up (as its times are left out): a scratch layer is
        // made the first time one is needed (a live eraser's over a scrap), then reused every frame.
        var targetsBefore = RenderTarget.created
        defer { targetsMade += RenderTarget.created - targetsBefore }
        for round in 0..<6 {
            if round == 1 { targetsBefore = RenderTarget.created }
            for stroke in strokes {
                page.beginLiveStroke(stroke.style)
                for start in stride(from: 0, to: stroke.sprites.count, by: 12) {
                    let time = seconds {
                        page.appendToLiveStroke(stroke.sprites[start..<min(stroke.sprites.count, start + 12)])
                        page.drawView(width: width, height: height, pageToWindow: view, provisional: [], into: target)
                        page.finish()
                    }
                    if round > 0 { times.append(time) }
                }
                page.endLiveStroke()
            }
            // Undone again, so every round draws over the same page.
            for _ in strokes { page.remove(at: page.count - 1) }
        }
        return times.sorted()
    }
    // At 100 % the view copies the ink layer; at 150 % it is drawn from vectors, and a live eraser
    // redraws every scrap under its newest dabs each frame.
    for (label, stream, zoom) in [("pen", penStream, 1.0), ("eraser", eraserStream, 1.0), ("eraser at 150 %", eraserStream, 1.5)] {
        let onScraps = frames(on: renderer, strokes: stream, zoom: zoom)
        let onEmpty = frames(on: empty, strokes: stream, zoom: zoom)
        context.report("\(label), 100 scraps: frame median", onScraps[onScraps.count / 2] * 1000, "ms", target: "≤ 4 ms")
        context.report("\(label), 100 scraps: frame p99", percentile(onScraps, 0.99) * 1000, "ms")
        context.report("\(label), empty page: frame median", onEmpty[onEmpty.count / 2] * 1000, "ms")
        context.report("\(label), empty page: frame p99", percentile(onEmpty, 0.99) * 1000, "ms")
    }
    context.report("GL targets made during the frames", Double(targetsMade), "", target: "0")
    context.report("page, view and scratch layers", Double(renderer.layerBytes) / 1_048_576, "MiB")

    // 3. A zoom: every view tile re-rendered from vectors, scraps and shadows included.
    for (label, page) in [("100 scraps", renderer), ("an empty page", empty)] {
        var times: [Double] = []
        for zoom in [2.0, 1.5, 2.0] {
            times.append(seconds {
                page.drawView(width: width, height: height, pageToWindow: .scale(zoom, zoom), into: target)
                page.finishSharpening()
                page.finish()
            })
        }
        context.report("sharpen after a zoom, \(label), best", times.min()! * 1000, "ms")
    }
    withExtendedLifetime(gl) {}
}

/// `count` photo scraps over the page, in a jittered grid of ten columns: each a distinct synthetic
/// 512×384 picture shown at about half size, turned up to ±8°, its outline the picture's edge, three of
/// the handwriting's strokes moved onto it, and on every tenth a stroke of `eraser` across its ink.
private func photoScraps(count: Int, handwriting: [SceneStroke], eraser: StrokeRenderStyle) -> [RenderItem] {
    var seed: UInt64 = 0x5c4a95
    func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    let (pictureWidth, pictureHeight) = (512, 384)
    return (0..<count).map { index in
        var picture = RGBAImage(width: pictureWidth, height: pictureHeight)
        picture.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<pictureHeight {
                for x in 0..<pictureWidth {
                    let i = (y * pictureWidth + x) * 4
                    pixels[i] = UInt8(truncatingIfNeeded: x / 2 + index * 37)
                    pixels[i + 1] = UInt8(truncatingIfNeeded: y / 2 + index * 11)
                    pixels[i + 2] = UInt8(truncatingIfNeeded: ((x / 32) ^ (y / 32)) * 24 + index)
                    pixels[i + 3] = 255
                }
            }
        }
        let centre = Point(90 + Double(index % 10) * 122 + (random() - 0.5) * 40,
                           80 + Double(index / 10) * 96 + (random() - 0.5) * 30)
        let scale = 0.45 + 0.2 * random(), turn = (random() - 0.5) * 0.28
        let placing = AffineTransform.translation(-Double(pictureWidth) / 2, -Double(pictureHeight) / 2)
            .concatenating(.scale(scale, scale)).concatenating(.rotation(turn))
            .concatenating(.translation(centre.x, centre.y))
        let corners = Quadrilateral(Rect(x: 0, y: 0, width: Double(pictureWidth), height: Double(pictureHeight)))
            .corners.map(placing.apply)
        let placed = Quadrilateral(upperLeft: corners[0], upperRight: corners[1], lowerRight: corners[2], lowerLeft: corners[3])
        var children: [RenderItem] = [.image(SceneImage(imageKey: "photo-\(index)", image: picture, corners: placed))]
        for k in 0..<3 {
            let stroke = handwriting[(index * 3 + k) % handwriting.count]
            let from = stroke.bounds.center, to = centre + Point(Double(k - 1) * 40, Double(k - 1) * 25)
            let (dx, dy) = (Float(to.x - from.x), Float(to.y - from.y))
            children.append(.stroke(SceneStroke(sprites: stroke.sprites.map { var s = $0; s.x += dx; s.y += dy; return s },
                                                style: stroke.style)))
        }
        if index % 10 == 0 {
            let sprites = (0...160).map { i in
                Sprite(x: Float(centre.x - 80 + Double(i)), y: Float(centre.y), diameter: 10, color: .black)
            }
            children.append(.stroke(SceneStroke(sprites: sprites, style: eraser)))
        }
        return .group(SceneGroup(clip: BezierPath(polygon: corners), children: children, shadow: .paper))
    }
}
