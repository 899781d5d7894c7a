import Foundation
import QuireDocument
import QuireStorage

/// Bulk writes: a notebook created with 3k, 15k and 60k strokes in one transaction (pages of 300 strokes,
/// as an importer writes them). Linear means the time per stroke stays flat as the count grows; the 3k
/// figure is the baseline the larger ones are compared with, in the same run. Before one commit hook
/// per transaction, 3k took 0.66 s, 15k 7.2 s and 60k 91 s on the 2-core machine.
let bulkWriteBenchmark = Benchmark(name: "bulk-write",
                                   summary: "create a notebook of 3k / 15k / 60k strokes in one transaction; linear?") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-bulk-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var perStroke: [Int: Double] = [:]
    for (count, runs) in [(3_000, 7), (15_000, 5), (60_000, 3)] {
        let pages = (0..<count / 300).map { pageIndex in
            Page(strokes: (0..<300).map { BenchmarkStrokes.handwriting(seed: pageIndex * 300 + $0, samples: 40) })
        }
        var times: [Double] = [], processorTimes: [Double] = []
        for run in 0..<runs {
            let path = folder + "/bulk-\(count)-\(run).quire"
            let start = DispatchTime.now().uptimeNanoseconds, startProcessor = processorSeconds()
            try NotebookStore.create(at: path, title: "Bulk", pages: pages).close()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            processorTimes.append(processorSeconds() - startProcessor)
            try FileManager.default.removeItem(atPath: path)
        }
        times.sort()
        processorTimes.sort()
        let median = times[times.count / 2]
        perStroke[count] = median / Double(count)
        context.report("\(count / 1000)k strokes, median of \(runs)", median, "s", target: count == 60_000 ? "≈ 1 s" : nil)
        context.report("\(count / 1000)k strokes, p99 (of \(runs): the slowest)", percentile(times, 0.99), "s")
        // Processor time barely moves with a neighbour's load, where the wall clock doubles.
        context.report("\(count / 1000)k strokes, processor time, median", processorTimes[processorTimes.count / 2], "s")
    }
    if let small = perStroke[3_000], let large = perStroke[60_000] {
        context.report("time per stroke, 60k ÷ 3k (baseline)", large / small, "×", target: "≤ 1.5: linear")
    }
}
