import QuireImageIO

/// A 12-megapixel camera photo dropped onto a page: read at the size the page shows it (1024 pixels),
/// which DCT scaling makes several times cheaper than a full decode.
let jpegBenchmark = Benchmark(name: "jpeg", summary: "libjpeg decode of a 12 MP photo, in full and fitted into 1024") { context in
    let jpeg = try JPEG.encode(photoLikeImage(width: 4000, height: 3000), quality: 90)
    let probe = bestTime { _ = try! ImageFile.probe(jpeg) }
    let fitted = bestTime { _ = try! ImageFile.decode(jpeg, fittingIn: 1024) }
    let full = bestTime { _ = try! ImageFile.decode(jpeg) }
    context.report("probe (header only)", probe * 1e6, "µs")
    context.report("decode fitted into 1024 (to 1024×768)", fitted * 1000, "ms", target: "< 100 ms")
    context.report("decode in full (4000×3000)", full * 1000, "ms")
}

/// Smooth gradients with fine texture, so the JPEG has the detail (and the size) of a real photo.
private func photoLikeImage(width: Int, height: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var noise: UInt32 = 12345
    for y in 0..<height {
        for x in 0..<width {
            noise = noise &* 1_664_525 &+ 1_013_904_223
            let grain = Int(noise >> 28) - 8
            let i = (y * width + x) * 4
            pixels[i] = UInt8(clamping: x * 255 / width + grain)
            pixels[i + 1] = UInt8(clamping: y * 255 / height + grain)
            pixels[i + 2] = UInt8(clamping: ((x / 40 + y / 40) % 2) * 120 + 60 + grain)
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}
