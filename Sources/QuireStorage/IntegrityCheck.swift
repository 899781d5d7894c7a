/// How an open notebook is known to be sound.
public enum IntegrityCheck: Sendable, Equatable {
    /// SQLite's quick check read the whole file as it opened.
    case checked
    /// The file is as it was when last found sound (`CheckedNotebookFiles`): not read again.
    case unchangedSinceChecked
    /// This process has just built and synced the file (`NotebookStore.create`).
    case builtHere
    /// Opened to read a few rows at a glance (`NotebookStore(glancingAt:)`, a file manager's thumbnail),
    /// without reading the whole file first: SQLite still refuses any damaged page those rows lie on.
    case notChecked
}
