import ArgumentParser
import Foundation
import QuireApp
import QuireStorage

/// `quire`: opens the window (the default subcommand), or works on notebooks from the command line.
/// Errors say what to do.
struct QuireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quire",
        abstract: "A notebook and drawing program for the X11 desktop.",
        discussion: """
            Draw with the mouse or a pen; Ctrl+wheel zooms, the wheel pans. Every finished stroke is saved \
            to the notebook at once. Notebooks live in $XDG_DATA_HOME/quire/notebooks (--library DIR for \
            another folder); a notebook is named by its title or its path.

            Keys (`quire keys` lists them again):
            \(KeyTable.text(.canvas))
            \(KeyTable.text(.notebook))

            Settings, lines of `key = value` in \(InputSettings.path()) (`quire settings` lists them again):
            \(ConfigSettings.text())
            """,
        version: QuireVersion.current,
        subcommands: [OpenCommand.self, ListCommand.self, NewCommand.self, InfoCommand.self, ExportCommand.self,
                      PagesCommand.self, ImportCommand.self, ImportXoppCommand.self, ScrapsCommand.self, FindCommand.self, RenameCommand.self, DuplicateCommand.self, DeleteCommand.self,
                      Replay.self, KeysCommand.self, SettingsCommand.self, ThumbnailCommand.self, AutosaveDrillCommand.self],
        defaultSubcommand: OpenCommand.self)
}

/// `quire [open]`: the window.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open the Quire window (the default).")

    @Argument(help: ArgumentHelp("The notebook to open, by title or path (default: the one open last); a Xournal++ file "
                                 + "(.xopp) is first imported into a new notebook, as `quire import-xopp` does.",
                                 valueName: "notebook"))
    var notebook: String?

    @OptionGroup var library: LibraryOption

    @Option(name: .customLong("export-png"), help: ArgumentHelp("Where Ctrl+E writes the page as PNG.", valueName: "path"))
    var exportPNG: String?

    @Option(help: ArgumentHelp("The window's size in pixels (default: as it was last closed, else 1024x768).",
                               valueName: "WIDTHxHEIGHT"))
    var size: String?

    @Option(help: ArgumentHelp("The X display to open (default: $DISPLAY).", valueName: "display"))
    var display: String?

    @Option(name: .customLong("record-input"),
            help: ArgumentHelp("Write every input event, with the devices, to this file (JSON lines) for `quire replay`.",
                               valueName: "file"))
    var recordInput: String?

    @Option(name: .customLong("ui-scale"),
            help: ArgumentHelp("How large the interface is drawn, 0.5 to 4 (default: from the desktop's Xft.dpi; 96 dpi is 1).",
                               valueName: "scale"))
    var uiScale: Double?

    @Flag(name: .customLong("show-latency"),
          help: "Show the input → swap latency (p50 / p99 of the last 120 frames drawn for input) at the window's bottom right.")
    var showLatency = false

    func validate() throws {
        if let uiScale, !(uiScale.isFinite && InterfaceScale.allowed.contains(uiScale)) {
            throw ValidationError("--ui-scale wants a number from 0.5 to 4; got \(uiScale)")
        }
        guard parsedSize != nil else {
            throw ValidationError("--size wants WIDTHxHEIGHT with each at least 320x240, like 1024x768; got '\(size ?? "")'")
        }
    }

    private var parsedSize: (Int, Int)? {
        let parts = (size ?? "1024x768").lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 16384, parts[1] <= 16384 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        let (width, height) = parsedSize!
        var notebook = notebook
        if let name = notebook, name.lowercased().hasSuffix(".xopp") {
            do {
                let (title, path, imported) = try XoppImport.run(absolute(name), into: nil, library: library)
                print("Imported \((name as NSString).lastPathComponent) into \(title): \(imported.summary)")
                notebook = path
            } catch { fail(error) }
        }
        let options = AppOptions(exportPath: exportPNG.map(absolute), windowWidth: width, windowHeight: height,
                                 displayName: display, libraryDirectory: library.directory, notebook: notebook,
                                 recordPath: recordInput.map(absolute), interfaceScale: uiScale,
                                 restoresPlacement: size == nil, showsLatency: showLatency)
        do {
            try QuireApplication(options: options).run()
        } catch {
            fail(error)
        }
    }
}

func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}

/// Prints `quire: error: …` on stderr and exits with status 1.
func fail(_ error: Error) -> Never {
    FileHandle.standardError.write(Data("quire: error: \(FileSystemReason.text(for: error))\n".utf8))
    QuireCommand.exit(withError: ExitCode.failure)
}
