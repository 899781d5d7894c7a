@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Issue 35: a file format is one importer and one registration (`FileImporters`), which the command
/// line, a drop and a paste all use.
final class FileImportersTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-importers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A format from outside Quire's own: lines of `x y`, one stroke a file, on a page of its own.
    struct DotsImporter: FileImporter {
        var name: String { "dots file" }

        func recognizes(_ path: String, head: [UInt8]) -> Bool { path.hasSuffix(".dots") }

        func read(_ paths: [String], progress: (Int) -> Void) throws -> ImportedContent {
            var pages: [Page] = []
            for (index, path) in paths.enumerated() {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let points = try text.split(separator: "\n").map { line -> Point in
                    let numbers = line.split(separator: " ").compactMap { Double($0) }
                    guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
                        throw ImportError(path: path, reason: "`\(line)` is not `x y`")
                    }
                    return Point(numbers[0], numbers[1])
                }
                let samples = points.enumerated().map { InputSample(position: $1, time: Double($0) / 100) }
                pages.append(Page(items: [PageItem(.stroke(Stroke(samples: samples, style: InkEngineRegistry.standard.style(for: .pen))))]))
                progress(index + 1)
            }
            return .pages(pages, blobs: [], summary: "\(pages.count) dots pages")
        }
    }

    private func write(_ text: String, _ name: String) -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    private func picture(_ name: String) throws -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(try PNG.encode(RGBAImage(width: 4, height: 4, fill: (9, 9, 9, 255)))))
        return path
    }

    func testARegisteredFormatIsReadAndKeptApartFromOthers() throws {
        let importers = FileImporters([DotsImporter()] + FileImporters.standard.importers)
        let one = write("10 10\n50 60\n90 20\n", "one.dots"), two = write("5 5\n6 6\n", "two.dots")
        var done: [Int] = []
        guard case let .pages(pages, blobs, summary) = try importers.read([one, two], progress: { done.append($0) }) else {
            return XCTFail("a dots file adds pages")
        }
        XCTAssertEqual(pages.map { $0.strokes.first?.samples.count }, [3, 2])
        XCTAssertTrue(blobs.isEmpty)
        XCTAssertEqual(summary, "2 dots pages")
        XCTAssertEqual(done, [1, 2])
        // The standard formats still read their own files.
        guard case let .pictures(pictures) = try importers.read([try picture("a.png")]) else { return XCTFail("a picture") }
        XCTAssertEqual(pictures.count, 1)
        // One import takes one kind: the first file of another kind is named.
        let photo = try picture("photo.png")
        XCTAssertThrowsError(try importers.read([one, photo])) { error in
            XCTAssertEqual((error as? ImportError)?.path, photo)
            XCTAssertEqual((error as? ImportError)?.reason,
                           "one import takes files of one kind, not both: this is a picture, and 1 of the 2 files is a dots file; "
                           + "import them separately")
        }
        // A bad file of the format is its importer's error, naming it.
        let bad = write("10 ten\n", "bad.dots")
        XCTAssertThrowsError(try importers.read([one, bad])) { error in
            XCTAssertEqual((error as? ImportError)?.path, bad)
        }
        // Unregistered, the same file is read as a picture, and refused as one.
        XCTAssertThrowsError(try FileImporters.standard.read([one])) { error in
            XCTAssertEqual((error as? ImportError)?.path, one, "\(error)")
        }
    }

    /// Imported pages go after the page shown, as one step of the notebook's history.
    func testImportedPagesGoAfterTheCurrentPageAsOneStep() throws {
        let library = NotebookLibrary(directory: folder + "/library")
        let session = try NotebookSession(library: library, say: { _ in })
        defer { session.close() }
        _ = try session.perform(.nextPage)
        _ = try session.perform(.previousPage)
        let before = session.pageIDs
        guard case let .pages(pages, blobs, _) = try FileImporters([DotsImporter()]).read([write("1 1\n2 2\n", "a.dots"),
                                                                                            write("3 3\n4 4\n", "b.dots")])
        else { return XCTFail("pages") }
        try session.importPages(pages, blobs: blobs)
        XCTAssertEqual(session.pageIDs, [before[0]] + pages.map(\.id) + [before[1]])
        XCTAssertEqual(session.pageIndex, 1, "the first new page is shown")
        _ = try session.perform(.undoPageChange)
        XCTAssertEqual(session.pageIDs, before, "one undo takes both pages out")
        session.flushSaves()
        XCTAssertEqual(try session.store.pageIDs(), before)
    }
}
