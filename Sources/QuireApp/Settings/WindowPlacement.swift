import Foundation

/// The window's size and place when it was last closed, kept in `$XDG_STATE_HOME/quire/window`
/// (default `~/.local/state/quire/window`) as `WIDTHxHEIGHT+X+Y`, the X geometry form. Read back at
/// the next start unless `--size` is given. Everything read is checked: a size outside what the window
/// accepts or a place far off any screen is ignored with a warning, never trusted.
public struct WindowPlacement: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var x: Int
    public var y: Int

    public static let sizes = (width: 320...16384, height: 240...16384)
    /// Places beyond this, either way, are on no screen anyone has.
    public static let farthest = 32_768

    public init(width: Int, height: Int, x: Int, y: Int) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// `WIDTHxHEIGHT+X+Y` (a negative place as `+-5`, which X geometry strings also accept).
    public var text: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Parses `text`; nil with what is wrong.
    public static func parse(_ text: String) -> (WindowPlacement?, String?) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 64 else { return (nil, "it is \(trimmed.utf8.count) characters long, not a window geometry") }
        let sizeAndPlace = trimmed.split(separator: "+", omittingEmptySubsequences: false)
        let size = sizeAndPlace.first?.split(separator: "x") ?? []
        guard sizeAndPlace.count == 3, size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              let x = Int(sizeAndPlace[1]), let y = Int(sizeAndPlace[2]) else {
            return (nil, "\"\(trimmed.prefix(64))\" is not WIDTHxHEIGHT+X+Y")
        }
        guard sizes.width.contains(width), sizes.height.contains(height) else {
            return (nil, "a \(width)×\(height) window is outside 320×240 to 16384×16384")
        }
        guard abs(x) <= farthest, abs(y) <= farthest else { return (nil, "the place \(x), \(y) is on no screen") }
        return (WindowPlacement(width: width, height: height, x: x, y: y), nil)
    }

    /// The file's path for this environment.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return base + "/quire/window"
    }

    /// The placement kept at `path`: nil without a warning when there is none yet.
    public static func load(from path: String = WindowPlacement.path()) -> (WindowPlacement?, String?) {
        guard FileManager.default.fileExists(atPath: path) else { return (nil, nil) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              (attributes[.size] as? NSNumber)?.intValue ?? Int.max <= 4096,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (nil, "\(path) cannot be read as a window geometry; the window opens at its default size")
        }
        let (placement, problem) = parse(text)
        return (placement, problem.map { "\(path): \($0); the window opens at its default size" })
    }

    /// Writes the placement to `path`, whole or not at all (a temporary file renamed over it).
    public func save(to path: String = WindowPlacement.path()) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
