@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// The text settings panel in a real window (Xvfb, XTEST mouse and keys): the text tool's button
/// pressed again while typing shows it (W would be typed) with its sample line on the card; the Serif
/// button and the size slider set the font of the box being typed into and of new boxes, and are
/// written into the config file; Escape closes it; W opens it when nothing is being typed.
final class TextSettingsWindowTests: XvfbWindowTestCase {
    private let folder = NSTemporaryDirectory() + "quire-text-settings-\(UUID().uuidString)"
    private var path: String { folder + "/Typed.quire" }
    private var configPath: String { folder + "/config/quire/config" }
    private var pageID: PageID!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder + "/config/quire", withIntermediateDirectories: true)
        let store = try NotebookStore.create(at: path, title: "Typed")
        pageID = try store.pageIDs()[0]
        try store.close()
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func savedTexts() -> [TextItem]? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return (try? store.loadPage(pageID))?.items.compactMap { if case let .text(t) = $0.content { t } else { nil } }
    }

    /// Dark and light pixels of `rect` (window pixels).
    private func counts(_ rect: Rect, in window: (id: UInt, x: Int, y: Int, width: Int, height: Int)) -> (light: Int, dark: Int) {
        guard let image = driver.screenshot(x: window.x + Int(rect.minX), y: window.y + Int(rect.minY),
                                            width: Int(rect.width), height: Int(rect.height)) else { return (0, 0) }
        var light = 0, dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let luma = image[x, y].luma
                if luma > 190 { light += 1 } else if luma < 60 { dark += 1 }
            }
        }
        return (light, dark)
    }

    func testTheSerifButtonAndTheSizeSliderSetTheBoxBeingTypedAndNewBoxesAndAreKept() throws {
        let quire = try launchQuire([path, "--library", folder, "--size", "1240x900"],
                                    environment: ["QUIRE_INTERFACE": "shown", "XDG_CONFIG_HOME": folder + "/config"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        func at(_ p: Point) -> (Int, Int) { (window.x + Int(p.x.rounded()), window.y + Int(p.y.rounded())) }
        let layout = TextSettingsLayout(families: 3, scale: 1)
        driver.move(to: window.x + 900, window.y + 700)
        driver.key("t")
        // A box begun, then the panel opened while typing.
        driver.drag(through: [at(Point(600, 500))])
        for key in ["H", "i"] { driver.key(key, shift: key == "H") }
        XCTAssertEqual(counts(layout.title, in: window).dark, 0, "a panel before it is asked for")
        let toolbar = Toolbar(text: nil)
        toolbar.fit(windowHeight: window.height)
        driver.drag(through: [at(try XCTUnwrap(toolbar.layout.buttons.first { $0.0 == .tool(.text) }).1.center)])
        XCTAssertTrue(eventually { self.counts(layout.title, in: window).dark > 4000 }, "the text tool's button did not open its settings")
        // The card: white with the sample line in black on it.
        XCTAssertTrue(eventually {
            let card = self.counts(layout.preview.insetBy(6), in: window)
            return card.dark > 150 && card.light > card.dark
        }, "no sample line on the card")
        // Serif, then the slider to 40 px.
        driver.drag(through: [at(layout.familyButtons[1].center)])
        let track = layout.sizeTrack
        let forty = track.minX + track.width * TextSettingsPanel.position(ofSize: 40)
        driver.drag(through: [at(Point(track.center.x, track.center.y)), at(Point(forty, track.center.y))])
        XCTAssertTrue(eventually {
            let config = (try? String(contentsOfFile: self.configPath, encoding: .utf8)) ?? ""
            return config.contains("text.font = serif\n") && config.contains("text.size = 40\n")
        }, "not kept: \((try? String(contentsOfFile: configPath, encoding: .utf8)) ?? "no file") \(quire.text)")
        driver.key("Escape")
        XCTAssertTrue(eventually { self.counts(layout.title, in: window).dark == 0 }, "Escape did not close the panel")
        // The box being typed took the font; Escape again ends the typing.
        driver.key("Escape")
        XCTAssertTrue(eventually { self.savedTexts()?.count == 1 }, "\(quire.text)")
        let first = try XCTUnwrap(savedTexts()?.first)
        XCTAssertEqual(first.text, "Hi")
        XCTAssertEqual(first.fontFamily, "serif")
        XCTAssertEqual(first.fontSize, 40)
        // A new box takes it too.
        driver.drag(through: [at(Point(600, 700))])
        driver.key("o")
        driver.key("Escape")
        XCTAssertTrue(eventually { self.savedTexts()?.count == 2 }, "\(quire.text)")
        XCTAssertEqual(savedTexts()?.last.map { [$0.fontFamily, "\($0.fontSize)"] }, ["serif", "40.0"])
        // Not typing, W opens the panel, on the font now in use.
        driver.key("w")
        XCTAssertTrue(eventually { self.counts(layout.title, in: window).dark > 4000 }, "W did not open the text settings")
        driver.key("Escape")
        XCTAssertTrue(eventually { self.counts(layout.title, in: window).dark == 0 }, "Escape did not close the panel")
        quire.terminate()
    }
}
