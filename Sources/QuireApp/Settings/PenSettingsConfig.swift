import Foundation
import QuireGeometry
import QuireInk

/// The pen settings' lines in the config file, one tool's four keys each (`TOOL` is pen, marker,
/// highlighter or eraser):
///
///     pen.width = 0.8 3.2                    # lightest and firmest touch, page pixels (0.1…64); one number: both
///     pen.opacity = 0.9 1                    # lightest and firmest touch, 0…1; one number: both
///     pen.smoothing = 0.75                   # 0 straight segments … 1 fully rounded
///     pen.pressure-curve = 0.2 0.6 0.5 0.95  # control points x1 y1 x2 y2 in 0…1, as xsetwacom's /100
///
/// The panel writes these keys and only these (`ConfigSettings.penSettings`); a person may write them by hand.
public enum PenSettingsConfig {
    public enum Setting: String, CaseIterable, Sendable {
        case width, opacity, smoothing
        case pressureCurve = "pressure-curve"

        /// The values it takes, as the help says them.
        var takes: String {
            switch self {
            case .width: "one or two widths in page pixels (lightest, firmest touch) from \(format(PenSettings.widths.lowerBound)) "
                + "to \(format(PenSettings.widths.upperBound)); one: both"
            case .opacity: "one or two opacities (lightest, firmest touch) from 0 to 1; one: both"
            case .smoothing: "0 to 1"
            case .pressureCurve: "four numbers from 0 to 1"
            }
        }

        /// What it does for `tool` (some tools draw without some settings: `PenSettings.uses`).
        func does(_ tool: InkTool) -> String {
            let uses = PenSettings.uses(for: tool), name = tool.rawValue
            switch self {
            case .width: return uses.widthRange ? "how wide the \(name) draws" : "how wide the \(name) draws (the firmest: one width at every pressure)"
            case .opacity:
                if !uses.opacity { return "not used: the \(name) removes ink wholly" }
                return uses.opacityRange ? "how opaque the \(name)'s ink is" : "how opaque the \(name)'s ink is (the firmest, at every pressure)"
            case .smoothing: return "the \(name)'s line between samples: 0 straight segments … 1 fully rounded"
            case .pressureCurve:
                return uses.pressureCurve ? "the \(name)'s pressure curve: control points x1 y1 x2 y2 (xsetwacom's / 100)"
                    : "not used: the \(name) draws the same at every pressure"
            }
        }
    }

    /// Sets `setting` of `settings` from the text `value`; the problem (naming the key and what it
    /// takes) when the value is not usable, and then nothing changes.
    public static func apply(_ value: String, to setting: Setting, of tool: InkTool, in settings: inout PenSettings) -> String? {
        let key = "\(tool.rawValue).\(setting.rawValue)"
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        // Double("nan") and Double("inf") parse: only finite numbers are settings.
        let numbers = words.compactMap { Double($0) }.filter(\.isFinite)
        let allNumbers = numbers.count == words.count
        switch setting {
        case .width:
            guard allNumbers, (1...2).contains(numbers.count), numbers.allSatisfy(PenSettings.widths.contains),
                  let lightest = numbers.first, let firmest = numbers.last, lightest <= firmest else {
                return "\(key) wants one or two widths (lightest, firmest; the first not larger) from "
                    + "\(format(PenSettings.widths.lowerBound)) to \(format(PenSettings.widths.upperBound)); got `\(value)`"
            }
            settings.minimumWidth = lightest
            settings.maximumWidth = firmest
        case .opacity:
            guard allNumbers, (1...2).contains(numbers.count), numbers.allSatisfy(PenSettings.opacities.contains),
                  let lightest = numbers.first, let firmest = numbers.last, lightest <= firmest,
                  firmest >= PenSettings.leastMaximumOpacity else {
                return "\(key) wants one or two opacities (lightest, firmest; the first not larger) from 0 to 1, "
                    + "the firmest at least \(format(PenSettings.leastMaximumOpacity)); got `\(value)`"
            }
            settings.minimumOpacity = lightest
            settings.maximumOpacity = firmest
        case .smoothing:
            guard allNumbers, numbers.count == 1, PenSettings.smoothings.contains(numbers[0]) else {
                return "\(key) wants a number from 0 to 1; got `\(value)`"
            }
            settings.smoothing = numbers[0]
        case .pressureCurve:
            guard allNumbers, numbers.count == 4, numbers.allSatisfy(PenSettings.curveCoordinates.contains) else {
                return "\(key) wants four numbers from 0 to 1 (x1 y1 x2 y2, the curve's control points); got `\(value)`"
            }
            settings.pressureCurve = PressureCurve(Point(numbers[0], numbers[1]), Point(numbers[2], numbers[3]))
        }
        return nil
    }

    /// The lines the panel writes for `tool`: each owned key with its value, as the settings table
    /// writes it (`ConfigSettings`) and `apply` reads it back.
    public static func lines(for tool: InkTool, _ pen: PenSettings) -> [(key: String, value: String)] {
        var settings = InputSettings()
        settings.pens[tool] = pen
        return ConfigSettings.penSettings(tool).map { ($0.key, $0.value(in: settings)) }
    }

    /// `setting`'s value in `settings`, as the file writes it.
    static func value(of setting: Setting, in settings: PenSettings) -> String {
        switch setting {
        case .width: "\(format(settings.minimumWidth)) \(format(settings.maximumWidth))"
        case .opacity: "\(format(settings.minimumOpacity)) \(format(settings.maximumOpacity))"
        case .smoothing: format(settings.smoothing)
        case .pressureCurve:
            [settings.pressureCurve.control1.x, settings.pressureCurve.control1.y, settings.pressureCurve.control2.x,
             settings.pressureCurve.control2.y].map(format).joined(separator: " ")
        }
    }

    /// A number as the file writes it: three decimals at most, no trailing zeros ("0.75", "3.2", "1").
    static func format(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
