@testable import QuireApp
import QuireInk
import XCTest

/// The tools' colours and the recent ones, written and read back; whatever in the file is bad is
/// ignored with a warning naming the file, the rest still counts.
final class PickedColorsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-colors-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private let blue = InkColor(hex: "#1040c0")!
    private let yellow = InkColor(hex: "#ffd919")!

    func testTheColoursAreWrittenAndReadBackTheSame() throws {
        var colors = PickedColors(byTool: [.pen: blue, .highlighter: yellow])
        colors.remember(yellow)
        colors.remember(blue)
        let path = folder + "/state/quire/colors"
        try colors.save(to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "pen #1040c0\nhighlighter #ffd919\nrecent #1040c0 #ffd919\n")
        let (read, warnings) = PickedColors.load(from: path)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(read, colors)
    }

    func testTheFileLiesBesideTheWindowPlacement() {
        XCTAssertEqual(PickedColors.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/quire/colors")
        XCTAssertEqual(PickedColors.path(environment: ["HOME": "/h"]), "/h/.local/state/quire/colors")
    }

    func testRecentColoursAreNewestFirstOnceEachAndAtMostEight() {
        var colors = PickedColors()
        for level in 0..<10 { colors.remember(InkColor(red: Float(level) / 255, green: 0, blue: 0)) }
        XCTAssertEqual(colors.recent.count, PickedColors.recentCount)
        XCTAssertEqual(colors.recent.first?.hex, "#090000")
        XCTAssertEqual(colors.recent.last?.hex, "#020000")
        colors.remember(InkColor(red: 5.0 / 255, green: 0, blue: 0))
        XCTAssertEqual(colors.recent.map(\.hex), ["#050000", "#090000", "#080000", "#070000", "#060000", "#040000", "#030000", "#020000"])
    }

    func testBadLinesAreIgnoredWithAWarningAndTheGoodOnesKept() {
        let (colors, warnings) = PickedColors.parse("""
            pen #1040c0
            marker #12345
            eraser #000000
            highlighter #ffd919 #000000
            recent #1040c0 nonsense
            \u{0}\u{1}

            """)
        XCTAssertEqual(colors.byTool, [.pen: blue])
        XCTAssertEqual(colors.recent, [])
        XCTAssertEqual(warnings.count, 5, "\(warnings)")
        XCTAssertTrue(warnings[0].hasPrefix("line 2: \"#12345\" is not a colour"), warnings[0])
        XCTAssertTrue(warnings[1].contains("\"eraser\" is not pen, marker, highlighter or recent"), warnings[1])
        XCTAssertTrue(warnings[2].contains("the highlighter has 2 colours"), warnings[2])
        XCTAssertTrue(warnings[3].contains("\"nonsense\" is not a colour"), warnings[3])
        let (many, manyWarnings) = PickedColors.parse("recent " + Array(repeating: "#000000", count: 9).joined(separator: " "))
        XCTAssertEqual(many.recent, [])
        XCTAssertEqual(manyWarnings, ["line 1: 9 recent colours, more than 8"])
    }

    func testAFileThatIsTooBigOrNotTextIsIgnoredWithAWarningNamingIt() throws {
        let big = folder + "/big"
        try Data(repeating: 0x20, count: PickedColors.maximumBytes + 1).write(to: URL(fileURLWithPath: big))
        let (colors, warnings) = PickedColors.load(from: big)
        XCTAssertEqual(colors, PickedColors())
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasPrefix(big), warnings[0])
        let binary = folder + "/binary"
        try Data([0xff, 0xfe, 0x00, 0xc3]).write(to: URL(fileURLWithPath: binary))
        XCTAssertEqual(PickedColors.load(from: binary).1.count, 1)
        let bad = folder + "/bad"
        try "pen #zzzzzz\nmarker #1040c0\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let (read, badWarnings) = PickedColors.load(from: bad)
        XCTAssertEqual(read.byTool, [.marker: blue])
        XCTAssertEqual(badWarnings, ["\(bad), line 1: \"#zzzzzz\" is not a colour written #rrggbb; it is ignored"])
        XCTAssertEqual(PickedColors.load(from: folder + "/none").1, [], "no file yet is no warning")
    }
}
