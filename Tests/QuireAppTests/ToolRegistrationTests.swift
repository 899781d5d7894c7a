@testable import QuireApp
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireX11
import XCTest

/// Issue 35: a tool is one type and one registration. A tool made here, outside Quire's sources, gets
/// its toolbar button and icon, its tooltip, its key, its cursor, a pen button and key events from its
/// `ToolOffer` alone, touching no file of Quire's.
final class ToolRegistrationTests: XCTestCase {
    /// Puts a dot where the pen lifts; takes the keys "+" and "-" while selected (its dot's size).
    final class StampTool: Tool {
        let id = ToolID("stamp")
        let offer = ToolOffer(name: "Stamp", key: "k", help: "stamp (a dot where the pen lifts)",
                              icon: ToolIcon([ToolIcon.shape([(4, 4), (20, 4), (20, 20), (4, 20)]),
                                              .ring(center: Point(12, 12), radius: 5)]),
                              cursor: .crosshair, penButtonName: "stamp")
        var isActive = false
        private(set) var begun = 0
        private(set) var keys: [String] = []

        func begin(_ input: ToolInput, in context: ToolContext) {
            isActive = true
            begun += 1
        }
        func move(_ input: ToolInput, in context: ToolContext) {}
        func end(_ input: ToolInput?, in context: ToolContext) {
            isActive = false
            if let input { PageEditorTests.DotTool.dot(at: input, by: id, in: context) }
        }
        func cancel(in context: ToolContext) { isActive = false }
        func handleKey(_ key: KeyInput, in context: ToolContext) -> Bool {
            guard key.text == "+" || key.text == "-" else { return false }
            keys.append(key.text)
            return true
        }
    }

    private func registry() -> (ToolRegistry, StampTool) {
        let tools = ToolRegistry.standard
        let stamp = StampTool()
        tools.register(stamp)
        return (tools, stamp)
    }

    private func key(_ text: String) -> WindowEvent {
        .key(KeyInput(keysym: UInt(text.unicodeScalars.first!.value), text: text))
    }

    func testTheToolbarShowsARegisteredToolWithItsIconAndTooltip() {
        let (tools, stamp) = registry()
        let toolbar = Toolbar(text: nil, tools: tools)
        XCTAssertEqual(toolbar.buttons.first, [.pen, .marker, .highlighter, .eraser, .select, .scissors, .text, stamp.id].map(ToolbarButton.tool))
        XCTAssertEqual(toolbar.tooltip(for: .tool(stamp.id)), "Stamp — K")
        XCTAssertGreaterThan(toolbar.designHeight, Toolbar(text: nil).designHeight, "the panel grows by the button")
        // Its icon is its offer's: one filled square and one ring, fitted into the button.
        guard let rect = toolbar.layout.buttons.first(where: { $0.0 == .tool(stamp.id) })?.1 else { return XCTFail("no button") }
        let icon = ToolbarIcons.icon(.tool(stamp.id), toolIcon: stamp.offer.icon, in: rect)
        XCTAssertEqual(icon.count, 2)
        guard case let .polygon(square, _)? = icon.first else { return XCTFail("the square is drawn filled: \(icon)") }
        XCTAssertEqual(square.count, 4)
        XCTAssertTrue(square.allSatisfy { rect.insetBy(-0.5).contains($0) }, "fitted into the button")
        // Pressing the button selects it, as every tool button does.
        XCTAssertEqual(ToolbarButton.tool(stamp.id).action, .selectTool(stamp.id))
        // A tool without an icon has no button.
        final class Hidden: Tool {
            let id = ToolID("hidden")
            var isActive = false
            func begin(_ input: ToolInput, in context: ToolContext) {}
            func move(_ input: ToolInput, in context: ToolContext) {}
            func end(_ input: ToolInput?, in context: ToolContext) {}
            func cancel(in context: ToolContext) {}
        }
        tools.register(Hidden())
        XCTAssertFalse(Toolbar(text: nil, tools: tools).buttons.joined().contains(.tool(ToolID("hidden"))))
    }

    func testItsKeySelectsItAndItTakesKeysWhileSelected() {
        let (tools, stamp) = registry()
        let canvas = CanvasController(tools: tools)
        XCTAssertEqual(canvas.tool, .pen)
        _ = canvas.handle(key("k"))
        XCTAssertEqual(canvas.tool, stamp.id, "K selects the stamp")
        _ = canvas.handle(key("+"))
        _ = canvas.handle(key("-"))
        XCTAssertEqual(stamp.keys, ["+", "-"], "the selected tool is given the keys it takes")
        // Keys it does not take still do what the key table says.
        _ = canvas.handle(key("p"))
        XCTAssertEqual(canvas.tool, .pen)
        _ = canvas.handle(key("+"))
        XCTAssertEqual(stamp.keys, ["+", "-"], "only the selected tool is given keys")
        // The standard tools' keys are the key table's row, made from their offers.
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0x73, text: "s")), .selectTool(.scissors))
        XCTAssertNil(KeyTable.action(for: KeyInput(keysym: 0x6b, text: "k")), "a tool from outside adds no row to the standard table")
    }

    func testItsCursorAndAPenButtonComeFromItsOffer() {
        let (tools, stamp) = registry()
        XCTAssertEqual(ToolCursor(style: tools.offer(stamp.id)!.cursor, inkWidth: 0, zoom: 1, overInterface: false,
                                  largestSide: 64).cursor, .standard(.crosshair))
        XCTAssertEqual(tools.offer(.eraser)?.cursor, .inkRing(filled: true))
        XCTAssertEqual(tools.offer(.select)?.cursor, .arrow)
        let (settings, warnings) = InputSettings.parse("pen.lower-button = stamp\n", tools: tools)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(settings.lowerPenButton, .tool(stamp.id))
        // Without the tool registered the word is refused, naming every word there is.
        let (_, refused) = InputSettings.parse("pen.lower-button = stamp\n")
        XCTAssertEqual(refused, ["config:1: pen.lower-button must be one of pan, erase, select, scissors, none; got `stamp`"])
        // The lower button stamps while the pen stays the tool selected.
        let canvas = CanvasController(tools: tools)
        canvas.settings = settings
        let at = InputSample(position: Point(40, 50), pressure: 0.5, time: 0, device: .pen)
        _ = canvas.handle(.pointerDown(at, button: 2))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(40, 50), pressure: 0.5, time: 0.05, device: .pen), button: 2))
        XCTAssertEqual(stamp.begun, 1)
        XCTAssertEqual(canvas.tool, .pen)
        XCTAssertEqual(canvas.page.strokes.map(\.samples.count), [1], "one dot stamped")
    }
}
