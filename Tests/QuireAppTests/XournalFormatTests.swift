import QuireGeometry
@testable import QuireXournal
import XCTest

/// The Xournal++ format's details, read as Xournal++ 1.1 reads them: how many widths a stroke may
/// carry and what each means, colours by name and number, and numbers written so they read back.
final class XournalFormatTests: XCTestCase {
    private func strokes(_ body: String) throws -> [XournalStroke] {
        let xml = "<xournal><page width=\"100\" height=\"100\"><layer>\(body)</layer></page></xournal>"
        return try XournalReader.parse(Array(xml.utf8), path: "test.xopp").pages[0].elements.compactMap {
            if case let .stroke(stroke) = $0 { return stroke } else { return nil }
        }
    }

    func testWidthsAreOneASegmentAndTheLastPointTakesTheOneBefore() throws {
        let read = try strokes("""
            <stroke tool="pen" color="#000000ff" width="2 1 3">0 0 10 0 20 0</stroke>
            <stroke tool="pen" color="#000000ff" width="2 1">0 0 10 0 20 0</stroke>
            <stroke tool="pen" color="#000000ff" width="2 1 3 5 9">0 0 10 0 20 0</stroke>
            <stroke tool="pen" color="#000000ff" width="2 1 3" quire-last-width="4">0 0 10 0 20 0</stroke>
            """)
        XCTAssertEqual(read.map(\.widths), [[1, 3, 3], [2, 2, 2], [1, 3, 5], [1, 3, 4]],
                       "n − 1 widths: one a segment; fewer: ignored, as Xournal++ does; more: the extra unused; Quire's last width read back")
    }

    func testColoursByNameAndNumber() throws {
        XCTAssertEqual(XournalColor(parsing: "#3333ccff")?.rgba, 0x3333_CCFF)
        XCTAssertEqual(XournalColor(parsing: "#ff8000")?.rgba, 0xFF80_00FF, "six digits are opaque")
        XCTAssertEqual(XournalColor(parsing: "blue")?.rgba, 0x3333_CCFF)
        XCTAssertEqual(XournalColor(parsing: "blue", names: XournalColor.paperNames)?.rgba, 0xA0E8_FFFF, "blue paper is pale")
        XCTAssertNil(XournalColor(parsing: "#12345"))
        XCTAssertNil(XournalColor(parsing: "#gg0000ff"))
        XCTAssertNil(XournalColor(parsing: "chartreuse"))
        XCTAssertEqual(XournalColor(rgba: 0x0A0B_0C7F).text, "#0a0b0c7f")
    }

    func testNumbersAreWrittenShortAndReadBackAtSinglePrecision() {
        for value in [0.0, -0.0, 12, 12.5, 0.1, 1e-7, 595.275591, -33.333333, 123456.789, 1e20] {
            let text = XournalWriter.number(value)
            XCTAssertFalse(text.hasSuffix(".0"), text)
            let (numbers, problem) = NumberList.parse(text)
            XCTAssertNil(problem)
            XCTAssertEqual(numbers.count, 1)
            XCTAssertEqual(Float(numbers[0]), Float(value), "\(value) → \(text)")
        }
        XCTAssertEqual(NumberList.parse(" 1\t2\n3.5e2  -4 ").numbers, [1, 2, 350, -4])
        for bad in ["1 nan", "inf", "1,5", "2x", "--1", String(repeating: "1", count: 70)] {
            XCTAssertNotNil(NumberList.parse(bad).problem, bad)
        }
    }
}
