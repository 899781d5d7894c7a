import Foundation
import QuireDocument
import QuireGeometry
import QuireStorage

extension XournalImport {
    /// Puts the PDF pages the file's pages lay on under them, as `quire import` does for a PDF: the PDF
    /// read and checked, stored once, each page's PDF page at the bottom filling it. The PDF is looked
    /// for where the .xopp names it, then beside the .xopp under the same name, then as Xournal++'s
    /// attached copy (`FILE.xopp.bg.pdf`). A PDF not found or not readable leaves those pages plain and
    /// says why in the summary; it never stops the import.
    mutating func attachPDFBackgrounds(xoppPath: String) {
        let folder = (xoppPath as NSString).deletingLastPathComponent
        var files: [String?: PDFFile] = [:]
        var failed: Set<String?> = []
        for background in pdfBackgrounds {
            guard pages.indices.contains(background.pageIndex), !failed.contains(background.filename) else { continue }
            let file: PDFFile
            if let known = files[background.filename] {
                file = known
            } else {
                switch Self.findPDF(named: background.filename, beside: xoppPath, in: folder) {
                case let .success(found):
                    files[background.filename] = found
                    file = found
                case let .failure(problem):
                    failed.insert(background.filename)
                    pdfBackgroundProblems.append(problem.text)
                    continue
                }
            }
            guard (1...file.pageSizes.count).contains(background.pdfPage) else {
                pdfBackgroundProblems.append("page \(background.pageIndex + 1) asks for page \(background.pdfPage) of "
                                             + "\((file.path as NSString).lastPathComponent), which has \(file.pageSizes.count)")
                continue
            }
            let blob = file.blob
            if !blobs.contains(where: { $0.id == blob.id }) { blobs.append(blob) }
            let page = pages[background.pageIndex]
            let item = PDFPageItem(document: blob.id, pageIndex: background.pdfPage - 1,
                                   rect: Rect(x: 0, y: 0, width: page.size.width, height: page.size.height))
            pages[background.pageIndex] = Page(id: page.id, size: page.size, background: page.background,
                                               items: [PageItem(.pdfPage(item))] + page.items)
            skipped[.pdfBackground, default: 1] -= 1
            if skipped[.pdfBackground] == 0 { skipped[.pdfBackground] = nil }
        }
    }

    /// Why a PDF background's file could not be used, in words for the summary.
    private struct Missing: Error {
        var text: String
    }

    private static func findPDF(named name: String?, beside xoppPath: String, in folder: String) -> Result<PDFFile, Missing> {
        var candidates: [String] = []
        if let name, !name.isEmpty {
            if name.hasPrefix("/") { candidates.append(name) }
            candidates.append(folder + "/" + (name as NSString).lastPathComponent)
        }
        candidates.append(xoppPath + ".bg.pdf")
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            return .failure(Missing(text: "\(name.map { ($0 as NSString).lastPathComponent } ?? "its PDF") was not found beside the .xopp"))
        }
        do {
            return .success(try PDFFile(path: found))
        } catch {
            return .failure(Missing(text: "\(found): \(error)"))
        }
    }
}
