import Foundation
import QuireApp
import QuireDocument
import QuireRender

/// Where a PNG export's time goes besides encoding: rendering 300-dpi pages and reading them back, with
/// no encoder running beside it. Ten pages of ink, then ten blank ones (the fixed cost a page pays).
/// Part of the export benchmark, and a benchmark of its own ("export-render") that is quick enough to
/// compare two builds of the renderer round after round.
enum ExportRenderCost {
    static func measure(pages: [Page], scale: Double, context: BenchmarkContext) throws {
        var wall: [Double] = []
        // Processor time of the whole process (llvmpipe's threads included): steadier than wall time
        // when other work shares the machine.
        var processor: [Double] = []
        do {
            let renderer = try PageBandRenderer(pageWidth: 816, pageHeight: 1056, brushDirectory: ResourceLocator.brushesDirectory)
            let ring = PixelBufferRing(count: 1)
            let builder = RenderItemBuilder()
            for page in Array(pages.prefix(10)) + Array(repeating: Page(), count: 10) {
                let begin = DispatchTime.now().uptimeNanoseconds
                let processorBegin = processorSeconds()
                renderer.load(builder.renderItems(of: page))
                let tiling = ExportTiling(width: 2550, height: 3300, tileLimit: PageImageSize.currentMaximumSide())
                for band in tiling.bands {
                    let slot = ring.acquire(bytes: band.count * tiling.width * 4)
                    try renderer.readBand(band, of: tiling, scale: scale, into: slot, ring: ring)
                    try ring.map(slot)
                    ring.release(slot)
                }
                wall.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
                processor.append((processorSeconds() - processorBegin) * 1000)
            }
            ring.drain()
        }
        var inked = Array(wall.prefix(10)), blank = Array(wall.suffix(10))
        var inkedProcessor = Array(processor.prefix(10)), blankProcessor = Array(processor.suffix(10))
        inked.sort()
        blank.sort()
        inkedProcessor.sort()
        blankProcessor.sort()
        context.report("  of which render + read back, median", inked[inked.count / 2], "ms")
        context.report("  of which render + read back, p99", percentile(inked, 0.99), "ms")
        context.report("  render + read back, processor time, median", inkedProcessor[inkedProcessor.count / 2], "ms")
        context.report("  render + read back, blank page, median", blank[blank.count / 2], "ms")
        context.report("  render + read back, blank page, p99", percentile(blank, 0.99), "ms")
        context.report("  blank page, processor time, median", blankProcessor[blankProcessor.count / 2], "ms")
    }
}

let exportRenderBenchmark = Benchmark(name: "export-render",
                                      summary: "render + read back of 300-dpi pages for PNG export, no encoding: wall and processor time") { context in
    guard let gl = benchmarkGL() else { return }
    defer { withExtendedLifetime(gl) {} }
    try ExportRenderCost.measure(pages: ExportBenchmarkPages.make(count: 10, strokes: 300), scale: 300.0 / 96, context: context)
}
