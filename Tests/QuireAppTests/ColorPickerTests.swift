@testable import QuireApp
import QuireGeometry
import QuireInk
import QuireRender
import QuireX11
import XCTest

/// The colour picker without a window: its layout and hit testing, what a press and a drag pick, the
/// hex field, and how the window interface routes presses to it (none reaches the page).
final class ColorPickerTests: XCTestCase {
    private func down(_ x: Double, _ y: Double) -> WindowEvent { .pointerDown(InputSample(position: Point(x, y), time: 0), button: 1) }
    private func moved(_ x: Double, _ y: Double) -> WindowEvent { .pointerMoved(InputSample(position: Point(x, y), time: 0)) }
    private func up(_ x: Double, _ y: Double) -> WindowEvent { .pointerUp(InputSample(position: Point(x, y), time: 0), button: 1) }
    private func key(_ text: String, keysym: UInt? = nil) -> WindowEvent {
        .key(KeyInput(keysym: keysym ?? UInt(text.unicodeScalars.first!.value), text: text))
    }

    private func openPicker() -> ColorPicker {
        let picker = ColorPicker(text: nil)
        picker.place(beside: Rect(x: 18, y: 400, width: 40, height: 40), left: 64, windowWidth: 1000, windowHeight: 800, scale: 1)
        picker.open()
        return picker
    }

    func testEveryPartIsHitAtItsCentreAndNothingOffThePanel() throws {
        let layout = try XCTUnwrap(openPicker().layout)
        XCTAssertEqual(layout.panel.minX, 74)
        XCTAssertEqual(layout.panel.center.y, 420, accuracy: 1e-9, "centred on the swatch")
        XCTAssertEqual(layout.part(at: layout.square.center), .square)
        XCTAssertEqual(layout.part(at: layout.hueStrip.center), .hueStrip)
        for (index, rect) in layout.recent.enumerated() { XCTAssertEqual(layout.part(at: rect.center), .recent(index)) }
        XCTAssertEqual(layout.part(at: layout.hexField.center), .hexField)
        XCTAssertEqual(layout.part(at: layout.current.center), .panel)
        XCTAssertEqual(layout.part(at: Point(layout.square.maxX + 6, layout.square.center.y)), .panel, "between square and strip")
        XCTAssertNil(layout.part(at: Point(layout.panel.maxX + 1, layout.panel.center.y)))
        XCTAssertNil(layout.part(at: Point(layout.panel.center.x, layout.panel.minY - 1)))
        XCTAssertTrue(layout.recent.allSatisfy { layout.panel.contains(Point($0.maxX, $0.maxY)) })
        XCTAssertTrue(layout.hexField.maxX <= layout.hueStrip.maxX + 1e-9)
    }

    func testThePanelStaysInAShortWindowAndScales() {
        let short = ColorPickerLayout(beside: Rect(x: 18, y: 700, width: 40, height: 40), left: 64, windowWidth: 600, windowHeight: 400, scale: 1)
        XCTAssertGreaterThanOrEqual(short.panel.minY, 0)
        XCTAssertLessThanOrEqual(short.panel.maxY, 400)
        let two = ColorPickerLayout(beside: Rect(x: 36, y: 800, width: 80, height: 80), left: 128, windowWidth: 3000, windowHeight: 2000, scale: 2)
        XCTAssertEqual(two.square.width, 2 * ColorPickerLayout.squareSide)
    }

