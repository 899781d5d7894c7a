import QuireStorage

/// Moving about the library from the window: the notebook keys (pages turned, added, moved, sent;
/// notebooks made, switched, trashed), and what the page sorter (F2) and the notebook list (F3) ask
/// for. Each change finishes the page shown first and shows the page current after it (`ShownPage`).
final class NotebookNavigator {
    private let shown: ShownPage
    private let session: NotebookSession
    private let interface: WindowInterface
    private let say: @Sendable (String) -> Void

    init(shown: ShownPage, session: NotebookSession, interface: WindowInterface, say: @escaping @Sendable (String) -> Void) {
        self.shown = shown
        self.session = session
        self.interface = interface
        self.say = say
    }

    func perform(_ command: NotebookCommand) {
        shown.change { try session.perform(command) }
    }

    /// F3: the notebook list opened (the shown page's cover brought up to date first) or closed.
    func toggleNotebookList() {
        shown.canvas.finishGesture()
        shown.refreshThumbnail()
        guard interface.toggleNotebookList() else { return }
        showLibraryInList()
    }

    /// What the notebook list asked for: a notebook opened (the list closes), made (its title then
    /// typed), renamed, copied, trashed or restored (the list shows the library again).
    func perform(_ request: NotebookList.Request) {
        switch request {
        case let .open(path):
            if path == session.store.path || shown.change({ try session.open(path) }) {
                interface.notebookList.close()
                return
            }
        case let .create(endless):
            if shown.change({ try session.perform(endless ? .newEndlessNotebook : .newNotebook) }) {
                showLibraryInList()
                interface.notebookList.beginRenaming(session.store.path)
                return
            }
        case let .trash(path):
            shown.change { try session.trash(path) }
        case let .rename(path, title):
            tryLibraryChange { try session.rename(path, to: title) }
        case let .duplicate(path):
            tryLibraryChange { _ = try session.duplicate(path) }
        case let .restore(trashedPath):
            tryLibraryChange { _ = try session.restore(trashedPath) }
        }
        showLibraryInList()
    }

    /// F2: the page sorter opened on the notebook's pages (the shown page's thumbnail brought up to
    /// date and saved first, so its card shows what was just drawn), or closed.
    func togglePageSorter() {
        if !interface.sorter.isOpen {
            shown.canvas.finishGesture()
            shown.refreshThumbnail()
            session.flushSaves()
        }
        interface.togglePageSorter(pages: session.pageIDs, current: session.pageIndex,
                                   thumbnails: PageThumbnails(store: session.store, report: say),
                                   otherNotebooks: session.libraryEntries().notebooks.filter { $0.path != session.store.path }
                                       .map { ($0.path, $0.title) })
    }

    /// Carries out what the page sorter asked for as the page keys are (saved as one change each), and
    /// shows the sorter the notebook's pages after it.
    func perform(_ action: PageSorter.Action) {
        let command: NotebookCommand
        var selecting: Int?
        switch action {
        case let .open(index): command = .openPage(index)
        case let .move(from, to):
            command = .movePage(from: from, to: to)
            selecting = to
        case let .add(index):
            command = .addPage(at: index)
            selecting = index
        case let .remove(index): command = .removePage(index)
        case let .send(index, path, copy): command = .sendPage(index, toNotebook: path, move: !copy)
        }
        perform(command)
        if interface.sorter.isOpen {
            interface.sorter.update(pages: session.pageIDs, current: session.pageIndex, selecting: selecting)
        }
    }

    /// Shows the notebook list the library as it is now.
    private func showLibraryInList() {
        let (notebooks, trashed) = session.libraryEntries()
        interface.notebookList.show(notebooks: notebooks.map { NotebookList.Item(path: $0.path, title: $0.title) },
                                    trashed: trashed.map { NotebookList.Item(path: $0.path, title: $0.title) },
                                    current: session.store.path)
    }

    /// A change to the library that leaves the page shown as it is; a failure is said.
    private func tryLibraryChange(_ change: () throws -> Void) {
        do {
            try change()
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }
}
