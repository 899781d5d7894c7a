import QuireImageIO

/// PNG encoding of a page-sized screenshot: what the export key costs.
let pngBenchmark = Benchmark(name: "png", summary: "libpng encode of a 1280×1024 page image") { context in
    var image = RGBAImage(width: 1280, height: 1024, fill: (255, 255, 255, 255))
    // Some ink-like content, so the compressor has real work.
    for y in stride(from: 0, to: 1024, by: 7) {
        for x in 0..<1280 where (x * 31 + y * 17) % 97 < 9 { image[x, y] = .init(r: 20, g: 20, b: 30, a: 255) }
    }
    let small = bestTime { _ = try! PNG.encode(image, speed: .small) }
    let fast = bestTime { _ = try! PNG.encode(image, speed: .fast) }
    context.report("encode, default compression", small * 1000, "ms")
    context.report("encode, fast", fast * 1000, "ms")
    context.report("fast / default", fast / small, "×")
}
