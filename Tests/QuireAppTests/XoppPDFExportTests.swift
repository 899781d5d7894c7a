import Foundation
import QuireDocument
import QuirePDF
import QuireStorage
import QuireTestSupport
import XCTest

/// Pages on an imported PDF exported as .xopp lie on that PDF in Xournal++ too: the PDF is written
/// beside the file once, the pages name it as Xournal++ does, Xournal++ draws them on it, and Quire
/// reads them back onto it.
final class XoppPDFExportTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-xopp-pdf-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    private func annotatedNotebook() throws {
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792, box: (300, 400, 100, 100), color: (0.9, 0.1, 0.1)),
                             SamplePDF.Page(width: 612, height: 792)], to: library + "/slides.pdf")
        _ = try runQuire(["new", "Lecture"], library: library)
        _ = try runQuire(["import", "Lecture", library + "/slides.pdf"], library: library)
    }

    func testThePDFIsWrittenBesideOnceAndQuireReadsThePagesBackOntoIt() throws {
        try annotatedNotebook()
        let out = library + "/out/lecture.xopp"
        try FileManager.default.createDirectory(atPath: library + "/out", withIntermediateDirectories: true)
        let said = try runQuire(["export", "Lecture", "--xopp", out, "--pages", "2-3"], library: library)
        XCTAssertTrue(said.contains("its PDF pages lie on \(out).bg.pdf"), said)
        XCTAssertFalse(said.contains("skipped"), "nothing left out: \(said)")
        XCTAssertEqual(try PDFDocument(contentsOf: out + ".bg.pdf").pageCount, 2, "the whole PDF, once")
        _ = try runQuire(["import-xopp", out, "--to", "Lecture"], library: library)
        let reader = try NotebookStore(openingAt: try NotebookLibrary(directory: library).resolve("Lecture"), readOnly: true)
        let store = try reader.pageIDs().map { try reader.loadPage($0) }
        try reader.close()
        XCTAssertEqual(store.count, 5)
        let back = store.suffix(2).compactMap { page -> Int? in
            if case let .pdfPage(pdf)? = page.items.first?.content { return pdf.pageIndex }
            return nil
        }
        XCTAssertEqual(back, [0, 1], "the pages came back on the PDF's pages 1 and 2")
    }

    func testXournalDrawsTheExportedPagesOnThePDF() throws {
        guard let xournal = Requirement.which("xournalpp") else { try Requirement.unmet("xournalpp is not installed") }
        guard let xvfbRun = Requirement.which("xvfb-run") else { try Requirement.unmet("xvfb-run (package xvfb) is not installed") }
        try annotatedNotebook()
        let out = library + "/lecture.xopp", pdf = library + "/xournal.pdf"
        _ = try runQuire(["export", "Lecture", "--xopp", out, "--pages", "2"], library: library)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfbRun)
        process.arguments = ["-a", xournal, "--create-pdf=\(pdf)", out]
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = library
        process.environment = environment
        try process.run()
        let finished = eventually(timeout: 120) { !process.isRunning }
        if !finished { process.terminate() }
        XCTAssertTrue(finished, "xournalpp --create-pdf did not finish")
        let text = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        let page = try PDFDocument(contentsOf: pdf).render(page: 0, scale: 1)
        // The PDF's red square, at (300…400, 400…500) pt, drawn by Xournal++ under the page.
        XCTAssertGreaterThan(page[350, 450].r, 200, text)
        XCTAssertLessThan(page[350, 450].g, 60, text)
    }
}
