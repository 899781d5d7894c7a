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

    @OptionGroup var library: LibraryOption

    func run() throws {
        let log = absolute(file)
        do {
            if let output = exportPNG {
                try InputReplay.exportPage(log: log, to: absolute(output)) { print($0) }
            } else {
                // Into the notebook open last, in a window, then on as a normal session.
                try QuireApplication(options: AppOptions(displayName: display, libraryDirectory: library.directory,
                                                         replayPath: log)).run()
            }
        } catch {
            fail(error)
        }
    }
}
