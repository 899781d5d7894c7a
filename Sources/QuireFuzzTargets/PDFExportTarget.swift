import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuirePDF

/// A stored PDF exported as `quire export --pdf` does, its first pages kept as they are (qpdf) with ink
/// laid over them: whatever a notebook's blob holds (a hand-edited notebook may hold any bytes) is read
/// by qpdf, copied and written, or said to be unreadable and redrawn. The PDF is written into `folder`
/// and removed; a case must leave no temporary file behind.
func pdfExportTarget(in folder: String) -> FuzzTarget {
    let blob = BlobID(hex: String(repeating: "f0", count: 32))!
    let size = PageSize(width: 816, height: 1056)
    var pen = StrokeStyle.defaults(for: .pen)
    pen.maximumWidth = 4
    let ink = PageItem.stroke(Stroke(samples: (0..<20).map {
        InputSample(position: Point(100 + Double($0) * 20, 300), pressure: 1, time: Double($0) / 100, device: .pen)
    }, style: pen))
    let pages = (0..<3).map { index in
        Page(size: size, items: [PageItem(.pdfPage(PDFPageItem(document: blob, pageIndex: index,
                                                                rect: Rect(x: 0, y: 0, width: size.width, height: size.height))))]
             + (index == 1 ? [] : [ink]))
    }
    let path = folder + "/export-case.pdf"
    return FuzzTarget(name: "pdf-export", seeds: [minimalPDF(pages: [(612, 792)]), minimalPDF(pages: [(842, 595), (200, 300)])],
                      protectedPrefix: 5) { bytes in
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PDFExportWriter(path: path, pictures: { _ in bytes }, report: { _ in })
        for (index, page) in pages.enumerated() { try writer.add(page, number: index + 1) }
        try writer.finish()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".export-case.pdf.partial") }
        if let file = left.first { throw FuzzTarget.FileChanged(path: folder + "/" + file) }
    }
}
