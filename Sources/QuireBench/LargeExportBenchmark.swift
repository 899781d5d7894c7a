import Foundation
import QuireApp
import QuireDocument
import QuireImageIO

/// One Letter page of 300 strokes exported at 20× (16,320×21,120, beyond one GL render): rendered in
/// tiles, streamed to the PNG a band at a time. Prints the time, the tiles and the peak memory, which
/// stays near a band's worth, not the 1.4 GB the whole image would be.
let largeExportBenchmark = Benchmark(name: "tiled-20x", summary: "one Letter page at 20× (16,320×21,120), tiled") { context in
    guard let gl = benchmarkGL() else { return }
    defer { withExtendedLifetime(gl) {} }
    let folder = NSTemporaryDirectory() + "quire-bench-large-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = ExportBenchmarkPages.make(count: 1, strokes: 300)[0]
    let pipeline = PageExportPipeline(scale: 20)
    let size = try pipeline.imageSize(of: page)
    let start = DispatchTime.now().uptimeNanoseconds
    try pipeline.export(page, to: folder + "/large.png")
    try pipeline.finish()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let bytes = try fileSize(folder + "/large.png")
    // The size from the PNG's own header (IHDR: width and height, big-endian, at bytes 16 and 20).
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: folder + "/large.png"))
    let header = [UInt8](handle.readData(ofLength: 24))
    try handle.close()
    let side = { (at: Int) in header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    print("  image \(side(16))×\(side(20)) (asked \(size.width)×\(size.height)), \(bytes / 1_000_000) MB")
    context.report("20× Letter page, tiled export", seconds, "s")
    context.report("peak resident memory (VmHWM)", ExportBenchmarkPages.peakResidentMegabytes(), "MB",
                   target: "far below the 1,380 MB of the whole image")
}
