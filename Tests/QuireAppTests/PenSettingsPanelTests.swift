@testable import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireX11
import XCTest

/// The pen settings panel without a window: its layout and hit testing, dragging sliders and the
/// pressure curve's control points, what it takes and what it leaves to the toolbar and the page.
final class PenSettingsPanelTests: XCTestCase {
    private func openPanel(_ tool: InkTool = .pen, scale: Double = 1) -> PenSettingsPanel {
        let panel = PenSettingsPanel(text: nil)
        panel.scale = scale
        panel.open(tool, settings: PenSettings(defaultsFor: tool), style: StrokeStyle.defaults(for: tool))
        return panel
    }

    private func down(_ p: Point, button: Int = 1) -> WindowEvent {
        .pointerDown(InputSample(position: p, pressure: 0.5, time: 0, device: .pen), button: button)
    }

    private func moved(_ p: Point) -> WindowEvent { .pointerMoved(InputSample(position: p, pressure: 0.5, time: 0.01, device: .pen)) }

    private func up(_ p: Point) -> WindowEvent { .pointerUp(InputSample(position: p, time: 0.02, device: .pen), button: 1) }

    func testEachToolHasTheSlidersItsInkUsesAndACurveWhereItFeelsPressure() {
        XCTAssertEqual(PenSettingsControl.controls(for: .pen), [.minimumWidth, .maximumWidth, .minimumOpacity, .maximumOpacity, .smoothing])
        XCTAssertEqual(PenSettingsControl.controls(for: .highlighter), [.width, .opacity, .smoothing])
        XCTAssertEqual(PenSettingsControl.controls(for: .eraser), [.minimumWidth, .maximumWidth, .smoothing])
        XCTAssertNotNil(PenSettingsLayout(tool: .pen, scale: 1).graph)
        XCTAssertNil(PenSettingsLayout(tool: .highlighter, scale: 1).graph)
        // At twice the scale everything is twice the size.
        let one = PenSettingsLayout(tool: .marker, scale: 1), two = PenSettingsLayout(tool: .marker, scale: 2)
        XCTAssertEqual(two.panel.width, one.panel.width * 2, accuracy: 1e-9)
        XCTAssertEqual(two.graph!.maxY, one.graph!.maxY * 2, accuracy: 1e-9)
    }

    func testHitTestingFindsEachSliderEachControlPointAndThePanel() throws {
        let panel = openPanel()
        let layout = try XCTUnwrap(panel.layout)
        for slider in layout.sliders {
            XCTAssertEqual(panel.part(at: slider.track.center), .slider(slider.control))
        }
        // Linear: control 1 at the graph's bottom left, control 2 at its top right.
        let graph = try XCTUnwrap(layout.graph)
        XCTAssertEqual(panel.part(at: Point(graph.minX + 3, graph.maxY - 3)), .curveControl(1))
        XCTAssertEqual(panel.part(at: Point(graph.maxX - 3, graph.minY + 3)), .curveControl(2))
        XCTAssertEqual(panel.part(at: layout.preview.center), .background)
        XCTAssertNil(panel.part(at: Point(layout.panel.maxX + 2, layout.panel.center.y)))
        XCTAssertFalse(panel.contains(Point(layout.panel.minX - 2, layout.panel.center.y)))
        panel.close()
        XCTAssertNil(panel.part(at: layout.graph!.center), "a closed panel has no parts")
    }

