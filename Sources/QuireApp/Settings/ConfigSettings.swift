import Foundation
import QuireInk

/// One setting of the config file (`InputSettings.path()`): its key, the values it takes, its default
/// and what it does, with how it is read into `InputSettings` and written back out.
public struct ConfigSetting {
    public let key: String
    /// The values it takes, as the help says them: "pan, erase, select, scissors or none".
    public let takes: String
    /// What it does.
    public let does: String
    /// Sets it in `settings` from the text `value`; the problem (naming the key and what it takes) when
    /// the value is not usable, and then nothing changes.
    let read: (_ value: String, _ settings: inout InputSettings) -> String?
    /// Its value in `settings`, as the file writes it (and `read` reads it back).
    let written: (InputSettings) -> String

    /// `read` sets it in the settings from the file's text, returning the problem when the value is not
    /// usable (changing nothing); `written` gives its value as the file writes it, which `read` takes back.
    public init(key: String, takes: String, does: String, read: @escaping (_ value: String, _ settings: inout InputSettings) -> String?,
                written: @escaping (InputSettings) -> String) {
        self.key = key
        self.takes = takes
        self.does = does
        self.read = read
        self.written = written
    }

    /// Its value in `settings`, as the file writes it.
    public func value(in settings: InputSettings) -> String { written(settings) }

    /// The default, as the file writes it.
    public var defaultValue: String { written(InputSettings()) }
}

/// Every setting of the config file, in one table: the parser and its checks (`InputSettings.parse`), the
/// pen settings panel's writer (`PenSettingsConfig.lines`), `quire settings` and the README's table all
/// read it, so a new setting is one entry here and the field it sets.
public enum ConfigSettings {
    /// The settings, in the order the help lists them. `tools`: the tools a pen button may hold.
    public static func all(tools: ToolRegistry = .standard) -> [ConfigSetting] {
        penButtons(tools) + [palmRejection] + InkTool.allCases.flatMap(penSettings) + textSettings
    }

    private static func penButtons(_ tools: ToolRegistry) -> [ConfigSetting] {
        let names = PenButtonAction.names(tools)
        let takes = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "none")
        func button(_ key: String, _ does: String, _ path: WritableKeyPath<InputSettings, PenButtonAction>) -> ConfigSetting {
            ConfigSetting(key: key, takes: takes, does: does, read: { value, settings in
                guard let action = PenButtonAction(named: value, tools: tools) else {
                    return "\(key) must be one of \(names.joined(separator: ", ")); got `\(value)`"
                }
                settings[keyPath: path] = action
                return nil
            }, written: { settings in settings[keyPath: path].name(in: tools) })
        }
        return [button("pen.lower-button", "what the pen's lower side button does while held: pan the page, or use that tool "
                       + "whatever the tool in hand", \.lowerPenButton),
                button("pen.upper-button", "the same for the upper side button", \.upperPenButton)]
    }

    private static var palmRejection: ConfigSetting {
        ConfigSetting(
        key: "touch.palm-rejection-ms", takes: "0 to 10000",
        does: "milliseconds after the pen during which touches are ignored (a palm resting on the screen)",
        read: { value, settings in
            guard let ms = Double(value), ms >= 0, ms <= 10_000 else {
                return "touch.palm-rejection-ms must be 0…10000; got `\(value)`"
            }
            settings.palmRejectionSeconds = ms / 1000
            return nil
        },
        written: { PenSettingsConfig.format($0.palmRejectionSeconds * 1000) })
    }

    /// New text boxes' font and size.
    static var textSettings: [ConfigSetting] {
        [ConfigSetting(key: "text.font", takes: "a font family fontconfig knows (sans-serif, serif, monospace, DejaVu Serif, …)",
                       does: "new text boxes' font (a family that is not installed is drawn in fontconfig's nearest)",
                       read: { value, settings in
                           let family = value.trimmingCharacters(in: .whitespaces)
                           guard !family.isEmpty, family.count <= 200, family.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
                               return "text.font must be a font family of at most 200 characters; got `\(value.prefix(40))`"
                           }
                           settings.textFamily = family
                           return nil
                       },
                       written: { $0.textFamily }),
         ConfigSetting(key: "text.size", takes: "4 to 200", does: "new text boxes' font size, in page pixels (96 to the inch)",
                       read: { value, settings in
                           guard let size = Double(value), size >= 4, size <= 200 else {
                               return "text.size must be 4…200; got `\(value)`"
                           }
                           settings.textSize = size
                           return nil
                       },
                       written: { PenSettingsConfig.format($0.textSize) })]
    }

    /// `tool`'s four keys, which the pen settings panel writes.
    static func penSettings(_ tool: InkTool) -> [ConfigSetting] {
        PenSettingsConfig.Setting.allCases.map { setting in
            ConfigSetting(key: "\(tool.rawValue).\(setting.rawValue)", takes: setting.takes, does: setting.does(tool),
                          read: { value, settings in
                              var pen = settings.pen(tool)
                              if let problem = PenSettingsConfig.apply(value, to: setting, of: tool, in: &pen) { return problem }
                              settings.pens[tool] = pen
                              return nil
                          },
                          written: { PenSettingsConfig.value(of: setting, in: $0.pen(tool)) })
        }
    }

    /// The table as the README's Markdown.
    public static func markdown(_ table: [ConfigSetting] = all()) -> String {
        (["| key | takes | default | does |", "| --- | --- | --- | --- |"]
            + table.map { "| `\($0.key)` | \($0.takes) | `\($0.defaultValue)` | \($0.does) |" })
            .joined(separator: "\n")
    }

    /// The table as plain text, a setting a line (`quire settings`).
    public static func text(_ settings: [ConfigSetting] = all()) -> String {
        let width = settings.map { "\($0.key) = \($0.defaultValue)".count }.max() ?? 0
        return settings.map { setting in
            "\(setting.key) = \(setting.defaultValue)".padding(toLength: width, withPad: " ", startingAt: 0)
                + "  # \(setting.does) (\(setting.takes))"
        }.joined(separator: "\n")
    }
}

extension PenButtonAction {
    /// The word the config file names it by.
    func name(in tools: ToolRegistry) -> String {
        switch self {
        case .pan: "pan"
        case .none: "none"
        case let .tool(id): tools.offer(id)?.penButtonName ?? id.rawValue
        }
    }
}
