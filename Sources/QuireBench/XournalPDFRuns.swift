import Foundation
import QuireDocument

/// The benchmark's pages written as PDF by Xournal++ (`xournalpp --create-pdf` on the same strokes
/// as a `.xopp`), one run at a time, so that its runs can alternate with Quire's and meet the same
/// load from the machine's other work: wall and processor time of each run, and the file's size.
struct XournalPDFRuns {
    private let xournal: String
    private let xopp: String
    private let pdf: String
    private(set) var wall: [Double] = []
    private(set) var processor: [Double] = []

    /// Nil, having said why, where Xournal++ is not installed or its file cannot be made.
    init?(pages: [Page], folder: String) throws {
        try self.init(xml: XournalComparison.document(pages), folder: folder)
    }

    /// The same for a document already written as Xournal++ XML.
    init?(xml: String, folder: String) throws {
        guard let (xournal, xopp) = try XournalComparison.prepare(xml: xml, in: folder) else { return nil }
        self.xournal = xournal
        self.xopp = xopp
        pdf = folder + "/xournal.pdf"
    }

    /// The same for a `.xopp` file already written; nil, having said so, where Xournal++ is not installed.
    init?(xopp: String, folder: String) {
        guard let xournal = XournalComparison.executable(named: "xournalpp") else {
            print("  Xournal++ comparison skipped: xournalpp is not installed (apt install xournalpp)")
            return nil
        }
        self.xournal = xournal
        self.xopp = xopp
        pdf = folder + "/xournal.pdf"
    }

    /// One export; false, having said why, if Xournal++ failed.
    mutating func run() throws -> Bool {
        try? FileManager.default.removeItem(atPath: pdf)
        let start = DispatchTime.now().uptimeNanoseconds, startProcessor = XournalComparison.childProcessorSeconds()
        let result = try XournalComparison.runProcess(xournal, ["--create-pdf=\(pdf)", xopp])
        guard result.status == 0, FileManager.default.fileExists(atPath: pdf) else {
            print("  Xournal++ --create-pdf failed (exit \(result.status)): \(result.output.suffix(400))")
            return false
        }
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        processor.append((XournalComparison.childProcessorSeconds() - startProcessor) * 1000)
        return true
    }

    /// The last PDF's size.
    var bytes: Double {
        Double((try? fileSize(pdf)) ?? 0)
    }
}
