@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Issue 35: a format Quire writes is one exporter and one registration (`NotebookExporters`), which the
/// command line (`quire export --FORMAT`) and the window's notebook export use.
final class NotebookExportersTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-exporters-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A format from outside Quire's own: a line a page, its number and how many items it holds.
    struct CountsExporter: NotebookExporter {
        var name: String { "item counts" }
        var option: String { "counts" }
        var writesFolder: Bool { false }

        func check(_ pages: ExportedPages, settings: ExportSettings) throws {
            guard pages.count <= 2 else { throw ExportRequestError("counts take at most 2 pages, not \(pages.count)") }
        }

        func write(_ pages: ExportedPages, to path: String, settings: ExportSettings, progress: (Int) -> Void) throws -> String {
            var lines: [String] = []
            for index in 0..<pages.count {
                lines.append("\(pages.numbers[index]) \(try pages.page(index).items.count)")
                progress(index + 1)
            }
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
            return ": \(lines.count) lines"
        }
    }

    private func notebook() throws -> NotebookStore {
        let style = InkEngineRegistry.standard.style(for: .pen)
        let stroke = { (y: Double) in
            PageItem(.stroke(Stroke(samples: (0..<5).map { InputSample(position: Point(Double($0) * 10, y), time: Double($0) / 100) },
                                    style: style)))
        }
        let pages = [Page(items: [stroke(10)]), Page(items: [stroke(10), stroke(20), stroke(30)]), Page()]
        return try NotebookLibrary(directory: folder).create(title: "Counted", pages: pages)
    }

    func testAFormatRegisteredOutsideQuireWritesTheChosenPagesByTheirNumbers() throws {
        let store = try notebook()
        defer { try? store.close() }
        let registry = NotebookExporters(NotebookExporters.standard.exporters + [CountsExporter()])
        let exporter = try XCTUnwrap(registry.exporter(option: "counts"))
        let ids = try store.pageIDs()
        let chosen = try ExportedPages(store: store, ids: [ids[2], ids[1]])
        XCTAssertEqual(chosen.numbers, [3, 2], "numbered as in the notebook, in the order asked")
        try exporter.check(chosen, settings: ExportSettings())
        var reported: [Int] = []
        let detail = try exporter.write(chosen, to: folder + "/counts.txt", settings: ExportSettings(), progress: { reported.append($0) })
        XCTAssertEqual(detail, ": 2 lines")
        XCTAssertEqual(reported, [1, 2])
        XCTAssertEqual(try String(contentsOfFile: folder + "/counts.txt", encoding: .utf8), "3 0\n2 3")
        XCTAssertThrowsError(try exporter.check(try ExportedPages(store: store, ids: ids), settings: ExportSettings())) {
            XCTAssertEqual(($0 as? ExportRequestError)?.description, "counts take at most 2 pages, not 3")
        }
    }

    /// Pages read already (the window's export, the notebook as it was at the key press) are numbered
    /// from 1 and written as they were read, whatever the notebook holds by then.
    func testPagesReadAlreadyAreWrittenAsTheyWere() throws {
        let store = try notebook()
        defer { try? store.close() }
        let pages = try store.pageIDs().map { try store.loadPage($0) }
        let snapshot = ExportedPages(store: store, title: "Counted", pages: pages)
        try store.deletePage(pages[1].id)
        _ = try CountsExporter().write(snapshot, to: folder + "/snapshot.txt", settings: ExportSettings(), progress: { _ in })
        XCTAssertEqual(try String(contentsOfFile: folder + "/snapshot.txt", encoding: .utf8), "1 1\n2 3\n3 0")
    }

    /// Every standard format has its own option, and a page-a-file format that cannot make its folder
    /// says so naming the option to change.
    func testTheStandardFormatsEachHaveAnOptionAndSayWhatToChange() throws {
        let options = NotebookExporters.standard.exporters.map(\.option)
        XCTAssertEqual(options, ["png", "pdf", "svg", "xopp"], "the order `quire export --help` lists them")
        let store = try notebook()
        defer { try? store.close() }
        let blocker = folder + "/file"
        FileManager.default.createFile(atPath: blocker, contents: Data())
        let svg = try XCTUnwrap(NotebookExporters.standard.exporter(option: "svg"))
        XCTAssertThrowsError(try svg.write(try ExportedPages(store: store, ids: try store.pageIDs()), to: blocker + "/svg",
                                           settings: ExportSettings(), progress: { _ in })) {
            let message = "\($0)"
            XCTAssertTrue(message.hasPrefix("cannot make the folder \(blocker)/svg") && message.hasSuffix("choose another with --svg"),
                          message)
        }
    }
}
