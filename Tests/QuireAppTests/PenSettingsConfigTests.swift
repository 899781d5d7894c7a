@testable import QuireApp
import Foundation
import QuireGeometry
import QuireInk
import XCTest

/// The pen settings in the config file: read, checked, written back without disturbing the rest.
final class PenSettingsConfigTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-pen-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testEveryToolsSettingsAreReadFromTheFile() {
        let (settings, warnings) = InputSettings.parse("""
            pen.width = 1.5 6
            pen.opacity = 0.9 1
            pen.smoothing = 0.5
            pen.pressure-curve = 0.2 0.6 0.5 0.95
            highlighter.width = 20
            eraser.width = 10 30
            """)
        XCTAssertEqual(warnings, [])
        let pen = settings.pen(.pen)
        XCTAssertEqual(pen.minimumWidth, 1.5)
        XCTAssertEqual(pen.maximumWidth, 6)
        XCTAssertEqual(pen.minimumOpacity, 0.9)
        XCTAssertEqual(pen.maximumOpacity, 1)
        XCTAssertEqual(pen.smoothing, 0.5)
        XCTAssertEqual(pen.pressureCurve, PressureCurve(Point(0.2, 0.6), Point(0.5, 0.95)))
        // One number is both ends; a tool not named keeps its defaults.
        XCTAssertEqual(settings.pen(.highlighter).minimumWidth, 20)
        XCTAssertEqual(settings.pen(.highlighter).maximumWidth, 20)
        XCTAssertEqual(settings.pen(.eraser).maximumWidth, 30)
        XCTAssertEqual(settings.pen(.marker), PenSettings(defaultsFor: .marker))
        // The style a stroke gets carries them.
        let style = pen.applied(to: StrokeStyle.defaults(for: .pen))
        XCTAssertEqual(style.maximumWidth, 6)
        XCTAssertEqual(style.pressureCurve.control2, Point(0.5, 0.95))
    }

    func testTheCanvasDrawsEachToolWithItsSettings() {
        let canvas = CanvasController()
        var pen = PenSettings(defaultsFor: .pen)
        pen.setMaximumWidth(12)
        pen.setCurveControl(2, to: Point(0.2, 1))
        canvas.settings.pens[.pen] = pen
        func draw(at y: Double) {
            _ = canvas.handle(.pointerDown(InputSample(position: Point(10, y), pressure: 0.5, time: 0, device: .pen), button: 1))
            _ = canvas.handle(.pointerMoved(InputSample(position: Point(60, y), pressure: 0.5, time: 0.1, device: .pen)))
            _ = canvas.handle(.pointerUp(InputSample(position: Point(90, y), pressure: 0.5, time: 0.2, device: .pen), button: 1))
        }
        draw(at: 10)
        XCTAssertEqual(canvas.page.strokes.last?.style.maximumWidth, 12)
        XCTAssertEqual(canvas.page.strokes.last?.style.pressureCurve, pen.pressureCurve)
        XCTAssertEqual(canvas.style(for: .pen).maximumWidth, 12)
        // Another tool keeps its own.
        canvas.select(.marker)
        draw(at: 50)
        XCTAssertEqual(canvas.page.strokes.last?.style.maximumWidth, StrokeStyle.defaults(for: .marker).maximumWidth)
    }

    func testBadValuesAreWarnedWithTheirLineAndSkipped() {
        let lines = [
            "pen.width = 6 1.5",                   // lightest wider than firmest
            "pen.width = 0 3",                     // below 0.1
            "marker.width = 2 3 4",                // three numbers
            "pen.opacity = 0.5 0.01",              // firmest too faint (and below the lightest)
            "pen.smoothing = nan",
            "pen.smoothing = 1.5",
            "pen.pressure-curve = 0.2 0.6 0.5",    // three of four
            "pen.pressure-curve = 0.2 0.6 0.5 1.2",
            "pen.pressure-curve = a b c d",
            "pencil.width = 3",                    // no such tool
            "pen.thickness = 3",                   // no such setting
        ]
        let (settings, warnings) = InputSettings.parse((lines + ["pen.smoothing = 0.25"]).joined(separator: "\n"), source: "cfg")
        XCTAssertEqual(warnings.count, lines.count, warnings.joined(separator: "\n"))
        for (index, warning) in warnings.enumerated() {
            XCTAssertTrue(warning.hasPrefix("cfg:\(index + 1): "), warning)
        }
        XCTAssertTrue(warnings[0].contains("pen.width wants one or two widths"), warnings[0])
        XCTAssertTrue(warnings[0].contains("`6 1.5`"), warnings[0])
        XCTAssertTrue(warnings[6].contains("four numbers from 0 to 1"), warnings[6])
        XCTAssertTrue(warnings[9].contains("unknown setting `pencil.width`"), warnings[9])
        // Nothing bad was taken; the good line after them was.
        XCTAssertEqual(settings.pen(.pen).minimumWidth, PenSettings(defaultsFor: .pen).minimumWidth)
        XCTAssertEqual(settings.pen(.pen).pressureCurve, .linear)
        XCTAssertEqual(settings.pen(.marker), PenSettings(defaultsFor: .marker))
        XCTAssertEqual(settings.pen(.pen).smoothing, 0.25)
    }

    func testWrittenSettingsReadBackTheSame() {
        var pen = PenSettings(defaultsFor: .pen)
        pen.setMinimumWidth(1.25)
        pen.setMaximumWidth(7.5)
        pen.setMinimumOpacity(0.4)
        pen.setSmoothing(0.125)
        pen.setCurveControl(1, to: Point(0.1, 0.7))
        pen.setCurveControl(2, to: Point(0.35, 0.975))
        var eraser = PenSettings(defaultsFor: .eraser)
        eraser.setMaximumWidth(40)
        let lines = PenSettingsConfig.lines(for: .pen, pen) + PenSettingsConfig.lines(for: .eraser, eraser)
        let text = ConfigFileUpdate.updating("", with: lines)
        XCTAssertTrue(text.contains("pen.pressure-curve = 0.1 0.7 0.35 0.975\n"), text)
        XCTAssertTrue(text.contains("pen.width = 1.25 7.5\n"), text)
        let (read, warnings) = InputSettings.parse(text)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(read.pen(.pen), pen)
        XCTAssertEqual(read.pen(.eraser), eraser)
    }

    func testUpdatingKeepsOtherLinesAndCommentsAndReplacesOnlyTheOwnedKeys() {
        let original = """
            # my tablet
            pen.lower-button = erase   # I erase with the lower button

            pen.width = 1 2   # thin
            touch.palm-rejection-ms = 300
            pen.width = 3 4
            marker.width = 5 9

            """
        let updated = ConfigFileUpdate.updating(original, with: [("pen.width", "2 8"), ("pen.smoothing", "0.5")])
        XCTAssertEqual(updated, """
            # my tablet
            pen.lower-button = erase   # I erase with the lower button

            pen.width = 2 8  # thin
            touch.palm-rejection-ms = 300
            marker.width = 5 9
            pen.smoothing = 0.5

            """)
        let (settings, warnings) = InputSettings.parse(updated)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(settings.lowerPenButton, .erase)
        XCTAssertEqual(settings.palmRejectionSeconds, 0.3)
        XCTAssertEqual(settings.pen(.pen).maximumWidth, 8)
        XCTAssertEqual(settings.pen(.marker).maximumWidth, 9)
    }

    func testWritingTheFileReplacesItWholeAndKeepsItsPermissions() throws {
        let path = folder + "/quire/config"
        // No folder yet: it is made.
        try ConfigFileUpdate.write([("pen.smoothing", "0.5")], to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "pen.smoothing = 0.5\n")
        try "# mine\ntouch.palm-rejection-ms = 200\npen.smoothing = 0.1\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try ConfigFileUpdate.write(PenSettingsConfig.lines(for: .pen, PenSettings(defaultsFor: .pen)), to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# mine\ntouch.palm-rejection-ms = 200\npen.smoothing = 0.75\n"), text)
        XCTAssertTrue(text.contains("pen.pressure-curve = 0 0 1 1\n"), text)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
        // Nothing is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/quire"), ["config"])
    }

    func testAFileThatCannotBeReadIsLeftAlone() throws {
        let path = folder + "/config"
        try Data([0xff, 0xfe, 0x00, 0xc3]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ConfigFileUpdate.write([("pen.smoothing", "0.5")], to: path))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([0xff, 0xfe, 0x00, 0xc3]))
    }
}