    func testDraggingAControlPointChangesTheCurve() throws {
        let panel = openPanel()
        let graph = try XCTUnwrap(panel.layout?.graph)
        // Control 2 from the top right down to the right edge's foot: a firm pen.
        // Pressed where it is: held, nothing changed yet.
        XCTAssertEqual(panel.handle(down(Point(graph.maxX, graph.minY)), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.held, .curveControl(2))
        XCTAssertEqual(panel.handle(moved(Point(graph.maxX, graph.center.y)), onToolbar: { _ in false }), .changed(finished: false))
        XCTAssertEqual(panel.handle(up(Point(graph.maxX - graph.width / 4, graph.maxY)), onToolbar: { _ in false }), .changed(finished: true))
        let curve = panel.settings.pressureCurve
        XCTAssertEqual(curve.control1, Point(0, 0))
        XCTAssertEqual(curve.control2.x, 0.75, accuracy: 1e-9)
        XCTAssertEqual(curve.control2.y, 0, accuracy: 1e-9)
        XCTAssertLessThan(curve.value(at: 0.5), 0.2, "a firm curve gives little ink at half pressure")
        // Dragged past the square, it stays on it.
        _ = panel.handle(down(Point(graph.minX, graph.maxY)), onToolbar: { _ in false })
        _ = panel.handle(up(Point(graph.minX - 500, graph.minY - 500)), onToolbar: { _ in false })
        XCTAssertEqual(panel.settings.pressureCurve.control1, Point(0, 1))
        XCTAssertGreaterThan(panel.settings.pressureCurve.value(at: 0.2), 0.2)
    }

    func testDraggingASliderSetsItsValueAndTheOtherEndFollows() throws {
        let panel = openPanel()
        let layout = try XCTUnwrap(panel.layout)
        let minimum = try XCTUnwrap(layout.sliders.first { $0.control == .minimumWidth }).track
        // A touch at the track's right end: the widest width, and the firmest width follows.
        XCTAssertEqual(panel.handle(.touchBegan(id: 3, at: Point(minimum.maxX + 4, minimum.center.y), time: 0), onToolbar: { _ in false }),
                       .changed(finished: false))
        XCTAssertEqual(panel.handle(.touchEnded(id: 3, at: Point(minimum.maxX + 4, minimum.center.y), time: 0.1), onToolbar: { _ in false }),
                       .changed(finished: true))
        XCTAssertEqual(panel.settings.minimumWidth, PenSettings.widths.upperBound)
        XCTAssertEqual(panel.settings.maximumWidth, PenSettings.widths.upperBound)
        // The mouse at a quarter of the smoothing track.
        let smoothing = try XCTUnwrap(layout.sliders.first { $0.control == .smoothing }).track
        _ = panel.handle(down(Point(smoothing.minX + smoothing.width / 4, smoothing.center.y)), onToolbar: { _ in false })
        _ = panel.handle(up(Point(smoothing.minX + smoothing.width / 4, smoothing.center.y)), onToolbar: { _ in false })
        XCTAssertEqual(panel.settings.smoothing, 0.25, accuracy: 1e-9)
        // A width's place on the track and back.
        var settings = PenSettings(defaultsFor: .pen)
        PenSettingsControl.maximumWidth.set(&settings, toPosition: PenSettingsControl.maximumWidth.position(in: PenSettings(defaultsFor: .pen)))
        XCTAssertEqual(settings.maximumWidth, PenSettings(defaultsFor: .pen).maximumWidth, accuracy: 1e-9)
    }

    func testPressesOnThePanelAreTakenAndAPressElsewhereClosesItAndIsTakenToo() throws {
        let panel = openPanel()
        let layout = try XCTUnwrap(panel.layout)
        // On the preview: taken, nothing changes, and its release is taken.
        XCTAssertEqual(panel.handle(down(layout.preview.center), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.handle(moved(layout.preview.center + Point(400, 0)), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.handle(up(layout.preview.center), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.settings, PenSettings(defaultsFor: .pen))
        // A hover over the page is not the panel's.
        XCTAssertEqual(panel.handle(moved(Point(900, 600)), onToolbar: { _ in false }), .passed)
        // A press on the toolbar goes to the toolbar; the panel stays.
        XCTAssertEqual(panel.handle(down(Point(20, 20)), onToolbar: { _ in true }), .passed)
        XCTAssertTrue(panel.isOpen)
        _ = panel.handle(up(Point(20, 20)), onToolbar: { _ in true })
        // A press on the page closes it, and the page never sees that press, its moves or release.
        XCTAssertEqual(panel.handle(down(Point(900, 600)), onToolbar: { _ in false }), .closed)
        XCTAssertFalse(panel.isOpen)
        XCTAssertEqual(panel.handle(moved(Point(920, 600)), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.handle(up(Point(920, 600)), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.handle(down(Point(900, 600)), onToolbar: { _ in false }), .passed, "closed: the next press is the page's")
    }

    func testEscapeClosesOtherKeysPassAndTheWheelOverThePanelIsTaken() throws {
        let panel = openPanel()
        let centre = try XCTUnwrap(panel.layout).panel.center
        XCTAssertEqual(panel.handle(.key(KeyInput(keysym: UInt(Character("m").asciiValue!), text: "m")), onToolbar: { _ in false }), .passed)
        XCTAssertEqual(panel.handle(.scroll(dx: 0, dy: 1, at: centre, control: true), onToolbar: { _ in false }), .taken)
        XCTAssertEqual(panel.handle(.scroll(dx: 0, dy: 1, at: Point(1000, 700), control: true), onToolbar: { _ in false }), .passed)
        XCTAssertEqual(panel.handle(.key(KeyInput(keysym: Keysym.escape, text: "")), onToolbar: { _ in false }), .closed)
        XCTAssertFalse(panel.isOpen)
    }

    func testItShrinksToFitASmallWindowAndDrawsItsPreviewAtTheScale() throws {
        let panel = openPanel(scale: 2)
        panel.fit(windowWidth: 2000, windowHeight: 2000)
        XCTAssertEqual(panel.drawnScale, 2)
        panel.fit(windowWidth: 800, windowHeight: 600)
        XCTAssertLessThan(panel.drawnScale, 2)
        XCTAssertLessThanOrEqual(try XCTUnwrap(panel.layout).panel.maxX, 800)
        XCTAssertLessThanOrEqual(try XCTUnwrap(panel.layout).panel.maxY, 600)
        // The preview is asked for the card's page at the drawn scale, with the settings in its style,
        // and again only when a setting changes.
        var asked: [(Page, Double)] = []
        panel.renderPreview = { page, scale in
            asked.append((page, scale))
            return RGBAImage(width: 4, height: 4)
        }
        _ = panel.overlay()
        _ = panel.overlay()
        XCTAssertEqual(asked.count, 1)
        let card = try XCTUnwrap(panel.layout).preview
        XCTAssertEqual(asked[0].1, panel.drawnScale)
        XCTAssertEqual(asked[0].0.size.width, (card.width / panel.drawnScale).rounded())
        let stroke = try XCTUnwrap(asked[0].0.strokes.last)
        XCTAssertEqual(stroke.style.maximumWidth, PenSettings(defaultsFor: .pen).maximumWidth)
        let pressures = stroke.samples.compactMap(\.pressure)
        XCTAssertEqual(pressures.count, PenPreview.sampleCount)
        XCTAssertGreaterThan(pressures.max()!, 0.99, "the sample reaches the firmest touch")
        XCTAssertLessThan(pressures.first!, 0.05, "and starts light")
        let smoothing = try XCTUnwrap(panel.layout?.sliders.first { $0.control == .smoothing }).track
        _ = panel.handle(down(Point(smoothing.minX, smoothing.center.y)), onToolbar: { _ in false })
        _ = panel.overlay()
        XCTAssertEqual(asked.count, 2)
        XCTAssertEqual(asked[1].0.strokes.last?.style.smoothness, 0)
    }
}
