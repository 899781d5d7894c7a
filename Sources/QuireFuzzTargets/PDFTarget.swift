import QuirePDF

/// PDFs as `quire import` reads them: opened by poppler through `PDFDocument` (every page's size
/// checked), then each of the first pages rendered small, as the window's first view would.
func pdfTarget() -> FuzzTarget {
    FuzzTarget(name: "pdf", seeds: [minimalPDF(pages: [(612, 792)]), minimalPDF(pages: [(842, 595), (200, 300)])],
               protectedPrefix: 5) { bytes in
        let document = try PDFDocument(bytes: bytes, name: "case.pdf")
        for page in 0..<min(document.pageCount, 3) {
            _ = try document.render(page: page, scale: 0.1)
        }
    }
}

/// A small well-formed PDF written out by hand (`HandWrittenPDF`: a correct cross-reference table, so
/// mutations start from a file poppler reads without repair): per page a filled rectangle, a stroked curve and a line
/// of text in a standard font.
func minimalPDF(pages: [(width: Int, height: Int)]) -> [UInt8] {
    var objects: [String] = []
    objects.append("<< /Type /Catalog /Pages 2 0 R >>")
    let kids = pages.indices.map { "\(4 + $0 * 2) 0 R" }.joined(separator: " ")
    objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for (index, page) in pages.enumerated() {
        let content = "0.9 0.1 0.1 rg 72 72 144 72 re f 0 0 1 RG 3 w 50 50 m 100 200 150 0 200 100 c S "
            + "BT /F1 18 Tf 72 \(page.height - 72) Td (Page \(index + 1)) Tj ET"
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(page.width) \(page.height)] "
                       + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + index * 2) 0 R >>")
        objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    return HandWrittenPDF.build(objects)
}
