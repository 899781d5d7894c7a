import Foundation

/// Finds Quire's read-only resources (brush textures) wherever Quire runs from: $QUIRE_RESOURCES, an
/// installed tree (`PREFIX/bin/quire` beside `PREFIX/share/quire`), or a build inside the source tree
/// (`.build/…/quire`, with `Resources/` at the top of the checkout).
public enum ResourceLocator {
    /// The folder holding `Brushes/`, or nil when none is found.
    public static func resourcesDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                          executable: String = executablePath) -> String? {
        if let explicit = environment["QUIRE_RESOURCES"], hasBrushes(explicit) { return explicit }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in ["share/quire", "Resources"] {
                let path = folder.appendingPathComponent(candidate).path
                if hasBrushes(path) { return path }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The brushes' folder, looked for once, as Quire starts (every renderer made asks for it, and
    /// neither the environment nor the install moves under a running program).
    public static let brushesDirectory: String? = resourcesDirectory().map { $0 + "/Brushes" }

    /// The running program's own path (Linux knows it exactly; argv[0] may be relative or a name).
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    private static func hasBrushes(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/Brushes/soft-round.png")
    }
}
