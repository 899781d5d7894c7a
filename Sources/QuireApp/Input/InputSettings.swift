import Foundation
import QuireInk

/// What a pen's side buttons do.
public enum PenButtonAction: Hashable, Sendable {
    /// Hold and move to pan the page.
    case pan
    /// Hold and use this tool, whatever the current one (any registered tool with a pen-button name).
    case tool(ToolID)
    case none

    /// Hold and draw to erase.
    public static var erase: PenButtonAction { .tool(.eraser) }
    /// Hold and drag to move, turn or scale scraps (the select tool).
    public static var select: PenButtonAction { .tool(.select) }
    /// Hold and draw to cut (the scissors).
    public static var scissors: PenButtonAction { .tool(.scissors) }

    /// The action a setting names: `pan`, `none`, or a tool's pen-button name in `tools`.
    public init?(named name: String, tools: ToolRegistry) {
        switch name {
        case "pan": self = .pan
        case "none": self = .none
        default:
            guard let tool = tools.tool(penButtonName: name) else { return nil }
            self = .tool(tool)
        }
    }

    /// Every word a setting may use, in order.
    public static func names(_ tools: ToolRegistry) -> [String] { ["pan"] + tools.penButtonNames + ["none"] }
}

/// The user's input settings, from `$XDG_CONFIG_HOME/quire/config` (default `~/.config/quire/config`):
/// lines of `key = value`, `#` starts a comment. Every key, what it takes and how it is read is in one
/// table, `ConfigSettings`.
///
///     pen.lower-button = pan      # pan | erase | select | scissors | none
///     pen.upper-button = erase
///     touch.palm-rejection-ms = 500
///     pen.width = 0.8 3.2         # and each inking tool's other settings: `PenSettingsConfig`
public struct InputSettings: Equatable, Sendable {
    public var lowerPenButton = PenButtonAction.pan
    public var upperPenButton = PenButtonAction.erase
    /// Touches are ignored this long after any pen activity (palm rejection).
    public var palmRejectionSeconds = 0.5
    /// How each inking tool draws, where set (in the file or the pen settings panel).
    public var pens: [InkTool: PenSettings] = [:]
    /// New text boxes' font family (a fontconfig name) and size in page pixels.
    public var textFamily = "sans-serif"
    public var textSize = 20.0

    /// `tool`'s settings: as set, or its defaults.
    public func pen(_ tool: InkTool) -> PenSettings {
        pens[tool] ?? PenSettings(defaultsFor: tool)
    }

    public init() {}

    /// Settings from `text`, with a warning for each line that could not be used (it is skipped).
    /// `tools` are the tools a pen button may name; `table` the settings there are (`ConfigSettings`).
    public static func parse(_ text: String, source: String = "config", tools: ToolRegistry = .standard,
                             table: [ConfigSetting]? = nil) -> (InputSettings, [String]) {
        var settings = InputSettings()
        var warnings: [String] = []
        let table = Dictionary((table ?? ConfigSettings.all(tools: tools)).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let place = "\(source):\(number + 1)"
            guard parts.count == 2 else {
                warnings.append("\(place): expected `key = value`, got `\(line)`")
                continue
            }
            guard let setting = table[parts[0]] else {
                warnings.append("\(place): unknown setting `\(parts[0])`")
                continue
            }
            if let problem = setting.read(parts[1], &settings) { warnings.append("\(place): \(problem)") }
        }
        return (settings, warnings)
    }

    /// The settings file's path for this environment.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/quire/config"
    }

    /// Reads the settings file; a missing file gives the defaults and no warning.
    public static func load(from path: String = InputSettings.path(), tools: ToolRegistry = .standard) -> (InputSettings, [String]) {
        guard FileManager.default.fileExists(atPath: path) else { return (InputSettings(), []) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (InputSettings(), ["\(path): cannot be read; using the default settings"])
        }
        return parse(text, source: path, tools: tools)
    }
}
