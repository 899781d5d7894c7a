import Foundation
import QuireDocument
import QuireGeometry
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire find` (and `quire info --json`'s text boxes), as a user runs them: words in text boxes and in a PDF page's own text (a PDF Quire wrote
/// from the same text, imported back as a page), any case and accents, each place on its page; nothing
/// found exits 1.
final class FindCommandLineTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-find-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    @discardableResult
    private func quire(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, file: file, line: line)
    }

    func testWordsAreFoundInTextBoxesAndPDFPagesWithTheirPlaces() throws {
        let path = library + "/Physics.quire"
        let store = try NotebookStore.create(at: path, title: "Physics")
        let page = try store.pageIDs()[0]
        try store.apply(Page().adding([PageItem(.text(TextItem(text: "Lecture 3\nEntropy always grows", origin: Point(100, 150), fontSize: 24)))]),
                        to: page)
        try store.close()
        // `quire info --json` lists the box: its words, place, font, size and colour.
        let info = try quire("info", "Physics", "--json")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any], info)
        let texts = try XCTUnwrap((report["pages"] as? [[String: Any]])?.first?["texts"] as? [[String: Any]], info)
        XCTAssertEqual(texts.count, 1)
        XCTAssertEqual(texts.first?["text"] as? String, "Lecture 3\nEntropy always grows")
        XCTAssertEqual(texts.first?["x"] as? Double, 100)
        XCTAssertEqual(texts.first?["y"] as? Double, 150)
        XCTAssertEqual(texts.first?["size"] as? Double, 24)
        XCTAssertEqual(texts.first?["font"] as? String, "sans-serif")
        XCTAssertEqual(texts.first?["color"] as? String, "#000000")
        let pdf = library + "/Physics.pdf"
        try quire("export", "Physics", "--pdf", pdf)
        try quire("import", "Physics", pdf)

        let output = try quire("find", "Physics", "ENTROPY")
        XCTAssertTrue(output.contains("2 places"), output)
        XCTAssertTrue(output.contains("page 1, text box at 100,"), output)
        XCTAssertTrue(output.contains("page 2, PDF page at"), output)
        XCTAssertTrue(output.contains("Entropy always grows"), output)

        let json = try quire("find", "Physics", "entropy", "--json")
        let places = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], json)
        XCTAssertEqual(places.map { $0["source"] as? String }, ["text", "pdf"])
        XCTAssertEqual(places.map { $0["page"] as? Int }, [1, 2])
        // The PDF page's words lie where the box's did: the same place on a page of the same size.
        let (box, printed) = (places[0], places[1])
        XCTAssertEqual(box["x"] as? Double ?? 0, printed["x"] as? Double ?? 0, accuracy: 3)
        XCTAssertEqual(box["y"] as? Double ?? 0, printed["y"] as? Double ?? 0, accuracy: 6)

        let accents = try quire("find", "Physics", "lecture 3")
        XCTAssertTrue(accents.contains("2 places"), accents)
        let nowhere = try quire("find", "Physics", "enthalpy", status: 1)
        XCTAssertTrue(nowhere.contains("\"enthalpy\" is nowhere in"), nowhere)
        let empty = try quire("find", "Physics", "  ", status: 64)
        XCTAssertTrue(empty.contains("give the words to find"), empty)
        let long = try quire("find", "Physics", String(repeating: "x", count: 1_001), status: 64)
        XCTAssertTrue(long.contains("1001 characters; at most 1000 are looked for"), long)
    }

    /// A box the scissors cut shows on a scrap each side of the cut, each carrying its words: each word
    /// is found once, where it shows, and `quire info` lists the words on each scrap.
    func testWordsOfABoxTheScissorsCutAreFoundOnceWhereTheyShow() throws {
        let path = library + "/Cut.quire"
        let store = try NotebookStore.create(at: path, title: "Cut")
        let id = try store.pageIDs()[0]
        var page = Page(items: [PageItem(.text(TextItem(text: "alpha beta gamma delta", origin: Point(100, 150), fontSize: 24)))])
        // A loop round x 50…230 takes "alpha beta" (x 100…≈210) and leaves "gamma delta"; the cut-out
        // piece is then carried 300 px down.
        let corners = [Point(50, 80), Point(230, 80), Point(230, 220), Point(50, 220), Point(50, 82)]
        var loop: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<20 { loop.append(a + (b - a) * (Double(k) / 20)) }
        }
        loop.append(corners[4])
        guard case let .ink(edit, _, texts: 1) = page.cutting(along: try ScissorsPath(points: loop, closingReach: 4)) else {
            return XCTFail("the box was not cut")
        }
        try page.apply(edit)
        var items = page.items
        guard case var .scrap(cutOut) = items.last?.content else { return XCTFail("no cut-out scrap") }
        cutOut.transform = cutOut.transform.concatenating(Homography(.translation(0, 300)))
        items[items.count - 1] = PageItem(.scrap(cutOut))
        try store.apply(Page().adding(items), to: id)
        try store.close()

        for (word, down) in [("alpha", true), ("beta", true), ("gamma", false), ("delta", false)] {
            let json = try quire("find", "Cut", word, "--json")
            let places = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], json)
            XCTAssertEqual(places.count, 1, "\(word) is found once: \(json)")
            let y = places.first?["y"] as? Double ?? 0
            XCTAssertEqual(y, down ? 430 : 130, accuracy: 12, "\(word) is found where it shows: \(json)")
        }
        let info = try quire("info", "Cut", "--json")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any], info)
        let scraps = try XCTUnwrap((report["pages"] as? [[String: Any]])?.first?["scraps"] as? [[String: Any]], info)
        XCTAssertEqual(scraps.map { $0["texts"] as? [String] }, [["alpha beta gamma delta"], ["alpha beta gamma delta"]])
    }
}