    func testAPressInTheSquarePicksTheColourThereAndTheReleaseSettlesIt() throws {
        let picker = openPicker()
        picker.follow(InkColor(red: 1, green: 0, blue: 0))
        let square = try XCTUnwrap(picker.layout).square
        // A quarter across (saturation 0.25), a quarter down (brightness 0.75), at red's hue.
        let point = Point(square.minX + square.width / 4, square.minY + square.height / 4)
        let expected = HSBColor(hue: 0, saturation: 0.25, brightness: 0.75).rgb
        XCTAssertEqual(picker.handle(down(point.x, point.y)), .picked(expected, settled: false))
        XCTAssertEqual(picker.loupe, ColorPicker.Loupe(point: point, color: expected), "the loupe shows the colour under the pointer")
        XCTAssertTrue(picker.isDragging)
        // Dragged off the square: the nearest edge's colour.
        let corner = HSBColor(hue: 0, saturation: 1, brightness: 1).rgb
        XCTAssertEqual(picker.handle(moved(square.maxX + 50, square.minY - 80)), .picked(corner, settled: false))
        XCTAssertEqual(picker.handle(up(point.x, point.y)), .picked(expected, settled: true))
        XCTAssertNil(picker.loupe)
        XCTAssertFalse(picker.isDragging)
        XCTAssertEqual(picker.recent, [expected])
        XCTAssertEqual(picker.handle(moved(point.x + 30, point.y)), .passed, "no drag: a move is not the picker's")
        // A drag whose device goes away settles what was under it; a press whose release was lost is
        // followed by a new one.
        _ = picker.handle(down(point.x, point.y))
        XCTAssertEqual(picker.handle(.deviceGone(id: 3)), .passed, "the canvas is told too")
        XCTAssertFalse(picker.isDragging)
        XCTAssertEqual(picker.recent, [expected])
        _ = picker.handle(down(square.minX, square.minY))
        XCTAssertEqual(picker.handle(down(point.x, point.y)), .picked(expected, settled: false))
    }

    func testTheHueStripChangesOnlyTheHueAndTheLoupeShowsThePureHue() throws {
        let picker = openPicker()
        picker.follow(HSBColor(hue: 0, saturation: 0.5, brightness: 0.5).rgb)
        let strip = try XCTUnwrap(picker.layout).hueStrip
        let y = strip.minY + strip.height / 3
        XCTAssertEqual(picker.handle(down(strip.center.x, y)), .picked(HSBColor(hue: 1.0 / 3, saturation: 0.5, brightness: 0.5).rgb, settled: false))
        XCTAssertEqual(picker.loupe?.color, InkColor(red: 0, green: 1, blue: 0))
        _ = picker.handle(up(strip.center.x, y))
        XCTAssertEqual(picker.color.hue, 1.0 / 3, accuracy: 1e-9)
    }

    func testAGreyKeepsTheHueAndARecentColourIsPickedAgain() throws {
        let picker = openPicker()
        picker.follow(InkColor(red: 0, green: 0, blue: 1))
        picker.follow(InkColor(red: 0.5, green: 0.5, blue: 0.5))
        XCTAssertEqual(picker.color.hue, 2.0 / 3, accuracy: 1e-9, "the strip stays at blue for a grey")
        let layout = try XCTUnwrap(picker.layout)
        let green = InkColor(red: 0.1, green: 0.6, blue: 0.2), pink = InkColor(red: 1, green: 0.4, blue: 0.7)
        picker.restore(recent: [green, pink])
        XCTAssertEqual(picker.handle(down(layout.recent[1].center.x, layout.recent[1].center.y)), .picked(pink, settled: true))
        XCTAssertEqual(picker.handle(up(layout.recent[1].center.x, layout.recent[1].center.y)), .taken)
        XCTAssertEqual(picker.recent, [pink, green])
        XCTAssertEqual(picker.handle(down(layout.recent[5].center.x, layout.recent[5].center.y)), .taken, "an empty slot")
        XCTAssertEqual(picker.handle(moved(layout.square.center.x, layout.square.center.y)), .taken, "a press off the square drags nothing")
        XCTAssertEqual(picker.handle(up(layout.square.center.x, layout.square.center.y)), .taken)
        XCTAssertEqual(picker.recent, [pink, green])
        XCTAssertEqual(picker.handle(down(layout.current.center.x, layout.current.center.y)), .taken)
        XCTAssertEqual(picker.handle(up(layout.current.center.x, layout.current.center.y)), .taken)
        XCTAssertEqual(picker.handle(down(layout.panel.maxX + 5, layout.panel.minY)), .pressedOutside(Point(layout.panel.maxX + 5, layout.panel.minY)))
    }

