import QuireDocument
import QuireGeometry
import QuireInk
import QuireTestSupport
import QuireText
import QuireX11
import XCTest
@testable import QuireApp

/// Typing into a text box a scrap carries (cut out by a loop, then moved, turned or scaled with it),
/// on the canvas alone (no X server; FreeType and fontconfig real): the press finds it through the
/// scrap's placement, the caret shows where the box shows, and the scrap gets one edit, undone as one.
final class CarriedTextTypingTests: XCTestCase {
    /// Turned a little, half as large again, and placed away from the page's corner.
    private let placement = AffineTransform.rotation(0.3).concatenating(.scale(1.5, 1.5)).concatenating(.translation(200, 300))
    private let words = TextItem(text: "scrap words", origin: Point(20, 40), fontSize: 16)

    override func setUpWithError() throws {
        if let problem = PageTextFonts.shared.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
    }

    private func canvas(with scrap: Scrap) throws -> CanvasController {
        var page = Page()
        try page.apply(page.adding([PageItem(.scrap(scrap))]))
        let canvas = CanvasController(page: page)
        _ = canvas.handle(.resized(width: 1000, height: 800))
        canvas.select(.text)
        return canvas
    }

    private func click(_ canvas: CanvasController, atPage point: Point) {
        let window = canvas.pageToWindow.apply(point)
        _ = canvas.handle(.pointerDown(InputSample(position: window, time: 0), button: 1))
        _ = canvas.handle(.pointerUp(InputSample(position: window, time: 0), button: 1))
    }

    private func press(_ canvas: CanvasController, _ keysym: UInt, text: String = "", control: Bool = false) {
        _ = canvas.handle(.key(KeyInput(keysym: keysym, text: text, control: control)))
    }

    /// The words on a scrap `width` wide placed by `placement`, and the text tool pressed on them `x`
    /// pixels along their first line (in the box's own frame), where the scrap shows them on the page.
    private func pressOnTheWords(onAScrapWide width: Double = 300, at x: Double = 2) throws -> (canvas: CanvasController, scrap: Scrap) {
        let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: width, height: 100)), transform: Homography(placement),
                          items: [PageItem(.text(words))])
        let canvas = try canvas(with: scrap)
        let layout = try XCTUnwrap(PageTextFonts.shared.layout(of: words))
        XCTAssertGreaterThan(layout.box.maxX, 90)
        click(canvas, atPage: placement.apply(layout.localToPage.apply(Point(x, layout.box.center.y))))
        return (canvas, scrap)
    }

    private func carried(_ canvas: CanvasController) -> [TextItem] {
        guard case let .scrap(scrap)? = canvas.page.items.first?.content else { return [] }
        return scrap.items.compactMap { if case let .text(t) = $0.content { t } else { nil } }
    }

    func testABoxOnATurnedScaledScrapIsTypedIntoWhereItShowsAsOneEditOfTheScrap() throws {
        // A press on the box's first letter.
        let (canvas, scrap) = try pressOnTheWords()
        XCTAssertTrue(canvas.isTypingText, "the press found the box on the scrap")
        press(canvas, Keysym.end)
        press(canvas, 0x21, text: "!")
        // The caret stands after the "!", on the scrap as it is placed on the page.
        var typed = words
        typed.text = "scrap words!"
        let after = try XCTUnwrap(PageTextFonts.shared.layout(of: typed))
        let end = after.caret(line: 0, column: 12)
        let caretTop = canvas.pageToWindow.apply(placement.apply(after.localToPage.apply(Point(end.x, end.top))))
        let caretPoints = canvas.overlay.compactMap { item -> [Point]? in if case let .polyline(points, width: 2, color: _) = item { points } else { nil } }
        XCTAssertEqual(caretPoints.count, 1, "one caret")
        XCTAssertEqual(caretPoints.first?.first?.x ?? 0, caretTop.x, accuracy: 1e-6)
        XCTAssertEqual(caretPoints.first?.first?.y ?? 0, caretTop.y, accuracy: 1e-6)
        press(canvas, Keysym.escape)
        XCTAssertEqual(carried(canvas).map(\.text), ["scrap words!"])
        guard case let .scrap(edited)? = canvas.page.items.first?.content else { return XCTFail("the scrap went") }
        XCTAssertEqual(edited.transform, scrap.transform, "the scrap stayed where it was")
        XCTAssertEqual(edited.outline, scrap.outline)
        XCTAssertEqual(canvas.page.items.count, 1, "no box of its own on the page")
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["text"])
        canvas.undo()
        XCTAssertEqual(carried(canvas).map(\.text), ["scrap words"])
    }

    func testAPressWhereTheScrapsOutlineHidesItsBoxStartsANewBox() throws {
        // The outline ends at x = 60: the rest of the words are carried but not shown (a side of a cut).
        let (canvas, _) = try pressOnTheWords(onAScrapWide: 60, at: 80)
        press(canvas, 0x7a, text: "z")
        press(canvas, Keysym.escape)
        XCTAssertEqual(carried(canvas).map(\.text), ["scrap words"], "the hidden part is not typed into")
        XCTAssertEqual(canvas.page.items.count, 2, "a new box of its own")
    }

    func testEmptyingTheOnlyTextOfATransparentScrapTakesTheScrapOutAndUndoBringsItBack() throws {
        let (canvas, _) = try pressOnTheWords()
        press(canvas, 0x61, control: true)
        press(canvas, Keysym.backspace)
        press(canvas, Keysym.escape)
        XCTAssertTrue(canvas.page.items.isEmpty, "a transparent scrap holding nothing is not left behind")
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["text taken out"])
        canvas.undo()
        XCTAssertEqual(carried(canvas).map(\.text), ["scrap words"])
    }

    func testAScrapWarpedInPerspectiveIsNotTypedInto() throws {
        let warped = try XCTUnwrap(Homography(from: Quadrilateral(Rect(x: 0, y: 0, width: 300, height: 100)).corners,
                                              to: [Point(200, 300), Point(520, 280), Point(500, 420), Point(210, 390)]))
        let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 300, height: 100)), transform: warped, items: [PageItem(.text(words))])
        let canvas = try canvas(with: scrap)
        let layout = try XCTUnwrap(PageTextFonts.shared.layout(of: words))
        click(canvas, atPage: try XCTUnwrap(warped.apply(layout.localToPage.apply(Point(2, layout.box.center.y)))))
        press(canvas, 0x7a, text: "z")
        press(canvas, Keysym.escape)
        XCTAssertEqual(carried(canvas).map(\.text), ["scrap words"])
    }
}
