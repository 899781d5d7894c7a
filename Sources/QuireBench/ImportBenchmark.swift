import Foundation
import QuireApp
import QuireDocument
import QuireImageIO
import QuireStorage

/// `quire import` of a 12 MP camera photo: reading, probing, storing the JPEG as it is and inserting
/// the scrap; decoding it fitted to 2048 px for the screen; and how much the notebook file grows.
let importBenchmark = Benchmark(name: "import",
                                summary: "import a 4000×3000 JPEG (quality 90) as a scrap; decode it fitted to 2048 px") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-import-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let jpeg = try JPEG.encode(BenchmarkPhoto.make(width: 4000, height: 3000), quality: 90)
    let photoPath = folder + "/photo.jpg"
    guard FileManager.default.createFile(atPath: photoPath, contents: Data(jpeg)) else {
        throw CocoaError(.fileWriteUnknown)
    }
    context.report("JPEG size", Double(jpeg.count) / 1e6, "MB")

    // Each run imports into a fresh notebook, so the blob is really written each time (importing the
    // same bytes into one notebook again writes no blob).
    var times: [Double] = []
    var ratios: [Double] = []
    for run in 0..<11 {
        let path = folder + "/n\(run).quire"
        let store = try NotebookStore.create(at: path, title: "Import \(run)")
        let page = try store.pageIDs()[0]
        try store.close()
        let empty = try fileSize(path)
        let open = try NotebookStore(openingAt: path)
        let start = DispatchTime.now().uptimeNanoseconds
        let pictures = try PictureImport.read([photoPath])
        try PictureImport.place(pictures, into: open, page: page)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        try open.close()   // checkpoints the WAL into the file measured next
        ratios.append(Double(try fileSize(path) - empty) / Double(jpeg.count))
        try FileManager.default.removeItem(atPath: path)
    }
    times.removeFirst()   // warm-up: first touches of the code and the page cache
    times.sort()
    context.report("import, median (read, check, store, insert)", times[times.count / 2], "ms")
    context.report("import, p99 (of \(times.count) runs)", times[min(times.count - 1, Int(Double(times.count) * 0.99))], "ms")
    context.report("bytes added ÷ JPEG size", ratios.max() ?? 0, "×", target: "≤ 1.05")

    let decode = bestTime(minimumSeconds: 2, maximumRuns: 10) { _ = try! ImageFile.decode(jpeg, fittingIn: 2048) }
    let fitted = try ImageFile.decode(jpeg, fittingIn: 2048)
    context.report("decode to \(fitted.width)×\(fitted.height), best", decode * 1000, "ms")
    // The part of the import that reads all the data, so a file cut short is refused (`PictureFile`).
    let check = bestTime(minimumSeconds: 1, maximumRuns: 20) { _ = try! ImageFile.decode(jpeg, fittingIn: PictureFile.checkSide) }
    context.report("import's data check: decode to \(PictureFile.checkSide) px", check * 1000, "ms")
}
