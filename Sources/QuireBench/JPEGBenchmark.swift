import QuireImageIO

/// A 12-megapixel camera photo dropped onto a page: read at the size the page shows it (1024 pixels),
/// which DCT scaling makes several times cheaper than a full decode.
let jpegBenchmark = Benchmark(name: "jpeg", summary: "libjpeg decode of a 12 MP photo, in full and fitted into 1024") { context in
    let jpeg = try JPEG.encode(BenchmarkPhoto.make(width: 4000, height: 3000), quality: 90)
    let probe = bestTime { _ = try! ImageFile.probe(jpeg) }
    let fitted = bestTime { _ = try! ImageFile.decode(jpeg, fittingIn: 1024) }
    let full = bestTime { _ = try! ImageFile.decode(jpeg) }
    context.report("probe (header only)", probe * 1e6, "µs")
    context.report("decode fitted into 1024 (to 1024×768)", fitted * 1000, "ms", target: "< 100 ms")
    context.report("decode in full (4000×3000)", full * 1000, "ms")
}
