import Foundation
import QuireDocument

/// The same pages exported by Xournal++ (`xournalpp --create-img`), when it is installed: the strokes
/// written as a `.xopp` (gzip'd XML, points at 72 dpi, one width per segment from the pressure), both
/// exported at 300 dpi, times and the ratio printed (issue 15's goal: Quire ≤ 1/3 of Xournal++'s time).
enum XournalComparison {
    /// `quireCommand`: `quire export` of the same pages, measured as a process of its own, to set beside
    /// Xournal++'s (time and peak memory, both whole programs).
    static func run(pages: [Page], quireMillisecondsPerPage: Double, quireCommand: MeasuredProcess? = nil, folder: String,
                    context: BenchmarkContext) throws {
        guard let (xournal, xopp) = try prepare(pages, in: folder) else { return }
        let log = folder + "/xournal.log"
        let result = try MeasuredProcess.run(xournal, ["--create-img=\(folder)/xournal.png", "--export-png-dpi=300", xopp], outputTo: log)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("xournal") && $0.hasSuffix(".png") }.count ?? 0
        guard result.status == 0, written > 0 else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            print("  Xournal++ comparison failed (exit \(result.status), \(written) files): \(output.suffix(400))")
            return
        }
        let xournalPerPage = result.seconds * 1000 / Double(pages.count)
        context.report("Xournal++ --create-img: per page", xournalPerPage, "ms")
        context.report("Xournal++ --create-img: peak resident", result.peakResidentMegabytes, "MB")
        context.report("Quire pipeline: per page", quireMillisecondsPerPage, "ms")
        context.report("Quire ÷ Xournal++", quireMillisecondsPerPage / xournalPerPage, "×", target: "≤ 0.33")
        if let command = quireCommand {
            context.report("quire export (the command): per page", command.seconds * 1000 / Double(pages.count), "ms")
            context.report("quire export ÷ Xournal++ (time)", command.seconds / result.seconds, "×", target: "≤ 0.33")
            context.report("quire export: peak resident", command.peakResidentMegabytes, "MB")
            context.report("quire export ÷ Xournal++ (peak resident)", command.peakResidentMegabytes / result.peakResidentMegabytes, "×",
                           target: "≤ 1")
        }
    }

    /// Xournal++'s executable and `pages` written for it as `folder`/pages.xopp; nil, having said why,
    /// where Xournal++ is not installed or the file cannot be made.
    static func prepare(_ pages: [Page], in folder: String) throws -> (xournal: String, xopp: String)? {
        try prepare(xml: document(pages), in: folder)
    }

    static func prepare(xml document: String, in folder: String) throws -> (xournal: String, xopp: String)? {
        guard let xournal = executable(named: "xournalpp") else {
            print("  Xournal++ comparison skipped: xournalpp is not installed (apt install xournalpp)")
            return nil
        }
        let xml = folder + "/pages.xopp.xml", xopp = folder + "/pages.xopp"
        try Data(document.utf8).write(to: URL(fileURLWithPath: xml))
        guard try runProcess("/bin/sh", ["-c", "gzip -c '\(xml)' > '\(xopp)'"]).status == 0 else {
            print("  Xournal++ comparison skipped: gzip failed")
            return nil
        }
        return (xournal, xopp)
    }

    /// The pages as Xournal++ XML: their sizes in points, black pen strokes; on white paper, or with
    /// `pdfBackground` each page on that PDF's page of the same number.
    static func document(_ pages: [Page], pdfBackground: String? = nil) -> String {
        var out = "<?xml version=\"1.0\" standalone=\"no\"?>\n<xournal creator=\"quire-bench\" fileversion=\"4\">\n<title>Quire benchmark</title>\n"
        let points = 0.75   // page pixels (96 dpi) to points (72 dpi)
        for (index, page) in pages.enumerated() {
            out += String(format: "<page width=\"%.2f\" height=\"%.2f\">\n", page.size.width * points, page.size.height * points)
            if let pdfBackground {
                let file = index == 0 ? " domain=\"absolute\" filename=\"\(pdfBackground)\"" : ""
                out += "<background type=\"pdf\"\(file) pageno=\"\(index + 1)\"/>\n<layer>\n"
            } else {
                out += "<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>\n<layer>\n"
            }
            for stroke in page.strokes where stroke.samples.count >= 2 {
                let widths = stroke.samples.dropFirst().map { sample -> String in
                    let pressure = sample.pressure ?? 1
                    let width = (stroke.style.minimumWidth + (stroke.style.maximumWidth - stroke.style.minimumWidth) * pressure) * points
                    return String(format: "%.3f", width)
                }
                let nominal = String(format: "%.3f", stroke.style.maximumWidth * points)
                out += "<stroke tool=\"pen\" color=\"#000000ff\" width=\"\(nominal) \(widths.joined(separator: " "))\">"
                out += stroke.samples.map { String(format: "%.3f %.3f", $0.position.x * points, $0.position.y * points) }
                    .joined(separator: " ")
                out += "</stroke>\n"
            }
            out += "</layer>\n</page>\n"
        }
        return out + "</xournal>\n"
    }

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Processor seconds (user and system) used so far by this process's finished, waited-for children.
    static func childProcessorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func runProcess(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
