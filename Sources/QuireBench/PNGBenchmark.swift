import Foundation
import QuireImageIO

/// PNG encoding of a 300-dpi Letter page image (2550×3300, paper with sparse ink): the previous encoder's
/// settings (RGBA, libpng's default level 6 and adaptive filters) as the baseline, against what exports
/// use now (one pass, RGB for an opaque page, `PNGWriter.fastLevel` unfiltered), each timed 9 times.
let pngBenchmark = Benchmark(name: "png", summary: "libpng encode of a 2550×3300 page image: previous settings vs one-pass RGB at the fast level") { context in
    var image = RGBAImage(width: 2550, height: 3300, fill: (255, 255, 255, 255))
    // Ink-like content, so the compressor has real work.
    for y in stride(from: 0, to: 3300, by: 5) {
        for x in 0..<2550 where (x * 31 + y * 17) % 97 < 9 { image[x, y] = .init(r: 20, g: 20, b: 30, a: 255) }
    }
    func measure(_ channels: PNGWriter.Channels, level: Int) throws -> (median: Double, p99: Double, bytes: Int) {
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<9 {
            let start = DispatchTime.now().uptimeNanoseconds
            let writer = try PNGWriter(path: nil, width: image.width, height: image.height, channels: channels, level: level)
            try writer.write(image)
            bytes = try writer.finish().count
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        return (times[times.count / 2], percentile(times, 0.99), bytes)
    }
    let previous = try measure(.rgba, level: PNGWriter.defaultLibpngLevel)
    let now = try measure(.rgb, level: PNGWriter.fastLevel)
    context.report("previous: RGBA level 6, median (baseline)", previous.median, "ms")
    context.report("previous: RGBA level 6, p99", previous.p99, "ms")
    context.report("now: RGB level \(PNGWriter.fastLevel), median", now.median, "ms", target: "≈ 41 ms")
    context.report("now: RGB level \(PNGWriter.fastLevel), p99", now.p99, "ms")
    context.report("now ÷ previous (medians)", now.median / previous.median, "×")
    context.report("file size now ÷ previous", Double(now.bytes) / Double(previous.bytes), "×")
}
