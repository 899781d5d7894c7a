@testable import QuireApp
import QuireGeometry
import QuireInk
import QuireX11
import XCTest

/// The text settings panel's values and presses without a window: the size slider's even steps in
/// ratio, the family buttons, and presses routed as the pen settings panel routes them.
final class TextSettingsPanelTests: XCTestCase {
    func testTheSliderSpansFourToTwoHundredInEvenRatios() {
        XCTAssertEqual(TextSettingsPanel.size(atPosition: 0), 4)
        XCTAssertEqual(TextSettingsPanel.size(atPosition: 1), 200)
        XCTAssertEqual(TextSettingsPanel.size(atPosition: 0.5), (4 * 200.0).squareRoot().rounded())
        XCTAssertEqual(TextSettingsPanel.size(atPosition: -3), 4)
        XCTAssertEqual(TextSettingsPanel.size(atPosition: .infinity), 200)
        for size in [4.0, 12, 20, 40, 100, 200] {
            XCTAssertEqual(TextSettingsPanel.size(atPosition: TextSettingsPanel.position(ofSize: size)), size)
        }
        XCTAssertEqual(TextSettingsPanel.position(ofSize: 1e6), 1)
    }

    func testButtonsAndTheSliderSetValuesAndAFamilyFromTheConfigFileGetsAButton() {
        let panel = TextSettingsPanel(text: nil)
        panel.open(family: "DejaVu Serif", size: 20, color: .black)
        XCTAssertEqual(panel.families, ["sans-serif", "serif", "monospace", "DejaVu Serif"])
        let layout = try! XCTUnwrap(panel.layout)
        XCTAssertEqual(panel.part(at: layout.familyButtons[2].center), .family(2))
        XCTAssertEqual(panel.part(at: layout.sizeTrack.center), .size)
        XCTAssertEqual(panel.part(at: layout.preview.center), .background)
        XCTAssertNil(panel.part(at: Point(layout.panel.maxX + 5, layout.panel.minY)))

        func down(_ p: Point) -> PanelHandling { panel.handle(.pointerDown(InputSample(position: p, time: 0), button: 1), onToolbar: { _ in false }) }
        func moved(_ p: Point) -> PanelHandling { panel.handle(.pointerMoved(InputSample(position: p, time: 0)), onToolbar: { _ in false }) }
        func up(_ p: Point) -> PanelHandling { panel.handle(.pointerUp(InputSample(position: p, time: 0), button: 1), onToolbar: { _ in false }) }
        XCTAssertEqual(down(layout.familyButtons[2].center), .changed(finished: false))
        XCTAssertEqual(panel.family, "monospace")
        // Sliding onto another button does not take it.
        XCTAssertEqual(moved(layout.familyButtons[0].center), .taken)
        XCTAssertEqual(up(layout.familyButtons[0].center), .changed(finished: true))
        XCTAssertEqual(panel.family, "monospace")
        // The slider's right end: 200 px; a press on the card changes nothing.
        XCTAssertEqual(down(Point(layout.sizeTrack.maxX + 3, layout.sizeTrack.center.y)), .changed(finished: false))
        XCTAssertEqual(up(Point(layout.sizeTrack.maxX + 3, layout.sizeTrack.center.y)), .changed(finished: true))
        XCTAssertEqual(panel.size, 200)
        XCTAssertEqual(down(layout.preview.center), .taken)
        XCTAssertEqual(up(layout.preview.center), .taken)
        // A press outside closes it, and its release is taken with it.
        XCTAssertEqual(down(Point(900, 700)), .closed)
        XCTAssertFalse(panel.isOpen)
        XCTAssertEqual(up(Point(900, 700)), .taken)
        XCTAssertEqual(down(Point(900, 700)), .passed)
    }

    func testEscapeClosesItAndAnOpenSizeIsKeptWithinTheSlider() {
        let panel = TextSettingsPanel(text: nil)
        panel.open(family: "serif", size: 900, color: .black)
        XCTAssertEqual(panel.size, 200)
        XCTAssertEqual(panel.families, TextSettingsPanel.standardFamilies)
        XCTAssertEqual(panel.handle(.key(KeyInput(keysym: Keysym.escape, text: "")), onToolbar: { _ in false }), .closed)
        XCTAssertFalse(panel.isOpen)
    }
}
