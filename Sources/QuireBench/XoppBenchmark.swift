import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireXournal

/// Xournal++ files both ways: a 20-page file of 4,000 pressure strokes (400,000 points) read, checked
/// and turned into Quire pages (`quire import-xopp` before the notebook is written), and the pages
/// written back as a gzip'ed .xopp (`quire export --xopp`).
let xoppBenchmark = Benchmark(name: "xopp",
                              summary: "read a 20-page .xopp of 400,000 points into Quire pages; write them back") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-xopp-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    // Strokes that wander as handwriting does, each point at its own width (Xournal++'s pressure widths).
    var state: UInt32 = 7
    func random() -> Double {
        state = state &* 1_664_525 &+ 1_013_904_223
        return Double(state >> 8) / Double(1 << 24)
    }
    var pages: [XournalPage] = []
    for _ in 0..<20 {
        var page = XournalPage(width: 612, height: 792, background: .solid(color: .white, style: "lined"))
        for _ in 0..<200 {
            var point = Point(20 + random() * 560, 20 + random() * 740)
            var points: [Point] = [], widths: [Double] = []
            for _ in 0..<100 {
                point = Point(point.x + random() * 4 - 2, point.y + random() * 4 - 2)
                points.append(point)
                widths.append(1 + random())
            }
            page.elements.append(.stroke(XournalStroke(tool: .pen, color: .black, width: 2, pointWidths: widths, points: points)))
        }
        pages.append(page)
    }
    let source = folder + "/source.xopp"
    let writer = try XournalWriter(path: source, creator: "quire-bench")
    for page in pages { try writer.add(page) }
    try writer.finish()
    let size = try fileSize(source)
    context.report("file size (gzip'ed)", Double(size) / 1e6, "MB")

    var imported: XournalImport?
    let read = try bestTime(minimumSeconds: 3, maximumRuns: 10) { imported = try XournalImport.read(source) }
    context.report("read, check and convert 400,000 points, best", read * 1000, "ms")
    context.report("points per second read", 400_000 / read / 1e6, "M/s")

    let quirePages = imported?.pages ?? []
    let out = folder + "/out.xopp"
    let write = try bestTime(minimumSeconds: 3, maximumRuns: 10) {
        var export = XournalExport(picture: { _ in [] })
        let writer = try XournalWriter(path: out, creator: "quire-bench")
        for page in quirePages { try writer.add(try export.convert(page)) }
        try writer.finish()
    }
    context.report("convert and write 20 pages, best", write * 1000, "ms")
}
