import Foundation
import QuireStorage

/// What the notebook list asks of the library, on any notebook in it (the keys act on the current
/// one only): open, rename, duplicate, trash and restore. Each waits for queued saves first, as a page
/// turn does, and refuses while saving fails.
extension NotebookSession {
    /// The library's notebooks by title, and the trash's, for the list.
    public func libraryEntries() -> (notebooks: [NotebookLibrary.Entry], trashed: [NotebookLibrary.TrashedEntry]) {
        autosaver?.flush()
        return (library.entries(), library.trashedNotebooks())
    }

    /// Switches to the notebook at `path`; true when the page shown changed (it is not the current one).
    public func open(_ path: String) throws -> Bool {
        guard path != store.path, savesCaughtUp() else { return false }
        // Opened before this one is let go: if it cannot be read, the session stays here.
        try switchTo(try openForEditing(path))
        say(position)
        return true
    }

    /// Titles the notebook at `path` `title`, stored in its file as `quire rename` stores it.
    public func rename(_ path: String, to title: String) throws {
        try NotebookLibrary.checkTitle(title)
        if path == store.path {
            guard !refuseReadOnly(), savesCaughtUp() else { return }
            try store.rename(to: title)
            forgetTitle()
        } else {
            let other = try NotebookStore(openingAt: path)
            defer { try? other.close() }
            if let reason = other.readOnlyReason { throw NotebookFileError.readOnly(path: path, reason: reason) }
            try other.rename(to: title)
        }
        say("Renamed \((path as NSString).lastPathComponent) to '\(title)'")
    }

    /// Copies the notebook at `path` under "TITLE copy"; returns the copy's path (nil: saving fails, and
    /// the copy would lack what waits). The session stays on the notebook it shows.
    public func duplicate(_ path: String) throws -> String? {
        guard savesCaughtUp() else { return nil }
        let title: String
        if path == store.path {
            title = self.title
        } else {
            let source = try NotebookStore(openingAt: path, readOnly: true)
            defer { try? source.close() }
            title = try source.title
        }
        let copyTitle = String("\(title) copy".prefix(TitleEntry.maximumLength))
        let copy = try library.duplicate(path, title: copyTitle)
        try copy.close()
        say("Made '\(copyTitle)', a copy of '\(title)'")
        return copy.path
    }

    /// Moves the notebook at `path` to the trash; never the library's last one. The current notebook is
    /// let go first (the session switches to another); returns true when the page shown changed.
    public func trash(_ path: String) throws -> Bool {
        guard library.notebookPaths().count > 1 else {
            say("quire: the last notebook cannot go to the trash; make another first")
            return false
        }
        if path == store.path { return try perform(.trashNotebook) }
        // Opened for writing first, as `quire delete` does: a notebook open in another window is not
        // pulled from under it.
        let other = try NotebookStore(openingAt: path)
        let reason = other.readOnlyReason
        try other.close()
        if let reason { throw NotebookFileError.readOnly(path: path, reason: reason) }
        let trashed = try library.trash(path)
        say("Moved \((path as NSString).lastPathComponent) to \(trashed)")
        return false
    }

    /// Puts a trashed notebook back in the library; returns its path there.
    public func restore(_ trashedPath: String) throws -> String {
        let restored = try library.restore(trashedPath)
        say("Restored \((restored as NSString).lastPathComponent) from the trash")
        return restored
    }

    /// Waits for queued saves; false (said) while saving fails.
    private func savesCaughtUp() -> Bool {
        guard let autosaver, !autosaver.flush() else { return true }
        say("quire: saving to \(store.path) is failing (\(autosaver.unsaved) changes waiting); notebooks can change once it works again")
        return false
    }
}
