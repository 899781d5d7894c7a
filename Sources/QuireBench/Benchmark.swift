import Foundation

/// One named benchmark. Each area of the product adds its own file defining one of these and one line
/// to `allBenchmarks` below.
struct Benchmark: Sendable {
    let name: String
    let summary: String
    let run: @Sendable (BenchmarkContext) throws -> Void
}

/// What every benchmark may use: optional recorded handwriting and a printer for figures.
struct BenchmarkContext {
    /// Path of a `pen-samples/1` JSON file (see README), when given.
    let handwritingPath: String?

    func report(_ label: String, _ value: Double, _ unit: String, target: String? = nil) {
        let figure = value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
        var line = "  \(label.padding(toLength: 44, withPad: " ", startingAt: 0)) \(figure) \(unit)"
        if let target { line += "   (target \(target))" }
        print(line)
    }
}

/// Every benchmark, in the order they run. One line per area of the product.
let allBenchmarks: [Benchmark] = [
    pngBenchmark,
    jpegBenchmark,
    inkBenchmark,
    geometryBenchmark,
    shapeBenchmark,
    textBenchmark,
    renderBenchmark,
    scrapRenderBenchmark,
    notebookBenchmark,
    historyBenchmark,
    bulkWriteBenchmark,
    exportBenchmark,
    exportRenderBenchmark,
    pdfExportBenchmark,
    erasedPDFExportBenchmark,
    pdfExportMemoryBenchmark,
    largeExportBenchmark,
    importBenchmark,
    pdfImportBenchmark,
    scrapPageBenchmark,
    photoPageBenchmark,
    trayBenchmark,
    endlessPageBenchmark,
    scissorsBenchmark,
    clipboardBenchmark,
    stretchWarpBenchmark,
    xoppBenchmark,
    penPreviewBenchmark,
    pageSorterBenchmark,
    latencyBenchmark,
    typingLatencyBenchmark,
    interfaceBenchmark,
    thumbnailBenchmark,
]
