import Foundation
import ArgumentParser
import QuireStorage

/// `--library DIR`, shared by every subcommand that works on notebooks.
struct LibraryOption: ParsableArguments {
    @Option(name: .customLong("library"),
            help: ArgumentHelp("The folder of notebooks (default: $XDG_DATA_HOME/quire/notebooks).", valueName: "dir"))
    var path: String?

    var directory: String? { path.map(absolute) }
    var library: NotebookLibrary { NotebookLibrary(directory: directory ?? NotebookLibrary.defaultDirectory) }

    /// Opens a notebook named by title or path, for changing it: a notebook open in the window is
    /// refused with a message rather than opened read-only.
    func openForWriting(_ name: String) throws -> NotebookStore {
        let store = try NotebookStore(openingAt: try library.resolve(name))
        reportWALDamage(store)
        if let reason = store.readOnlyReason {
            throw NotebookFileError.readOnly(path: store.path, reason: reason)
        }
        return store
    }

    func openForReading(_ name: String) throws -> NotebookStore {
        let store = try NotebookStore(openingAt: try library.resolve(name), readOnly: true)
        reportWALDamage(store)
        return store
    }

    /// A damaged write-ahead log loses saved changes silently in SQLite: say so, on stderr (stdout may
    /// be `info --json`).
    private func reportWALDamage(_ store: NotebookStore) {
        guard let damage = store.walDamage else { return }
        FileHandle.standardError.write(Data("quire: warning: \(store.path): \(damage).\n".utf8))
    }
}
