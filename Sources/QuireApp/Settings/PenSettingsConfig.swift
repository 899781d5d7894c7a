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
/// The panel writes these keys and only these (`keys(for:)`); a person may write them by hand.
public enum PenSettingsConfig {
    public enum Setting: String, CaseIterable, Sendable {
        case width, opacity, smoothing
        case pressureCurve = "pressure-curve"
    }

    /// The key and setting `key` names, or nil when it is not a pen setting.
    public static func setting(named key: String) -> (InkTool, Setting)? {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let tool = InkTool(rawValue: parts[0]), let setting = Setting(rawValue: parts[1]) else { return nil }
        return (tool, setting)
    }

    /// The keys the panel owns for `tool`.
    public static func keys(for tool: InkTool) -> [String] {
        Setting.allCases.map { "\(tool.rawValue).\($0.rawValue)" }
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

    /// The lines the panel writes for `tool`: each owned key with its value, as `apply` reads it back.
    public static func lines(for tool: InkTool, _ settings: PenSettings) -> [(key: String, value: String)] {
        let curve = settings.pressureCurve
        return Setting.allCases.map { setting in
            let value: String
            switch setting {
            case .width: value = "\(format(settings.minimumWidth)) \(format(settings.maximumWidth))"
            case .opacity: value = "\(format(settings.minimumOpacity)) \(format(settings.maximumOpacity))"
            case .smoothing: value = format(settings.smoothing)
            case .pressureCurve:
                value = [curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y].map(format).joined(separator: " ")
            }
            return ("\(tool.rawValue).\(setting.rawValue)", value)
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
