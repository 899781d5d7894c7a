import ArgumentParser
import Foundation
import QuireApp

/// `quire`: opens the window. Subcommands for automation come later; errors say what to do.
struct QuireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quire",
        abstract: "A notebook and drawing program for the X11 desktop.",
        discussion: """
            Draw with the mouse or a pen. Ctrl+E writes the page as PNG (to --export-png, or to \
            quire-page-DATE-TIME.png in the current folder); Ctrl+Q or the close button quits.
            """)

    @Option(name: .customLong("export-png"), help: ArgumentHelp("Where Ctrl+E writes the page as PNG.", valueName: "path"))
    var exportPNG: String?

    @Option(help: ArgumentHelp("The window's size in pixels.", valueName: "WIDTHxHEIGHT"))
    var size: String = "1024x768"

    @Option(help: ArgumentHelp("The X display to open (default: $DISPLAY).", valueName: "display"))
    var display: String?

    func validate() throws {
        guard parsedSize != nil else {
            throw ValidationError("--size wants WIDTHxHEIGHT with each at least 320x240, like 1024x768; got '\(size)'")
        }
    }

    private var parsedSize: (Int, Int)? {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 16384, parts[1] <= 16384 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        let (width, height) = parsedSize!
        let options = AppOptions(exportPath: exportPNG.map(Self.absolute), windowWidth: width,
                                 windowHeight: height, displayName: display)
        do {
            try QuireApplication(options: options).run()
        } catch {
            FileHandle.standardError.write(Data("quire: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
