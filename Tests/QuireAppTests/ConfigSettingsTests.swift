@testable import QuireApp
import Foundation
import QuireInk
import XCTest

/// Issue 35: a setting is one entry of one table (`ConfigSettings`), which the config parser and its
/// checks, the pen settings panel's writer, `quire settings` and the README all read.
final class ConfigSettingsTests: XCTestCase {
    /// The README's settings table is the table's own Markdown, so the docs cannot drift from the settings.
    func testTheReadmeListsEverySettingAsTheTableDoes() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        XCTAssertTrue(text.contains(ConfigSettings.markdown()),
                      "README.md's settings differ from ConfigSettings; paste `quire settings --markdown` output:\n\(ConfigSettings.markdown())")
    }

    /// Every setting's default, written as the table writes it, reads back to the defaults with no warning;
    /// and a file of other values, written out, reads back to those values.
    func testEverySettingReadsBackWhatItWrites() {
        let defaults = ConfigSettings.all().map { "\($0.key) = \($0.defaultValue)" }.joined(separator: "\n")
        let (read, warnings) = InputSettings.parse(defaults)
        XCTAssertEqual(warnings, [])
        for setting in ConfigSettings.all() {
            XCTAssertEqual(setting.value(in: read), setting.value(in: InputSettings()), setting.key)
        }
        var changed = InputSettings()
        changed.lowerPenButton = .scissors
        changed.upperPenButton = .none
        changed.palmRejectionSeconds = 0.25
        changed.pens[.marker] = PenSettings(minimumWidth: 2, maximumWidth: 7.5, minimumOpacity: 0.5, maximumOpacity: 0.9,
                                            smoothing: 0.3, pressureCurve: PressureCurve(.init(0.1, 0.2), .init(0.7, 0.8)))
        let file = ConfigSettings.all().map { "\($0.key) = \($0.value(in: changed))" }.joined(separator: "\n")
        let (again, problems) = InputSettings.parse(file)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(again.lowerPenButton, .scissors)
        XCTAssertEqual(again.upperPenButton, PenButtonAction.none)
        XCTAssertEqual(again.palmRejectionSeconds, 0.25)
        XCTAssertEqual(again.pen(.marker), changed.pen(.marker))
        XCTAssertEqual(again.pen(.pen), InputSettings().pen(.pen))
        // The panel writes exactly the table's keys for a tool, with the table's values.
        XCTAssertEqual(PenSettingsConfig.lines(for: .marker, changed.pen(.marker)).map(\.key),
                       ["marker.width", "marker.opacity", "marker.smoothing", "marker.pressure-curve"])
        XCTAssertEqual(PenSettingsConfig.lines(for: .marker, changed.pen(.marker)).map(\.value), ["2 7.5", "0.5 0.9", "0.3", "0.1 0.2 0.7 0.8"])
    }

    /// A setting added from outside the table's file: the parser reads and checks it, and the help and the
    /// README's table list it, from its one entry.
    func testASettingFromOutsideIsReadCheckedAndListed() {
        let seconds = ConfigSetting(
            key: "touch.palm-rejection-s", takes: "0 to 10", does: "the palm rejection in seconds",
            read: { value, settings in
                guard let s = Double(value), s.isFinite, (0...10).contains(s) else {
                    return "touch.palm-rejection-s must be 0…10; got `\(value)`"
                }
                settings.palmRejectionSeconds = s
                return nil
            },
            written: { PenSettingsConfig.format($0.palmRejectionSeconds) })
        let table = ConfigSettings.all() + [seconds]
        let (settings, warnings) = InputSettings.parse("touch.palm-rejection-s = 1.5\ntouch.palm-rejection-s = lots\n", table: table)
        XCTAssertEqual(settings.palmRejectionSeconds, 1.5)
        XCTAssertEqual(warnings, ["config:2: touch.palm-rejection-s must be 0…10; got `lots`"])
        XCTAssertTrue(ConfigSettings.markdown(table).hasSuffix("| `touch.palm-rejection-s` | 0 to 10 | `0.5` | the palm rejection in seconds |"))
        XCTAssertTrue(ConfigSettings.text(table).contains("touch.palm-rejection-s = 0.5"))
        XCTAssertEqual(InputSettings.parse("touch.palm-rejection-s = 1\n").1, ["config:1: unknown setting `touch.palm-rejection-s`"],
                       "not in the standard table")
    }
}
