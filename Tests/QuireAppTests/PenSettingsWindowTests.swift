@testable import QuireApp
import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The pen settings panel in a real window (Xvfb, XTEST): W shows it with legible text at the
/// interface scale and a preview stroke inked on its card; dragging the pressure curve's control point
/// with the mouse writes the curve into the config file beside the person's own lines; Escape closes it.
final class PenSettingsWindowTests: XvfbWindowTestCase {
    private var folder = ""
    private var configPath: String { folder + "/config/quire/config" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "quire-pen-settings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/config/quire", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func launch(scale: Double) throws -> (QuireProcess, (id: UInt, x: Int, y: Int, width: Int, height: Int)) {
        let quire = try launchQuire(["--library", folder + "/library", "--ui-scale", "\(scale)", "--size", "1240x900"],
                                    environment: ["QUIRE_INTERFACE": "shown", "XDG_CONFIG_HOME": folder + "/config"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        return (quire, window)
    }

    /// Pixels of `rect` (window pixels, in the window at `origin`) lighter than `above` and darker than `below`.
    private func counts(_ rect: Rect, in window: (id: UInt, x: Int, y: Int, width: Int, height: Int),
                        light above: Double = 190, dark below: Double = 60) -> (light: Int, dark: Int, image: RGBAImage?) {
        guard let image = driver.screenshot(x: window.x + Int(rect.minX), y: window.y + Int(rect.minY),
                                            width: Int(rect.width), height: Int(rect.height)) else { return (0, 0, nil) }
        var light = 0, dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let luma = image[x, y].luma
                if luma > above { light += 1 } else if luma < below { dark += 1 }
            }
        }
        return (light, dark, image)
    }

    /// The title's light text pixels on the dark panel, the sliders' labels', and the ink on the
    /// preview card, at `scale`.
    private func shownPanel(scale: Double) throws -> (title: Int, labels: Int, ink: Int) {
        let (quire, window) = try launch(scale: scale)
        let layout = PenSettingsLayout(tool: .pen, scale: scale)
        // The title's words, clear of the status band at the window's top right.
        let titleRect = Rect(x: layout.title.minX, y: layout.title.minY, width: 200 * scale, height: layout.title.height)
        let area = Int(titleRect.width * titleRect.height)
        XCTAssertEqual(counts(titleRect, in: window).dark, 0, "a panel before W")
        driver.move(to: window.x + 900, window.y + 700)
        driver.key("w")
        var title = (light: 0, dark: 0, image: RGBAImage?.none)
        // Text on the panel: light glyph pixels on the dark ground.
        XCTAssertTrue(eventually { title = counts(titleRect, in: window); return title.dark > area / 2 && title.light > Int(60 * scale * scale) },
                      "no title text at scale \(scale): \(title.light) light, \(title.dark) dark pixels \(title.image?.saveForInspection(named: "pen-settings-\(scale)") ?? "")")
        let labels = layout.sliders.map { slider -> Int in
            let row = counts(Rect(x: slider.row.minX, y: slider.row.minY, width: slider.row.width, height: slider.track.minY - slider.row.minY - 2 * scale),
                             in: window)
            return row.dark > row.light ? row.light : 0
        }
        XCTAssertTrue(labels.allSatisfy { $0 > Int(40 * scale * scale) }, "slider labels without text at scale \(scale): \(labels)")
        // The preview card: white paper with the sample stroke inked in black across it.
        var card = (light: 0, dark: 0, image: RGBAImage?.none)
        XCTAssertTrue(eventually { card = counts(layout.preview.insetBy(10 * scale), in: window, dark: 90); return card.dark > Int(200 * scale * scale) },
                      "no preview stroke: \(card.dark) ink pixels \(card.image?.saveForInspection(named: "pen-preview-\(scale)") ?? "")")
        XCTAssertGreaterThan(card.light, card.dark, "the card is not white paper")
        // Escape closes it: the page's white is back where the title was.
        driver.key("Escape")
        XCTAssertTrue(eventually { counts(titleRect, in: window).dark == 0 }, "Escape did not close the panel")
        quire.terminate()
        return (title.light, labels.reduce(0, +), card.dark)
    }

    func testThePanelShowsLegibleTextAndAPreviewAtTheInterfaceScale() throws {
        let one = try shownPanel(scale: 1)
        let two = try shownPanel(scale: 2)
        // Twice the scale: text four times the area (drawn at the scale, not stretched from 1×), the
        // preview inked at the scale too.
        XCTAssertGreaterThan(Double(two.title), 2.8 * Double(one.title), "title at 1×: \(one.title) px, at 2×: \(two.title) px")
        XCTAssertGreaterThan(Double(two.labels), 2.8 * Double(one.labels), "labels at 1×: \(one.labels) px, at 2×: \(two.labels) px")
        XCTAssertGreaterThan(Double(two.ink), 2.8 * Double(one.ink), "preview ink at 1×: \(one.ink) px, at 2×: \(two.ink) px")
    }

    func testDraggingTheCurvesControlPointWithTheMouseSavesTheCurveBesideTheOtherLines() throws {
        try "# my tablet\npen.lower-button = erase  # mine\npen.width = 2 9\npen.opacity = 1 0.5\n"
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        let (quire, window) = try launch(scale: 1)
        // The bad line is reported (terminal and notice line) and the rest still read.
        XCTAssertTrue(quire.text.contains("config:4: pen.opacity wants one or two opacities"), quire.text)
        let layout = PenSettingsLayout(tool: .pen, scale: 1)
        let graph = try XCTUnwrap(layout.graph)
        func at(_ p: Point) -> (Int, Int) { (window.x + Int(p.x.rounded()), window.y + Int(p.y.rounded())) }
        // The pen is the active tool: its toolbar button pressed again opens its settings.
        driver.drag(through: [at(Point(38, 38))])
        XCTAssertTrue(eventually { counts(layout.title, in: window).dark > 5000 }, "the pen's button did not open the panel")
        // Control point 2 from the top right corner down to the bottom right: a firm pen.
        driver.drag(through: [at(Point(graph.maxX, graph.minY)), at(Point(graph.maxX, graph.center.y)), at(Point(graph.maxX, graph.maxY))])
        XCTAssertTrue(eventually { (try? String(contentsOfFile: configPath, encoding: .utf8))?.contains("pen.pressure-curve = 0 0 1 0\n") == true },
                      "the curve was not saved: \((try? String(contentsOfFile: configPath, encoding: .utf8)) ?? "no file") \(quire.text)")
        // The person's lines stay; the panel's keys are written with the pen's settings (the bad
        // opacity line replaced by the opacity in force).
        let text = try String(contentsOfFile: configPath, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# my tablet\npen.lower-button = erase  # mine\npen.width = 2 9\npen.opacity = 1 1\n"), text)
        XCTAssertTrue(text.contains("pen.smoothing = 0.75\n"), text)
        driver.key("Escape")
        XCTAssertTrue(eventually { counts(layout.title, in: window).dark == 0 }, "Escape did not close the panel")
        // The drag on the panel drew nothing on the page: the one stroke saved is the one drawn now.
        driver.drag(through: [at(Point(700, 600)), at(Point(900, 620))])
        XCTAssertTrue(eventually { savedStrokeCount() == 1 }, "the stroke after closing was not saved: \(String(describing: savedStrokeCount()))")
        XCTAssertFalse(eventually(timeout: 1) { savedStrokeCount() != 1 }, "the panel's drag reached the page")
    }

    private func savedStrokeCount() -> Int? {
        guard let path = NotebookLibrary(directory: folder + "/library").notebookPaths().first,
              let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        guard let id = try? store.pageIDs().first else { return nil }
        return try? store.loadPage(id).strokes.count
    }
}
