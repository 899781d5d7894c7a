import Foundation
import QuireDocument

/// The same pages exported by Xournal++ (`xournalpp --create-img`), when it is installed: the strokes
/// written as a `.xopp` (gzip'd XML, points at 72 dpi, one width per segment from the pressure), both
/// exported at 300 dpi, times and the ratio printed (issue 15's goal: Quire ≤ 1/3 of Xournal++'s time).
enum XournalComparison {
    static func run(pages: [Page], quireMillisecondsPerPage: Double, folder: String, context: BenchmarkContext) throws {
        guard let xournal = executable(named: "xournalpp") else {
            print("  Xournal++ comparison skipped: xournalpp is not installed (apt install xournalpp)")
            return
        }
        let xml = folder + "/pages.xopp.xml", xopp = folder + "/pages.xopp"
        try Data(document(pages).utf8).write(to: URL(fileURLWithPath: xml))
        guard try runProcess("/bin/sh", ["-c", "gzip -c '\(xml)' > '\(xopp)'"]).status == 0 else {
            print("  Xournal++ comparison skipped: gzip failed")
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try runProcess(xournal, ["--create-img=\(folder)/xournal.png", "--export-png-dpi=300", xopp])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("xournal") }.count ?? 0
        guard result.status == 0, written > 0 else {
            print("  Xournal++ comparison failed (exit \(result.status), \(written) files): \(result.output.suffix(400))")
            return
        }
        let xournalPerPage = seconds * 1000 / Double(pages.count)
        context.report("Xournal++ --create-img: per page", xournalPerPage, "ms")
        context.report("Quire pipeline: per page", quireMillisecondsPerPage, "ms")
        context.report("Quire ÷ Xournal++", quireMillisecondsPerPage / xournalPerPage, "×", target: "≤ 0.33")
    }

    /// The same pages through `xournalpp --create-pdf`: time and file size per page against Quire's
    /// vector PDF export (issue 16's goal: Quire ≤ 1/3 of Xournal++'s time).
    static func runPDF(pages: [Page], quireMillisecondsPerPage: Double, quireProcessorMillisecondsPerPage: Double,
                       quireBytesPerPage: Double, folder: String,
                       context: BenchmarkContext) throws {
        guard let xournal = executable(named: "xournalpp") else {
            print("  Xournal++ comparison skipped: xournalpp is not installed (apt install xournalpp)")
            return
        }
        let xml = folder + "/pages.xopp.xml", xopp = folder + "/pages.xopp", pdf = folder + "/xournal.pdf"
        try Data(document(pages).utf8).write(to: URL(fileURLWithPath: xml))
        guard try runProcess("/bin/sh", ["-c", "gzip -c '\(xml)' > '\(xopp)'"]).status == 0 else {
            print("  Xournal++ comparison skipped: gzip failed")
            return
        }
        var times: [Double] = []
        var processorTimes: [Double] = []
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: pdf)
            let start = DispatchTime.now().uptimeNanoseconds, startProcessor = childProcessorSeconds()
            let result = try runProcess(xournal, ["--create-pdf=\(pdf)", xopp])
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            processorTimes.append((childProcessorSeconds() - startProcessor) * 1000)
            guard result.status == 0, FileManager.default.fileExists(atPath: pdf) else {
                print("  Xournal++ --create-pdf failed (exit \(result.status)): \(result.output.suffix(400))")
                return
            }
        }
        times.sort()
        processorTimes.sort()
        let bytes = Double((try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int) ?? 0)
        let xournalPerPage = times[times.count / 2] / Double(pages.count)
        context.report("Xournal++ --create-pdf: per page, median of 3", xournalPerPage, "ms")
        print(String(format: "    spread: %.0f … %.0f ms a whole PDF; CPU median %.0f ms (%.0f … %.0f); load average now ",
                     times[0], times[times.count - 1], processorTimes[processorTimes.count / 2], processorTimes[0],
                     processorTimes[processorTimes.count - 1]) + PDFExportRuns.loadAverage)
        context.report("Quire PDF export: per page", quireMillisecondsPerPage, "ms")
        context.report("Quire ÷ Xournal++ (PDF time)", quireMillisecondsPerPage / xournalPerPage, "×", target: "≤ 0.33")
        // The processor time each spent, which a neighbour's load on a shared machine hardly moves.
        let xournalProcessorPerPage = processorTimes[processorTimes.count / 2] / Double(pages.count)
        context.report("Xournal++ --create-pdf: CPU per page, median", xournalProcessorPerPage, "ms")
        context.report("Quire PDF export: CPU per page", quireProcessorMillisecondsPerPage, "ms")
        context.report("Quire ÷ Xournal++ (PDF CPU time)", quireProcessorMillisecondsPerPage / xournalProcessorPerPage, "×")
        context.report("Xournal++ PDF size per page", bytes / Double(pages.count) / 1024, "KiB")
        context.report("Quire ÷ Xournal++ (PDF size)", quireBytesPerPage / (bytes / Double(pages.count)), "×")
    }

    /// The pages as Xournal++ XML: Letter in points, black pen strokes.
    static func document(_ pages: [Page]) -> String {
        var out = "<?xml version=\"1.0\" standalone=\"no\"?>\n<xournal creator=\"quire-bench\" fileversion=\"4\">\n<title>Quire benchmark</title>\n"
        let points = 0.75   // page pixels (96 dpi) to points (72 dpi)
        for page in pages {
            out += String(format: "<page width=\"%.2f\" height=\"%.2f\">\n", page.size.width * points, page.size.height * points)
            out += "<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>\n<layer>\n"
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
