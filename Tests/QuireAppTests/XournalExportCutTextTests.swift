import QuireDocument
import QuireGeometry
import QuireTestSupport
import QuireText
import QuireXournal
import XCTest
@testable import QuireApp

/// A text box the scissors cut across is carried whole by a scrap each side, each showing its part
/// through its outline. Xournal++ has no clipped text: each side writes the characters that show on
/// it, so the line reads once while the sides lie together (it was written twice, overprinted) and
/// each part goes with its side when they are moved apart. FreeType and fontconfig real.
final class XournalExportCutTextTests: XCTestCase {
    private let line = "lorem ipsum dolor sit amet"
    private let k = XournalExport.pointsPerPixel

    override func setUpWithError() throws {
        if let problem = PageTextFonts.shared.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
    }

    /// A closed loop round the square from (x, y), `side` wide, a point every 2 px.
    private func square(_ x: Double, _ y: Double, side: Double) -> [Point] {
        let corners = [Point(x, y), Point(x + side, y), Point(x + side, y + side), Point(x, y + side), Point(x, y + 1)]
        return zip(corners, corners.dropFirst()).flatMap { a, b in
            (0..<Int(side / 2)).map { a + (b - a) * (Double($0) / (side / 2)) }
        }
    }

    private func texts(_ page: Page) throws -> [XournalText] {
        var export = XournalExport(picture: { _ in [] })
        return try export.convert(page).elements.compactMap { if case let .text(t) = $0 { t } else { nil } }
    }

    /// The box on a page, cut by a square loop whose right side (x = 200) runs across its words.
    private func cutPage() throws -> (page: Page, text: TextItem, layout: PageTextLayout) {
        let text = TextItem(text: line, origin: Point(40, 150), fontSize: 16)
        let layout = try XCTUnwrap(PageTextFonts.shared.layout(of: text))
        XCTAssertGreaterThan(layout.bounds.maxX, 230, "the line runs well past the loop")
        var page = Page(items: [PageItem(.text(text))])
        let result = page.cutting(along: try ScissorsPath(points: square(0, 0, side: 200), closingReach: 4),
                                  measuringTextBy: { PageTextFonts.shared.layout(of: $0)?.box ?? $0.estimatedBox })
        guard case let .ink(edit, strokes: 0, texts: 1) = result else {
            return try XCTUnwrap(nil, "the loop did not cut the box: \(result)")
        }
        try page.apply(edit)
        XCTAssertEqual(page.items.count, 2, "the rest of the box, and the cut-out scrap")
        return (page, text, layout)
    }

    func testACutBoxIsWrittenOnceSplitWhereTheLoopCrossedIt() throws {
        let (page, text, layout) = try cutPage()
        let written = try texts(page).sorted { $0.x < $1.x }
        XCTAssertEqual(written.count, 2, "\(written)")
        XCTAssertEqual(written.map(\.text).joined(), line, "every character once, none twice")
        // Split at the loop: the last character of the left part has its middle left of x = 200, the
        // first of the right part right of it.
        let stops = layout.caretStops[0]
        let split = written[0].text.count
        XCTAssertLessThan(text.origin.x + (stops[split - 1] + stops[split]) / 2, 200)
        XCTAssertGreaterThan(text.origin.x + (stops[split] + stops[split + 1]) / 2, 200)
        // Each part where its characters were: the left at the box's left, the right at its caret stop.
        let whole = try XCTUnwrap(XournalExport.text(text, through: .identity))
        XCTAssertEqual(written[0].x, whole.x, accuracy: 1e-6)
        XCTAssertEqual(written[1].x, (text.origin.x + stops[split]) * k, accuracy: 1e-6)
        XCTAssertEqual(written[0].y, whole.y, accuracy: 1e-6)
        XCTAssertEqual(written[1].y, whole.y, accuracy: 1e-6)
        XCTAssertEqual(written[1].size, whole.size, accuracy: 1e-9)
    }

    func testEachPartGoesWithItsScrapWhenTheyAreMovedApart() throws {
        let (cut, _, _) = try cutPage()
        let before = try texts(cut).sorted { $0.x < $1.x }
        guard case var .scrap(cutOut) = cut.items[1].content else { return XCTFail("no cut-out scrap on top") }
        cutOut.transform = cutOut.transform.concatenating(Homography(.translation(0, 150)))
        let page = Page(items: [cut.items[0], PageItem(id: cut.items[1].id, .scrap(cutOut))])
        let after = try texts(page).sorted { $0.x < $1.x }
        XCTAssertEqual(after.map(\.text), before.map(\.text))
        XCTAssertEqual(after[0].y - before[0].y, 150 * k, accuracy: 1e-6, "the left part went down with the cut-out scrap")
        XCTAssertEqual(after[1].y, before[1].y, accuracy: 1e-6, "the right part stayed")
    }

    func testABoxWhollyOnItsScrapIsWrittenWholeAndOneOutsideItsOutlineNotAtAll() throws {
        let inside = TextItem(text: "whole words here", origin: Point(20, 40), fontSize: 14)
        let outside = TextItem(text: "never shown", origin: Point(20, 400), fontSize: 14)
        let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 300, height: 100)), transform: Homography(.translation(50, 60)),
                          items: [PageItem(.text(inside)), PageItem(.text(outside))])
        let written = try texts(Page(items: [PageItem(.scrap(scrap))]))
        XCTAssertEqual(written.map(\.text), ["whole words here"])
        XCTAssertEqual(written.first?.x ?? 0, try XCTUnwrap(XournalExport.text(inside, through: scrap.transform)).x, accuracy: 1e-9)
    }
}
