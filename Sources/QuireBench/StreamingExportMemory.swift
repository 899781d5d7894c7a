import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF

/// Issue 37: exports of large notebooks stream. 10, 100 and 500 pages of handwriting with a quarter of
/// it erased and a photo scrap on each (eight different JPEGs in turn), written as one PDF and as SVG
/// files, the pages made one at a time as `quire export` loads them from the notebook: the process's
/// peak resident memory for each (reset before each through /proc/self/clear_refs), which must not grow
/// with the page count.
enum StreamingExportMemory {
    static let pageCounts = [10, 100, 500]
    static let photoCount = 8

    static func run(context: BenchmarkContext, folder: String) throws {
        let strokes = try ErasedPDFExportBenchmark.pages(handwritingPath: context.handwritingPath)[1].strokes
        let photos = try (0..<photoCount).map { k -> [UInt8] in
            var photo = BenchmarkPhoto.make(width: 1200, height: 900)
            // Each a little different, so each is a picture of its own in the file.
            for i in stride(from: k * 4, to: photo.pixels.count, by: 4 * 997) { photo.pixels[i] = UInt8(k * 30) }
            return try JPEG.encode(photo)
        }
        let blobs = (0..<photoCount).map { k in BlobID(hex: String(format: "%064x", k + 1))! }
        let page: @Sendable (Int) -> Page = { index in
            let k = index % photoCount
            let photo = Scrap.photo(ImageReference(blob: blobs[k], pixelWidth: 1200, pixelHeight: 900),
                                    centredAt: Point(560, 800), fitting: Rect(x: 400, y: 680, width: 320, height: 240))
            return Page(size: .letter, items: strokes.map { .stroke($0) } + (photo.map { [PageItem(.scrap($0))] } ?? []))
        }
        let pictures: (BlobID) throws -> [UInt8] = { id in photos[blobs.firstIndex(of: id) ?? 0] }
        print("  streaming: pages of \(strokes.count) strokes (a quarter erased) and a 1200×900 photo scrap each")
        for format in ["PDF", "SVG"] {
            var peaks: [Double] = []
            for count in pageCounts {
                let out = folder + "/stream-\(count)"
                try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                let started = DispatchTime.now().uptimeNanoseconds
                let peak = try ExportBenchmarkPages.peakResidentMegabytes {
                    let prepared = PreparedAhead(count: count) { try PreparedVectorPage(page($0), number: $0 + 1) }
                    if format == "PDF" {
                        let writer = try PDFExportWriter(path: out + "/notebook.pdf", pictures: pictures, report: { _ in })
                        while let next = try prepared.next() { try writer.add(next) }
                        try writer.finish()
                    } else {
                        let writer = SVGExportWriter(pictures: pictures, report: { _ in })
                        while let next = try prepared.next() {
                            try writer.write(next, to: out + String(format: "/page-%03d.svg", next.number))
                        }
                    }
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                try? FileManager.default.removeItem(atPath: out)
                peaks.append(peak)
                context.report("\(format), \(count) pages: peak resident", peak, "MB")
                print(String(format: "    %.1f s, %.0f ms a page", seconds, seconds * 1000 / Double(count)))
            }
            context.report("\(format): peak at \(pageCounts.last!) pages ÷ at \(pageCounts[0])", peaks.last! / peaks[0], "×", target: "≤ 1.2")
        }
    }
}
