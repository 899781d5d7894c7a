import Foundation
import QuireApp
import QuirePDF

/// PDF files as `quire import` and the window read them: checked and opened by poppler, made into pages,
/// and every page rendered small, as drawing a page of the notebook does. Seeds are written by cairo.
func pdfTarget(in folder: String) throws -> FuzzTarget {
    let path = folder + "/seed.pdf"
    try SamplePDF.write([SamplePDF.Page(width: 200, height: 150), SamplePDF.Page(width: 150, height: 200, box: (10, 10, 50, 40))],
                        to: path)
    let seed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    try FileManager.default.removeItem(atPath: path)
    return FuzzTarget(name: "pdf", seeds: [seed], protectedPrefix: 8) { bytes in
        let file = try PDFFile(bytes: bytes, name: "case.pdf")
        _ = PDFImport.pages(for: [file])
        let document = try PDFDocument(bytes: bytes, name: "case.pdf")
        for page in 0..<min(document.pageCount, 4) {
            // Small: a case's cost is poppler's reading, not filling pixels.
            let points = document.pageSizes[page]
            _ = try document.render(page: page, scale: min(0.25, 64 / max(points.width, points.height)))
        }
    }
}
