import Foundation
import QuireInk

/// The colours chosen for the pen, marker and highlighter, and the colour picker's recent colours,
/// kept across runs in `$XDG_STATE_HOME/quire/colors` (default `~/.local/state/quire/colors`) as
/// lines such as `pen #1a2b3c` and `recent #ff0000 #00ff00`. Everything read is checked: a file too
/// big, a line that is not one of these, or a colour that is not `#rrggbb` is ignored with a warning
/// (the rest of the file still counts), never trusted.
public struct PickedColors: Equatable, Sendable {
    /// The tools whose colour is kept (the others draw no colour).
    public static let tools: [ToolID] = [.pen, .marker, .highlighter]
    /// Recent colours the picker shows, newest first.
    public static let recentCount = 8
    /// Larger than any file Quire writes (four short lines) by far.
    static let maximumBytes = 4096

    public var byTool: [ToolID: InkColor]
    public var recent: [InkColor]

    public init(byTool: [ToolID: InkColor] = [:], recent: [InkColor] = []) {
        self.byTool = byTool.filter { Self.tools.contains($0.key) }
        self.recent = Array(recent.prefix(Self.recentCount))
    }

    /// Puts `color` first among the recent colours (once: the same `#rrggbb` further back goes), keeping
    /// the newest `recentCount`.
    public mutating func remember(_ color: InkColor) {
        let hex = color.hex
        recent.removeAll { $0.hex == hex }
        recent.insert(color.withAlpha(1), at: 0)
        if recent.count > Self.recentCount { recent.removeLast(recent.count - Self.recentCount) }
    }

    /// The file's text.
    public var text: String {
        var lines = Self.tools.compactMap { tool in byTool[tool].map { "\(tool.rawValue) \($0.hex)" } }
        if !recent.isEmpty { lines.append((["recent"] + recent.map(\.hex)).joined(separator: " ")) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Reads `text`: what it holds that is good, and a warning for each line that is not.
    public static func parse(_ text: String) -> (PickedColors, [String]) {
        var colors = PickedColors()
        var warnings: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let first = words.first else { continue }
            let place = "line \(index + 1)"
            let colorsRead = words.dropFirst().map { InkColor(hex: $0) }
            if let bad = zip(words.dropFirst(), colorsRead).first(where: { $0.1 == nil })?.0 {
                warnings.append("\(place): \"\(bad.prefix(32))\" is not a colour written #rrggbb")
                continue
            }
            let read = colorsRead.compactMap { $0 }
            if first == "recent" {
                guard read.count <= recentCount else {
                    warnings.append("\(place): \(read.count) recent colours, more than \(recentCount)")
                    continue
                }
                colors.recent = read
            } else if let tool = tools.first(where: { $0.rawValue == first }) {
                guard read.count == 1 else {
                    warnings.append("\(place): the \(first) has \(read.count) colours, not one")
                    continue
                }
                colors.byTool[tool] = read[0]
            } else {
                warnings.append("\(place): \"\(first.prefix(32))\" is not pen, marker, highlighter or recent")
            }
        }
        return (colors, warnings)
    }

    /// The file's path for this environment (beside `WindowPlacement`'s).
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ((WindowPlacement.path(environment: environment) as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("colors")
    }

    /// The colours kept at `path`, and warnings naming the file for whatever in it was ignored; none
    /// kept yet: nothing, and no warning.
    public static func load(from path: String = PickedColors.path()) -> (PickedColors, [String]) {
        guard FileManager.default.fileExists(atPath: path) else { return (PickedColors(), []) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue, size <= maximumBytes,
              let data = FileManager.default.contents(atPath: path), data.count <= maximumBytes,
              let text = String(data: data, encoding: .utf8) else {
            return (PickedColors(), ["\(path) is not a colours file of at most \(maximumBytes) bytes of text; the tools start with their palette colours"])
        }
        let (colors, problems) = parse(text)
        return (colors, problems.map { "\(path), \($0); it is ignored" })
    }

    /// Writes the colours to `path`, whole or not at all (a temporary file renamed over it).
    public func save(to path: String = PickedColors.path()) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
