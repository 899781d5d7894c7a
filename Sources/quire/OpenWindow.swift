import ArgumentParser
import Foundation
import QuireApp

/// `quire [open]`: the window.
struct OpenWindow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open the Quire window (the default).")

    @Option(name: .customLong("export-png"), help: ArgumentHelp("Where Ctrl+E writes the page as PNG.", valueName: "path"))
    var exportPNG: String?

    @Option(help: ArgumentHelp("The window's size in pixels.", valueName: "WIDTHxHEIGHT"))
    var size: String = "1024x768"

    @Option(help: ArgumentHelp("The X display to open (default: $DISPLAY).", valueName: "display"))
    var display: String?

    @Option(name: .customLong("record-input"),
            help: ArgumentHelp("Write every input event, with the devices, to this file (JSON lines) for `quire replay`.",
                               valueName: "file"))
    var recordInput: String?

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
        try Self.open(AppOptions(exportPath: exportPNG.map(absolutePath), windowWidth: width, windowHeight: height,
                                 displayName: display, recordPath: recordInput.map(absolutePath)))
    }

    static func open(_ options: AppOptions) throws {
        do {
            try QuireApplication(options: options).run()
        } catch {
            throw fail("\(error)")
        }
    }
}
