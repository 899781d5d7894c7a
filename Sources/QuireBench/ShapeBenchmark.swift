import Dispatch
import Foundation
import QuireGeometry
import QuireInk

/// What taking a held stroke for a shape costs, on the window's thread at the moment the pen has been
/// still half a second: recognising it and making the clean shape's samples, for shapes drawn by a 1 kHz
/// pen (a sample every half pixel), a ten-second scribble that is no shape, and handwriting. Each call
/// is timed alone (median and p99 of many). The baseline is one Douglas–Peucker pass over the same
/// samples, the least any corner-finding recogniser does.
let shapeBenchmark = Benchmark(name: "shapes", summary: "recognising a held stroke as a shape (release build)") { context in
    let strokes: [(name: String, samples: [InputSample], expected: RecognizedShape.Kind?)] = [
        ("line, 600 px", wavering([Point(100, 300), Point(700, 330)], closed: false), .line),
        ("rectangle, 400 × 300", wavering([Point(100, 100), Point(500, 100), Point(500, 400), Point(100, 400)], closed: true), .rectangle),
        ("triangle", wavering([Point(300, 100), Point(550, 450), Point(80, 420)], closed: true), .triangle),
        ("circle, radius 200", wavering((0..<64).map { Point(400 + 200 * cos(Double($0) / 64 * 2 * .pi), 400 + 200 * sin(Double($0) / 64 * 2 * .pi)) },
                                        closed: true), .circle),
        ("arrow", wavering([Point(100, 400), Point(500, 150), Point(430, 150), Point(500, 150), Point(480, 215)], closed: false), .arrow),
        ("scribble (no shape)", (0..<10_000).map { k in
            let t = Double(k) / 1000
            return InputSample(position: Point(400 + 150 * sin(t * 7.3) + 40 * sin(t * 31), 400 + 120 * cos(t * 5.1) + 30 * cos(t * 23)),
                               pressure: 0.6, time: t, device: .pen)
        }, nil),
    ]
    for stroke in strokes {
        let found = ShapeRecognizer.recognize(stroke.samples.map(\.position))
        if found?.kind != stroke.expected {
            print("  warning: \(stroke.name) was taken for \(found?.kind.rawValue ?? "no shape")")
        }
        let times = timedCalls {
            if let shape = ShapeRecognizer.recognize(stroke.samples.map(\.position)) { _ = shape.samples(replacing: stroke.samples) }
        }
        let positions = stroke.samples.map(\.position)
        let baseline = timedCalls {
            var simplifier = DouglasPeuckerSimplifier(tolerance: 2)
            var kept: [Int] = []
            simplifier.simplify(positions, into: &kept)
        }
        context.report("\(stroke.name), \(stroke.samples.count) samples: median", times.median * 1000, "ms", target: "≤ 2 ms")
        context.report("  p99", times.p99 * 1000, "ms", target: "≤ 2 ms")
        context.report("  baseline (one Douglas–Peucker pass) median", baseline.median * 1000, "ms")
    }
    let handwriting = try context.handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()
    var each: [Double] = []
    var taken = 0
    for stroke in handwriting {
        let positions = stroke.map(\.position)
        let start = DispatchTime.now().uptimeNanoseconds
        if let shape = ShapeRecognizer.recognize(positions) {
            _ = shape.samples(replacing: stroke)
            taken += 1
        }
        each.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    each.sort()
    context.report("handwriting, \(handwriting.count) strokes: median", percentile(each, 0.5) * 1000, "ms", target: "≤ 2 ms")
    context.report("  p99", percentile(each, 0.99) * 1000, "ms", target: "≤ 2 ms")
    context.report("  taken for shapes", Double(taken), "strokes")
}

/// `body` timed call by call for about half a second (at least 20 calls): median and p99 in seconds.
private func timedCalls(_ body: () -> Void) -> (median: Double, p99: Double) {
    var times: [Double] = []
    let end = DispatchTime.now().uptimeNanoseconds + 500_000_000
    while times.count < 20 || (DispatchTime.now().uptimeNanoseconds < end && times.count < 100_000) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return (percentile(times, 0.5), percentile(times, 0.99))
}

/// A pen's samples along `corners` (back to the first when `closed`, and 3 % past it), a sample every
/// half pixel (1 kHz at 500 px/s), the hand wavering 3 px either side.
private func wavering(_ corners: [Point], closed: Bool) -> [InputSample] {
    let route = closed ? corners + [corners[0], corners[0].lerp(to: corners[1], 0.03)] : corners
    var samples: [InputSample] = []
    var travelled = 0.0
    for (a, b) in zip(route, route.dropFirst()) {
        let length = a.distance(to: b)
        let normal = (b - a).normalized.perpendicular
        for s in stride(from: 0, to: length, by: 0.5) {
            let p = a.lerp(to: b, s / length) + normal * (3 * sin((travelled + s) / 37))
            samples.append(InputSample(position: p, pressure: 0.4 + 0.3 * sin((travelled + s) / 90), time: Double(samples.count) / 1000, device: .pen))
        }
        travelled += length
    }
    return samples
}
