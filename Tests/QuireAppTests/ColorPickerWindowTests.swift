@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The colour picker in a real window, driven through XTEST: the loupe and the square show the
/// colour that is picked (pixels read back from the screen), a stroke drawn next has it, a typed hex
/// colour is applied (and bad text refused where it is typed), and the colour is the pen's again
/// after Quire restarts.
final class ColorPickerWindowTests: XvfbWindowTestCase {
    private var library = ""
    private var state = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-picker-\(UUID().uuidString)"
        state = NSTemporaryDirectory() + "quire-picker-state-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        try? FileManager.default.removeItem(atPath: state)
        super.tearDown()
    }

    private typealias Window = (id: UInt, x: Int, y: Int, width: Int, height: Int)

    private func launch(scale: Double = 1) throws -> (QuireProcess, Window) {
        let quire = try launchQuire(["--library", library, "--ui-scale", "\(scale)"],
                                    environment: ["QUIRE_INTERFACE": "shown", "XDG_STATE_HOME": state])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        return (quire, window)
    }

    /// Where the toolbar's swatch and the picker's parts are in this window (window pixels).
    private func layout(_ window: Window, scale: Double = 1) -> (swatch: Rect, picker: ColorPickerLayout) {
        let toolbar = Toolbar(text: nil)
        toolbar.scale = scale
        toolbar.fit(windowHeight: window.height)
        return (toolbar.layout.swatch, ColorPickerLayout(beside: toolbar.layout.swatch, left: toolbar.panel.maxX,
                                                         windowWidth: window.width, windowHeight: window.height, scale: scale))
    }

    private func pixel(_ window: Window, _ x: Double, _ y: Double) -> RGBAImage.Pixel? {
        driver.screenshot(x: window.x + Int(x), y: window.y + Int(y), width: 1, height: 1)?[0, 0]
    }

    /// Whether `pixel` is `color` within `levels` of 255 on every channel.
    private func matches(_ pixel: RGBAImage.Pixel?, _ color: InkColor, within levels: Int = 2) -> Bool {
        guard let pixel else { return false }
        let wanted = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        return zip([pixel.r, pixel.g, pixel.b].map(Int.init), wanted).allSatisfy { abs($0 - $1) <= levels }
    }

    /// Two colours within a level of 255 of each other on every channel.
    private static func near(_ a: InkColor, _ b: InkColor) -> Bool {
        abs(a.red - b.red) * 255 <= 1 && abs(a.green - b.green) * 255 <= 1 && abs(a.blue - b.blue) * 255 <= 1
    }

    private func keptColors() -> PickedColors {
        PickedColors.load(from: state + "/quire/colors").0
    }

    private func savedStrokes() -> [Stroke] {
        guard let path = NotebookLibrary(directory: library).notebookPaths().first,
              let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        guard let id = try? store.pageIDs().first, let page = try? store.loadPage(id) else { return [] }
        return page.strokes
    }

    /// The inked pixels (at least a third covered) along a horizontal stroke at `y` from `x0` to `x1`:
    /// how many are `color` laid over the white paper at some coverage (within 3 levels on each channel),
    /// and how many are any other colour. The mouse's speed sets the pen's width, so a thin stroke's
    /// pixels are partly covered: each is judged by the coverage its own channels give.
    private func inkPixels(_ window: Window, y: Int, x0: Int, x1: Int, _ color: InkColor) -> (matching: Int, other: Int) {
        guard let image = driver.screenshot(x: window.x + x0, y: window.y + y - 8, width: x1 - x0, height: 17) else { return (0, 0) }
        let ink = [color.red, color.green, color.blue].map { 255 - Double(($0 * 255).rounded()) }
        let strongest = ink.indices.max { ink[$0] < ink[$1] }!
        var matching = 0, other = 0
        for row in 0..<image.height {
            for column in 0..<image.width {
                let pixel = image[column, row]
                let channels = [pixel.r, pixel.g, pixel.b].map(Double.init)
                let coverage = (255 - channels[strongest]) / ink[strongest]
                guard coverage >= 1.0 / 3 else { continue }
                let fits = channels.indices.allSatisfy { abs(channels[$0] - (255 - coverage * ink[$0])) <= 3 }
                if fits { matching += 1 } else { other += 1 }
            }
        }
        return (matching, other)
    }

    /// Whether the stroke at `y` is drawn in `color`: a stroke's worth of its pixels, and (all but its
    /// ends' few) no others.
    private func strokeIs(_ color: InkColor, _ window: Window, y: Int) -> Bool {
        let (matching, other) = inkPixels(window, y: y, x0: 470, x1: 730, color)
        return matching >= 200 && other <= matching / 50
    }

    private func click(_ window: Window, _ point: Point) {
        driver.drag(through: [(window.x + Int(point.x), window.y + Int(point.y))])
    }

    /// Opens the picker from the swatch, picks a hue (a purple-pink) from the strip, then presses in
    /// the square and, while the press is held, checks that the loupe and the square at the pointer
    /// show the colour of that point; lets go, and waits for the colour to be kept. Returns the point.
    private func pickInTheSquare(_ window: Window, scale: Double) -> Point {
        let (swatch, picker) = layout(window, scale: scale)
        func at(_ x: Double, _ y: Double) -> (Int, Int) { (window.x + Int(x), window.y + Int(y)) }
        click(window, swatch.center)
        // The strip shows every hue: a third of the way down is pure green.
        let green = Point(picker.hueStrip.center.x, picker.hueStrip.minY + picker.hueStrip.height / 3)
        XCTAssertTrue(eventually { matches(pixel(window, green.x, green.y), InkColor(red: 0, green: 1, blue: 0), within: 4) },
                      "no hue strip: \(String(describing: pixel(window, green.x, green.y)))")
        let hueY = (picker.hueStrip.minY + picker.hueStrip.height * 0.85).rounded()
        click(window, Point(picker.hueStrip.center.x, hueY))
        let hue = (hueY - picker.hueStrip.minY) / picker.hueStrip.height
        let spot = Point((picker.square.minX + picker.square.width * 0.7).rounded(), (picker.square.minY + picker.square.height * 0.3).rounded())
        let expected = HSBColor(hue: hue, saturation: (spot.x - picker.square.minX) / picker.square.width,
                                brightness: 1 - (spot.y - picker.square.minY) / picker.square.height).rgb
        driver.move(to: at(spot.x, spot.y - 20).0, at(spot.x, spot.y - 20).1)
        driver.press()
        driver.move(to: at(spot.x, spot.y).0, at(spot.x, spot.y).1)
        // Held: the loupe floats above the pointer with the colour under it, and the square there is
        // the same colour (the marker ring is hollow).
        let loupe = Point(spot.x, spot.y - ColorPicker.loupeLift * picker.scale)
        XCTAssertTrue(eventually { matches(pixel(window, loupe.x, loupe.y), expected) },
                      "the loupe shows \(String(describing: pixel(window, loupe.x, loupe.y))), not \(expected.hex)")
        XCTAssertTrue(matches(pixel(window, spot.x, spot.y), expected),
                      "the square shows \(String(describing: pixel(window, spot.x, spot.y))) at the pointer, not \(expected.hex)")
        driver.release()
        XCTAssertTrue(eventually { keptColors().byTool[.pen].map { $0.hex == expected.hex || Self.near($0, expected) } == true },
                      "the colour picked was not kept: \(keptColors())")
        return spot
    }

    func testTheLoupeAndTheSquareShowThePickedColourAndTheNextStrokeHasIt() throws {
        let (quire, window) = try launch()
        func at(_ x: Double, _ y: Double) -> (Int, Int) { (window.x + Int(x), window.y + Int(y)) }
        let spot = pickInTheSquare(window, scale: 1)
        let green = { let strip = self.layout(window).picker.hueStrip; return Point(strip.center.x, strip.minY + strip.height / 3) }()
        let picked = try XCTUnwrap(keptColors().byTool[.pen])
        XCTAssertTrue(matches(pixel(window, spot.x, spot.y), picked), "the square at the point is not the colour picked, \(picked.hex)")
        XCTAssertEqual(keptColors().recent.first, picked)
        // A press off the panel closes it and draws nothing.
        driver.drag(through: [at(600, 150), at(700, 160)])
        XCTAssertTrue(eventually { !matches(pixel(window, green.x, green.y), InkColor(red: 0, green: 1, blue: 0), within: 4) },
                      "the picker did not close")
        XCTAssertEqual(savedStrokes().count, 0, "the press that closed the picker drew")
        // The pen draws with the colour picked: its core pixels are that colour.
        driver.drag(through: stride(from: 450, through: 750, by: 10).map { at(Double($0), 520) })
        XCTAssertTrue(eventually { savedStrokes().count == 1 }, quire.text)
        guard case let .rgb(drawn)? = savedStrokes().first?.style.color else { return XCTFail("the stroke has no RGB colour") }
        XCTAssertTrue(Self.near(drawn, picked), "the stroke's colour is \(drawn.hex), not \(picked.hex)")
        XCTAssertTrue(eventually { strokeIs(picked, window, y: 520) },
                      "the stroke's ink is not \(picked.hex): \(inkPixels(window, y: 520, x0: 470, x1: 730, picked)) pixels are (other)")
    }

    func testAHexColourTypedIsAppliedBadTextIsRefusedAndTheColourIsKeptForTheNextStart() throws {
        var (quire, window) = try launch()
        var (_, picker) = layout(window)
        func at(_ x: Double, _ y: Double) -> (Int, Int) { (window.x + Int(x), window.y + Int(y)) }
        driver.move(to: at(600, 600).0, at(600, 600).1)
        driver.key("c")
        XCTAssertTrue(eventually { pixel(window, picker.hueStrip.center.x, picker.hueStrip.minY + 2).map { $0.r > 240 && $0.g < 40 } == true },
                      "C did not open the picker")
        // Not a colour: refused in red where it was typed, nothing applied.
        driver.key("numbersign", shift: true)
        for name in ["1", "2", "z", "z"] { driver.key(name) }
        driver.key("Return")
        let refusedRed: (RGBAImage.Pixel) -> Bool = { $0.r > 200 && $0.g < 90 && $0.b < 90 }
        XCTAssertTrue(eventually {
            guard let image = driver.screenshot(x: window.x + Int(picker.hexField.minX) - 2, y: window.y + Int(picker.hexField.minY) - 2,
                                                width: Int(picker.hexField.width) + 4, height: Int(picker.hexField.height) + 4) else { return false }
            var red = 0
            for y in 0..<image.height { for x in 0..<image.width where refusedRed(image[x, y]) { red += 1 } }
            return red > 40
        }, "the bad text was not shown refused")
        XCTAssertNil(keptColors().byTool[.pen], "bad text was applied")
        for _ in 0..<4 { driver.key("BackSpace") }
        for name in ["2", "e", "8", "b", "5", "7", "Return"] { driver.key(name) }
        let seaGreen = try XCTUnwrap(InkColor(hex: "#2e8b57"))
        XCTAssertTrue(eventually { keptColors().byTool[.pen] == seaGreen }, "the typed colour was not applied: \(keptColors())")
        driver.key("Escape")
        driver.drag(through: stride(from: 450, through: 750, by: 10).map { at(Double($0), 520) })
        XCTAssertTrue(eventually { strokeIs(seaGreen, window, y: 520) },
                      "the stroke is not #2e8b57: \(inkPixels(window, y: 520, x0: 470, x1: 730, seaGreen)) pixels are (other)")
        // The marker keeps its own colour: a palette key gives it blue, and the pen stays sea green.
        driver.key("m")
        driver.key("2")
        XCTAssertTrue(eventually { keptColors().byTool[.marker]?.hex == Palette.colors[1].hex }, "the marker's palette colour was not kept")
        XCTAssertEqual(keptColors().byTool[.pen], seaGreen)

        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit(), "Ctrl+Q did not quit")
        (quire, window) = try launch()
        (_, picker) = layout(window)
        driver.key("p")
        driver.drag(through: stride(from: 450, through: 750, by: 10).map { at(Double($0), 320) })
        XCTAssertTrue(eventually { savedStrokes().count == 2 }, quire.text)
        XCTAssertEqual(savedStrokes().last?.style.color, .rgb(seaGreen), "the pen's colour was not remembered")
        XCTAssertTrue(eventually { strokeIs(seaGreen, window, y: 320) },
                      "after the restart the stroke is not #2e8b57: \(inkPixels(window, y: 320, x0: 470, x1: 730, seaGreen)) pixels are (other)")
        // The typed colour is the newest recent one: the first swatch of the row.
        driver.key("c")
        let first = picker.recent[0].center
        XCTAssertTrue(eventually { matches(pixel(window, first.x, first.y), seaGreen) }, "no recent colour after the restart")
    }

    func testAtTwiceTheScaleTheLoupeAndTheSquareStillShowThePickedColour() throws {
        let (_, window) = try launch(scale: 2)
        let spot = pickInTheSquare(window, scale: 2)
        let picked = try XCTUnwrap(keptColors().byTool[.pen])
        XCTAssertTrue(matches(pixel(window, spot.x, spot.y), picked), "the square at the point is not the colour picked, \(picked.hex)")
    }
}
