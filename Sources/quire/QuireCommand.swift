import ArgumentParser
import Foundation
import QuireApp

/// `quire`: opens the window (the default), or runs a subcommand for automation. Errors say what
/// happened and what to do.
struct QuireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quire",
        abstract: "A notebook and drawing program for the X11 desktop.",
        discussion: """
            Draw with the mouse or a pen: P pen, M marker, H highlighter, E eraser, 1–9 colours. \
            Ctrl+Z / Ctrl+Shift+Z undo and redo; Ctrl+wheel, Ctrl+= and Ctrl+− zoom, the wheel and \
            arrows pan, Ctrl+0 resets the view. Ctrl+E writes the page as PNG (to --export-png, or to \
            quire-page-DATE-TIME.png in the current folder); Ctrl+Q or the close button quits.
            """,
        subcommands: [OpenWindow.self, Replay.self],
        defaultSubcommand: OpenWindow.self)
}

/// Paths given relative to where quire was started.
func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}

func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("quire: error: \(message)\n".utf8))
    return ExitCode.failure
}