    func testAHexColourIsTypedAfterAHashAndEnterAppliesIt() {
        let picker = openPicker()
        XCTAssertEqual(picker.handle(key("1")), .passed, "before #, a digit is the palette's")
        XCTAssertEqual(picker.handle(key("#", keysym: 0x23)), .taken)
        XCTAssertEqual(picker.handle(.key(KeyInput(keysym: 0xffe1, text: ""))), .taken, "Shift alone types nothing")
        for character in "2E8b57" { XCTAssertEqual(picker.handle(key(String(character))), .taken) }
        XCTAssertEqual(picker.entry?.text, "#2E8b57")
        XCTAssertEqual(picker.handle(key("\r", keysym: Keysym.returnKey)), .picked(InkColor(hex: "#2e8b57")!, settled: true))
        XCTAssertNil(picker.entry)
        XCTAssertEqual(picker.recent.first?.hex, "#2e8b57")
        XCTAssertEqual(picker.color.rgb.hex, "#2e8b57")
    }

    func testBadHexIsRefusedVisiblyAndCanBeCorrectedOrCancelled() {
        let picker = openPicker()
        _ = picker.handle(key("#", keysym: 0x23))
        for character in "12zz" { _ = picker.handle(key(String(character))) }
        XCTAssertEqual(picker.handle(key("\r", keysym: Keysym.returnKey)), .taken, "not applied")
        XCTAssertEqual(picker.entry?.refused, true)
        XCTAssertEqual(picker.entry?.text, "#12zz")
        _ = picker.handle(key("", keysym: Keysym.backspace))
        _ = picker.handle(key("", keysym: Keysym.backspace))
        XCTAssertEqual(picker.entry?.refused, false)
        for character in "3456" { _ = picker.handle(key(String(character))) }
        XCTAssertEqual(picker.handle(key("", keysym: Keysym.keypadEnter)), .picked(InkColor(hex: "#123456")!, settled: true))
        // Too long: refused at the limit, nothing more taken in.
        _ = picker.handle(key("#", keysym: 0x23))
        for _ in 0..<20 { _ = picker.handle(key("a")) }
        XCTAssertEqual(picker.entry?.text.count, HexEntry.maximumLength)
        XCTAssertEqual(picker.entry?.refused, true)
        XCTAssertEqual(picker.handle(.key(KeyInput(keysym: 0x7a, text: "\u{1a}", control: true))), .passed, "Ctrl+Z is not typed")
        XCTAssertEqual(picker.handle(key("", keysym: Keysym.escape)), .taken)
        XCTAssertNil(picker.entry, "Escape drops the entry")
        XCTAssertTrue(picker.isOpen)
        XCTAssertEqual(picker.handle(key("", keysym: Keysym.escape)), .taken)
        XCTAssertFalse(picker.isOpen, "a second Escape closes the panel")
    }

    func testTheOverlayDrawsTheSquareAndStripAsColourFieldsAtTheHue() throws {
        let picker = openPicker()
        picker.follow(InkColor(red: 0, green: 0, blue: 1))
        let layout = try XCTUnwrap(picker.layout)
        var fields: [(ColorField, Rect)] = []
        for case let .colorField(field, rect) in picker.overlay() { fields.append((field, rect)) }
        XCTAssertEqual(fields.map(\.0), [.saturationBrightness(hue: 2.0 / 3), .hue])
        XCTAssertEqual(fields.map(\.1), [layout.square, layout.hueStrip])
        picker.close()
        XCTAssertTrue(picker.overlay().isEmpty)
    }

