import Foundation
import QuireApp
import QuireDocument
import QuireInk
import QuirePDF
import QuireXournal

/// The erased-page set alone (it is part of `pdf-export` too), for a quick look while working on erasers.
let erasedPDFExportBenchmark = Benchmark(name: "pdf-export-erased",
                                         summary: "vector PDF export of erased pages against Xournal++: time and size") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-pdf-erased-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try ErasedPDFExportBenchmark.run(context: context, folder: folder)
}

/// The erased-page set of `pdf-export` (issue 37): pages with erasers over their ink, exported by Quire
/// and by Xournal++ from Quire's own `.xopp` of them (as `quire export --xopp` writes it; Xournal++
/// draws an eraser stroke as a white one), in rounds alternating. Two Letter pages: the drill page
/// (`quire autosave-drill --first 300 --count 100`: pen, marker, highlighter and eraser strokes in turn)
/// and 300 strokes of handwriting (`--handwriting`, else the synthesized page) with every fourth stroke
/// erased by an eraser drawn along it. Figures: medians and spread of both, each round's time ratio, both
/// files' sizes and their ratio, and the same for the drill page alone.
enum ErasedPDFExportBenchmark {
    static func pages(handwritingPath: String?) throws -> [Page] {
        let drill = Page(size: .letter, strokes: (300..<400).map(AutosaveDrill.stroke(number:)))
        let samples = try handwritingPath.map(loadHandwriting) ?? synthesizedHandwriting()
        var strokes: [Stroke] = []
        for (index, stroke) in samples.prefix(300).enumerated() {
            strokes.append(Stroke(samples: stroke, style: .defaults(for: .pen)))
            if index % 4 == 3 { strokes.append(Stroke(samples: stroke, style: .defaults(for: .eraser))) }
        }
        return [drill, Page(size: .letter, strokes: strokes)]
    }

    static func run(context: BenchmarkContext, folder: String) throws {
        let pages = try pages(handwritingPath: context.handwritingPath)
        print("  erased pages: the drill page (100 strokes, 25 of them erasers); \(pages[1].strokes.count) strokes of handwriting, a quarter erased")
        for (label, set) in [("drill page", [pages[0]]), ("both pages", pages)] {
            try measure(label, set, context: context, folder: folder)
        }
    }

    private static func measure(_ label: String, _ pages: [Page], context: BenchmarkContext, folder: String) throws {
        let xopp = folder + "/erased.xopp"
        var conversion = XournalExport(picture: { _ in [] })
        let writer = try XournalWriter(path: xopp, creator: "quire-bench")
        for page in pages { try writer.add(try conversion.convert(page)) }
        try writer.finish()
        var quire = PDFExportRuns()
        var xournal = XournalPDFRuns(xopp: xopp, folder: folder)
        let out = folder + "/erased.pdf"
        var quireBytes = 0
        let rounds = 5
        for _ in 0..<rounds {
            quireBytes = try quire.measurePreparedAhead(pages, path: out)
            if let ran = try xournal?.run(), !ran { xournal = nil }
        }
        quire.report("erased, \(label): Quire", context: context)
        context.report("erased, \(label): Quire's PDF", Double(quireBytes) / 1024, "KiB")
        guard let xournal, xournal.wall.count == rounds else { return }
        PDFExportRuns(wall: xournal.wall, processor: xournal.processor).report("erased, \(label): Xournal++ --create-pdf", context: context)
        context.report("erased, \(label): Xournal++'s PDF", xournal.bytes / 1024, "KiB")
        let ratios = zip(quire.wall, xournal.wall).map { $0 / $1 }.sorted()
        context.report("erased, \(label): Quire ÷ Xournal++ (time), median round", ratios[ratios.count / 2], "×", target: "≤ 1")
        print("    each round: " + zip(quire.wall, xournal.wall).map { String(format: "%.2f", $0 / $1) }.joined(separator: " "))
        context.report("erased, \(label): Quire ÷ Xournal++ (size)", Double(quireBytes) / xournal.bytes, "×", target: "≤ 2")
    }
}
