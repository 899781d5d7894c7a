import CGL
import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireRender
import QuireStorage

/// Photo scraps as the window has them: a 12 MP JPEG from `quire import`'s first step to the first
/// frame that shows it (read, check, store, build its render item with the picture decoded at the size
/// it is shown, upload, draw a 1280×1024 frame), and a page of 100 such photos (each its own JPEG)
/// opened the window's way — pictures decoded on other threads, the first frame drawn without waiting
/// for them — with the memory it holds once every picture shows.
let scrapPageBenchmark = Benchmark(name: "scrap-page",
                                   summary: "a 12 MP JPEG from import to first frame; memory of a page of 100 photo scraps") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-scrap-page-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let gl = benchmarkGL() else { return }
    let window = try RenderTarget(width: 1280, height: 1024)
    let base = BenchmarkPhoto.make(width: 4000, height: 3000)

    // Import to first frame, each run into a fresh notebook and a fresh renderer and cache.
    let photoPath = folder + "/photo.jpg"
    FileManager.default.createFile(atPath: photoPath, contents: Data(try JPEG.encode(base, quality: 90)))
    var times: [Double] = []
    for run in 0..<8 {
        let path = folder + "/first\(run).quire"
        let store = try NotebookStore.create(at: path, title: "First frame")
        let pageID = try store.pageIDs()[0]
        let renderer = try PageRenderer(pageWidth: 816, pageHeight: 1056)
        let pictures = PictureCache(store: store, report: { print($0) })
        let builder = RenderItemBuilder(image: pictures.image)
        glFinish()
        let start = DispatchTime.now().uptimeNanoseconds
        try PictureImport.place(try PictureImport.read([photoPath]), into: store, page: pageID)
        renderer.load(try store.loadPage(pageID), building: builder)
        renderer.drawView(width: 1280, height: 1024, pageToWindow: .identity, into: window)
        glFinish()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        try store.close()
    }
    times.removeFirst()
    times.sort()
    context.report("12 MP JPEG, import to first frame, median", times[times.count / 2], "ms", target: "≤ 300")
    context.report("12 MP JPEG, import to first frame, p99", times.last!, "ms")

    // A page of 100 photos, each its own 12 MP JPEG, laid out 10 × 10 as a person might arrange them.
    print("  (encoding 100 distinct 12 MP JPEGs…)")
    let paths = try BenchmarkPhoto.distinctJPEGs(count: 100, in: folder)
    let path = folder + "/hundred.quire"
    let store = try NotebookStore.create(at: path, title: "Hundred")
    let pageID = try store.pageIDs()[0]
    var page = try store.loadPage(pageID)
    for (i, file) in paths.enumerated() {
        let cell = Rect(x: 8 + Double(i % 10) * 80, y: 8 + Double(i / 10) * 104, width: 76, height: 100)
        guard let (edit, blobs) = PictureImport.edit(placing: try PictureImport.read([file]), on: page, visible: cell) else { continue }
        try store.apply(edit, to: pageID, storing: blobs)
        try page.apply(edit)
    }
    _ = releaseFreedMemory(0)
    let before = residentBytes()
    let renderer = try PageRenderer(pageWidth: 816, pageHeight: 1056)
    let pictures = PictureCache(store: store, report: { print($0) })
    let builder = RenderItemBuilder(image: pictures.requestImage)
    let started = DispatchTime.now().uptimeNanoseconds
    func since() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6 }
    renderer.load(page, building: builder)
    renderer.drawView(width: 1280, height: 1024, pageToWindow: .identity, into: window)
    glFinish()
    let firstFrame = since()
    // As the window does: wait a few milliseconds, draw again the scraps whose pictures arrived.
    while pictures.isDecoding {
        usleep(8000)
        let arrived = pictures.takeArrived()
        for (index, item) in page.items.enumerated() where !item.blobs.isDisjoint(with: arrived) {
            renderer.replace(at: index, with: builder.renderItem(item))
        }
        if !arrived.isEmpty { renderer.drawView(width: 1280, height: 1024, pageToWindow: .identity, into: window) }
    }
    glFinish()
    let allShown = since()
    _ = releaseFreedMemory(0)
    let after = residentBytes()
    context.report("100 photos: first frame (pictures pending)", firstFrame, "ms")
    context.report("100 photos: every picture shown", allShown, "ms")
    context.report("100 photo scraps: resident memory added", Double(after - before) / 1e6, "MB")
    context.report("100 photo scraps: decoded pixels kept", Double(pictures.heldBytes) / 1e6, "MB",
                   target: "≤ 512 (the cache's budget)")
    context.report("100 photo scraps: picture textures", Double(renderer.imageTextureCount), "")
    context.report("100 photo scraps: notebook file", Double(try fileSize(path)) / 1e6, "MB")
    try store.close()
    withExtendedLifetime(gl) {}
}

/// This process's resident memory, from /proc.
private func residentBytes() -> Int {
    ProcessStatus.kilobytes("VmRSS:") * 1024
}

/// glibc's `malloc_trim` (not in Swift's Glibc module): gives freed heap back to the system, so the
/// resident figures before and after count what is held, not what malloc kept from earlier work.
@_silgen_name("malloc_trim")
private func releaseFreedMemory(_ pad: Int) -> Int32