    func testTheInterfaceOpensItFromTheSwatchAndNoPressOnOrOffItReachesThePage() throws {
        let interface = WindowInterface(text: nil)
        XCTAssertEqual(interface.handle(.resized(width: 1000, height: 800), now: 0), .passed)
        let look = interface.look(tool: .pen, canUndo: false, canRedo: false, color: .black, width: 2, status: "", now: 0)
        _ = interface.overlay(look, width: 1000, height: 800, now: 0)
        let swatch = Toolbar(text: nil).layout.swatch
        XCTAssertEqual(interface.handle(down(swatch.center.x, swatch.center.y), now: 0), .taken)
        XCTAssertEqual(interface.handle(up(swatch.center.x, swatch.center.y), now: 0), .taken)
        XCTAssertTrue(interface.picker.isOpen, "the swatch opens the picker")
        let layout = try XCTUnwrap(interface.picker.layout)
        let point = layout.square.center
        guard case .picked(_, settled: false) = interface.handle(down(point.x, point.y), now: 0) else { return XCTFail("no pick") }
        guard case .picked(_, settled: true) = interface.handle(up(point.x, point.y), now: 0) else { return XCTFail("not settled") }
        XCTAssertEqual(interface.handle(down(layout.panel.maxX - 3, layout.panel.maxY - 3), now: 0), .taken, "the panel's corner")
        XCTAssertEqual(interface.handle(up(layout.panel.maxX - 3, layout.panel.maxY - 3), now: 0), .taken, "its release")
        // Off the panel: it closes, and the whole press (down, moves, up) is the interface's.
        XCTAssertEqual(interface.handle(down(700, 600), now: 0), .taken)
        XCTAssertFalse(interface.picker.isOpen)
        XCTAssertEqual(interface.handle(moved(720, 610), now: 0), .taken)
        XCTAssertEqual(interface.handle(up(720, 610), now: 0), .taken)
        XCTAssertEqual(interface.handle(down(700, 600), now: 0), .passed, "closed: the next press is the page's")
        // A finger opens it too, and a second finger off the panel closes it without drawing.
        XCTAssertEqual(interface.handle(.touchBegan(id: 4, at: swatch.center, time: 0), now: 0), .taken)
        XCTAssertEqual(interface.handle(.touchEnded(id: 4, at: swatch.center, time: 0), now: 0), .taken)
        XCTAssertTrue(interface.picker.isOpen)
        XCTAssertEqual(interface.handle(.touchBegan(id: 5, at: Point(800, 100), time: 0), now: 0), .taken)
        XCTAssertEqual(interface.handle(.touchMoved(id: 5, at: Point(810, 100), time: 0), now: 0), .taken)
        XCTAssertEqual(interface.handle(.touchEnded(id: 5, at: Point(810, 100), time: 0), now: 0), .taken)
        XCTAssertFalse(interface.picker.isOpen)
    }

    func testWithTheToolbarHiddenThePickerStillShowsAndIsTakenAway() {
        let interface = WindowInterface(text: nil)
        _ = interface.handle(.resized(width: 1000, height: 800), now: 0)
        if interface.shown { interface.toggleShown() }
        func look() -> WindowInterface.Look {
            interface.look(tool: .pen, canUndo: false, canRedo: false, color: .black, width: 2, status: "", now: 0)
        }
        _ = interface.overlay(look(), width: 1000, height: 800, now: 0)
        XCTAssertFalse(interface.wantsFrame(look(), now: 0))
        interface.toggleColorPicker()
        XCTAssertTrue(interface.wantsFrame(look(), now: 0), "opened: a frame")
        XCTAssertTrue(interface.overlay(look(), width: 1000, height: 800, now: 0).contains { if case .colorField = $0 { true } else { false } })
        XCTAssertFalse(interface.wantsFrame(look(), now: 0))
        XCTAssertEqual(interface.handle(key("", keysym: Keysym.escape), now: 0), .taken)
        XCTAssertTrue(interface.wantsFrame(look(), now: 0), "closed: a frame to take it away")
        XCTAssertFalse(interface.overlay(look(), width: 1000, height: 800, now: 0).contains { if case .colorField = $0 { true } else { false } })
    }
}
