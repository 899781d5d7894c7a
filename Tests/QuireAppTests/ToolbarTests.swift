@testable import QuireApp
import QuireGeometry
import QuireInk
import QuireRender
import QuireText
import XCTest

/// The toolbar's layout, hit testing, tooltips and drawing state, without a window.
final class ToolbarTests: XCTestCase {
    private let state = Toolbar.State(tool: .marker, canUndo: false, canRedo: true, color: InkColor(red: 0.8, green: 0.1, blue: 0.1), width: 8)

    func testEveryButtonIsHitAtItsCentreAndNothingBetweenOrBeyond() {
        let toolbar = Toolbar(text: nil)
        let buttons = toolbar.layout.buttons
        XCTAssertEqual(buttons.map(\.0), toolbar.buttons.flatMap { $0 })
        for (button, rect) in buttons {
            XCTAssertEqual(toolbar.button(at: rect.center), button)
            XCTAssertTrue(toolbar.contains(rect.center))
        }
        XCTAssertNil(toolbar.button(at: Point(toolbar.panel.maxX + 5, buttons[0].1.center.y)), "beside the panel")
        XCTAssertFalse(toolbar.contains(Point(toolbar.panel.maxX + 5, toolbar.panel.minY + 5)))
        XCTAssertFalse(toolbar.contains(Point(300, 300)), "the page")
    }

    func testTheLayoutScalesWithTheInterface() {
        let one = Toolbar(text: nil), two = Toolbar(text: nil)
        two.scale = 2
        XCTAssertEqual(two.panel.width, one.panel.width * 2, accuracy: 1e-9)
        XCTAssertEqual(two.panel.height, one.panel.height * 2, accuracy: 1e-9)
        XCTAssertEqual(two.button(at: one.layout.buttons[3].1.center * 2), one.button(at: one.layout.buttons[3].1.center))
    }

    func testTooltipsNameTheButtonAndTheKeyFromTheKeyTable() {
        XCTAssertEqual(Toolbar(text: nil).tooltip(for: .tool(.pen)), "Pen — P")
        XCTAssertEqual(Toolbar(text: nil).tooltip(for: .tool(.scissors)), "Scissors — S")
        XCTAssertEqual(Toolbar(text: nil).tooltip(for: .undo), "Undo — Ctrl+Z")
        XCTAssertEqual(ToolbarButton.tool(.select).action, .selectTool(.select))
    }

    func testTheActiveToolIsLitAndUndoIsDimmedWhenThereIsNothingToUndo() throws {
        let toolbar = Toolbar(text: nil)
        let items = toolbar.overlay(state, hovered: nil, hoveredSince: 0, now: 0)
        let lit = items.compactMap { item -> Rect? in
            if case let .polygon(points, color) = item, color == InkColor(red: 0.27, green: 0.47, blue: 0.85) {
                return points.reduce(Rect.null) { $0.union($1) }
            }
            return nil
        }
        XCTAssertEqual(lit.count, 1)
        let marker = try XCTUnwrap(toolbar.layout.buttons.first { $0.0 == .tool(.marker) }?.1)
        XCTAssertTrue(marker.contains(try XCTUnwrap(lit.first).center), "the lit button is the marker")
        // Undo's icon is drawn at a third of the opacity redo's is.
        let undoRect = try XCTUnwrap(toolbar.layout.buttons.first { $0.0 == .undo }?.1)
        let undoAlphas = items.compactMap { item -> Float? in
            if case let .polyline(points, _, color) = item, undoRect.contains(points[0]) { return color.alpha }
            return nil
        }
        XCTAssertFalse(undoAlphas.isEmpty)
        XCTAssertTrue(undoAlphas.allSatisfy { $0 < 0.5 }, "\(undoAlphas)")
    }

    func testTheTooltipComesAfterTheDelayBesideThePanel() throws {
        let text: TextRasterizer
        do { text = try TextRasterizer() } catch { throw XCTSkip("the interface font is missing: \(error)") }
        let toolbar = Toolbar(text: text)
        let early = toolbar.overlay(state, hovered: .tool(.pen), hoveredSince: 10, now: 10.2)
        XCTAssertFalse(early.contains { if case .text = $0 { return true } else { return false } })
        XCTAssertEqual(try XCTUnwrap(Toolbar.secondsUntilTooltip(hovered: .tool(.pen), since: 10, now: 10.2)), 0.4, accuracy: 1e-9)
        let late = toolbar.overlay(state, hovered: .tool(.pen), hoveredSince: 10, now: 10.7)
        guard case let .text(tip)? = late.last else { return XCTFail("no tooltip") }
        XCTAssertGreaterThan(tip.origin.x, toolbar.panel.maxX)
        XCTAssertGreaterThan(tip.width, 30)
        XCTAssertEqual(tip.glyphs.count, "Pen—P".count, "a glyph for each inked character of \"Pen — P\"")
        XCTAssertNil(Toolbar.secondsUntilTooltip(hovered: .tool(.pen), since: 10, now: 10.7))
        XCTAssertNil(Toolbar.secondsUntilTooltip(hovered: nil, since: 10, now: 10.2))
    }

    func testStatusSaysTitlePageAndZoom() {
        XCTAssertEqual(StatusLine.text(position: "Physics — page 3 of 12", zoom: 1.5), "Physics — page 3 of 12 · 150%")
    }
}
