import Foundation
import QuireGeometry
import QuireInk

/// The ink engine on a page of handwriting: samples smoothed a second (Shemanarev control points plus
/// the arc-length table, what every sample costs before any sprite), sprites generated a second by the
/// default engine as the app drives it (one reused `StrokeUpdate`, provisional segments included in the
/// work but only final sprites counted), the same strokes built whole (no provisional segments), and the
/// straight-segment builder as a baseline.
let inkBenchmark = Benchmark(name: "ink", summary: "smoothing and sprite generation on a page of handwriting") { context in
    let strokes: [[InputSample]]
    if let path = context.handwritingPath {
        strokes = try loadHandwriting(path)
        print("  handwriting: \(path)")
    } else {
        strokes = synthesizedHandwriting()
        print("  handwriting: synthesised (pass --handwriting PATH for a recorded page)")
    }
    let sampleCount = strokes.reduce(0) { $0 + $1.count }
    print("  \(strokes.count) strokes, \(sampleCount) samples")

    // Smoothing alone.
    var table = ArcLengthTable()
    var checksum = 0.0
    let smoothing = bestTime {
        for stroke in strokes where stroke.count > 1 {
            let n = stroke.count
            for i in 1..<n {
                let p0 = stroke[max(0, i - 2)].position, p1 = stroke[i - 1].position
                let p2 = stroke[i].position, p3 = stroke[min(n - 1, i + 1)].position
                table.measure(ShemanarevSmoothing.segment(p0, p1, p2, p3, smoothness: 0.75))
                checksum += table.totalLength
            }
        }
    }

    // The default engine, through the registry as the app makes it.
    let style = InkEngineRegistry.standard.style(for: .pen)
    var engine = InkEngineRegistry.standard.makeEngine(for: style)
    var update = StrokeUpdate()
    var sprites = 0
    let drawing = bestTime {
        sprites = 0
        for stroke in strokes {
            engine.begin(stroke[0], into: &update)
            sprites += update.committed.count
            for sample in stroke.dropFirst() {
                engine.add(sample, into: &update)
                sprites += update.committed.count
            }
            engine.end(into: &update)
            sprites += update.committed.count
        }
    }

    // The same strokes built whole (`sprites(for:)`: opening a page, an export, a cut's pieces), which
    // walks no provisional segment; against the live drive above, in the same run.
    var wholeSprites = 0
    let whole = bestTime {
        wholeSprites = 0
        for stroke in strokes { wholeSprites += engine.sprites(for: stroke).count }
    }

    // Baseline: straight segments, no smoothing, no provisional segment.
    var straight = StraightStrokeBuilder(minimumDiameter: style.minimumWidth, maximumDiameter: style.maximumWidth)
    var straightSprites = 0
    let baseline = bestTime {
        straightSprites = 0
        for stroke in strokes {
            straightSprites += straight.begin(stroke[0]).committed.count
            for sample in stroke.dropFirst() { straightSprites += straight.add(sample).committed.count }
            _ = straight.end()
        }
    }

    if checksum.isNaN { print("  (checksum NaN)") }
    let smoothedPerSecond = Double(sampleCount) / smoothing
    let spritesPerSecond = Double(sprites) / drawing
    print("  \(sprites) sprites from the default pen (\(String(format: "%.1f", Double(sprites) / Double(sampleCount))) a sample)")
    context.report("samples smoothed (Shemanarev + arc length)", smoothedPerSecond / 1e6, "M/s", target: "≥ 1 M/s")
    context.report("sprites generated (default engine, final)", spritesPerSecond / 1e6, "M/s", target: "≥ 5 M/s")
    context.report("samples through the default engine", Double(sampleCount) / drawing / 1e6, "M/s")
    context.report("page through the default engine", drawing * 1000, "ms")
    context.report("page built whole (no provisional ink)", whole * 1000, "ms")
    context.report("built whole / drawn live time", whole / drawing, "×")
    if wholeSprites != sprites { print("  built whole gave \(wholeSprites) sprites, drawn live \(sprites): they differ") }
    context.report("baseline: straight builder sprites", Double(straightSprites) / baseline / 1e6, "M/s")
    context.report("baseline: straight builder samples", Double(sampleCount) / baseline / 1e6, "M/s")
    context.report("default engine / straight builder time", drawing / baseline, "×")
}
