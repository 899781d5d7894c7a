import ArgumentParser
import Foundation
import QuireApp

/// `quire replay FILE`: feeds a recorded input log through the same pipeline as live input.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay an input log written by --record-input.",
        discussion: "With --export-png, no window opens: the page is drawn offscreen and written as PNG.")

    @Argument(help: ArgumentHelp("The input log.", valueName: "file"))
    var file: String

    @Option(name: .customLong("export-png"), help: ArgumentHelp("Draw without a window and write the page here.", valueName: "path"))
    var exportPNG: String?

    @Option(help: ArgumentHelp("The X display for the window (default: $DISPLAY).", valueName: "display"))
    var display: String?

    func run() throws {
        let log = absolutePath(file)
        if let output = exportPNG {
            do {
                try InputReplay.exportPage(log: log, to: absolutePath(output)) { print($0) }
            } catch {
                throw fail("\(error)")
            }
        } else {
            try OpenWindow.open(AppOptions(displayName: display, replayPath: log))
        }
    }
}
