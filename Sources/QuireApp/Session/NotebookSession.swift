import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage

/// The notebook the window shows, and the way to every other one in the library: which notebook and
/// page are current, what finished strokes and page changes autosave, and what the notebook keys do.
/// No GL or X here: `QuireApplication` loads the page it names into the renderer.
public final class NotebookSession: PageEditSink {
    public let library: NotebookLibrary
    public private(set) var store: NotebookStore
    public private(set) var pageIDs: [PageID] = []
    public internal(set) var pageIndex = 0
    /// The view saved with the notebook, for the page it names (used once, when that page is shown).
    public private(set) var savedView: NotebookView?
    private(set) var autosaver: Autosaver?
    /// Set on the autosave queue when a change was refused for good.
    private let refusal = Flag()
    /// Decoded pictures of this notebook's blobs, for the window (a new cache with each notebook).
    public private(set) var pictures: PictureCache
    /// Rendered pages of this notebook's PDFs, for the window (a new cache with each notebook).
    public private(set) var pdfPages: PDFPageCache
    private let newPageSize: PageSize
    let say: @Sendable (String) -> Void
    /// The notebook's page changes, undoable (read with the notebook, kept in it).
    public private(set) var notebookHistory = NotebookHistory()
    /// The stored history of page changes did not read: the next change starts it afresh.
    private var notebookHistoryStartsAfresh = false
    /// Stamps every step, the shown page's and the notebook's, so undo takes the newest of them.
    public let clock = StepClock()
    /// When the notebook's file was last checked for another program's change (`checkFile`).
    let fileChecks = FileChecks()
    /// Where changes that could not be saved at closing go when they cannot go beside the notebook
    /// (`RecoveryFile`).
    let recoveryDirectory: String
    /// What the last close could not save and where it went (or that it was lost), for the window to
    /// show before it closes; nil when everything was saved.
    public private(set) var closingProblem: String?

    /// Opens `notebook` (a title or a path), else the notebook opened last, else a new "Notebook 1".
    /// A notebook that cannot be opened (damaged, not a notebook, unreadable) never keeps the window
    /// from starting: it says why and starts on a new notebook instead, leaving that file as it is.
    public init(library: NotebookLibrary, notebook: String? = nil, newPageSize: PageSize = .letter,
                recoveryDirectory: String = RecoveryFile.defaultDirectory(), say: @escaping @Sendable (String) -> Void) throws {
        self.library = library
        self.newPageSize = newPageSize
        self.recoveryDirectory = recoveryDirectory
        self.say = say
        try library.ensureExists()
        var opened: NotebookStore
        // A name that names no notebook is the caller's mistake (a typo, a command misspelt): an error.
        let named = try notebook.map(library.resolve)
        do {
            if let named {
                opened = try Self.openForEditing(named, recoveryDirectory: recoveryDirectory, say: say)
            } else if let last = library.lastOpened() {
                opened = try Self.openForEditing(last, recoveryDirectory: recoveryDirectory, say: say)
            } else {
                opened = try library.create(title: "Notebook 1", pages: [Page(size: newPageSize)])
            }
        } catch {
            opened = try Self.startAnew(in: library, pageSize: newPageSize, because: error, say: say)
        }
        store = opened
        pictures = PictureCache(store: opened, report: say)
        pdfPages = PDFPageCache(store: opened, report: say)
        do {
            try attach()
        } catch {
            try? detach()
            try switchTo(try Self.startAnew(in: library, pageSize: newPageSize, because: error, say: say), detaching: false)
        }
    }

    /// A new notebook, after `error` kept the one asked for from opening (said, with what happens now).
    private static func startAnew(in library: NotebookLibrary, pageSize: PageSize, because error: Error,
                                  say: @Sendable (String) -> Void) throws -> NotebookStore {
        let created = try newNotebook(in: library, pageSize: pageSize)
        say("quire: \(error)\nquire: starting on a new notebook, \((try? created.title) ?? created.path), instead; the other "
            + "file is left as it was")
        return created
    }

    /// A new blank notebook named "Notebook N" with the first N not taken.
    static func newNotebook(in library: NotebookLibrary, pageSize: PageSize) throws -> NotebookStore {
        let existing = Set(library.entries().map(\.title))
        let title = (1...).lazy.map { "Notebook \($0)" }.first { !existing.contains($0) }!
        return try library.create(title: title, pages: [Page(size: pageSize)])
    }

    public var currentPageID: PageID { pageIDs[pageIndex] }
    public var title: String {
        if let closedTitle { return closedTitle }
        if let knownTitle { return knownTitle }
        let read = (try? store.title) ?? ""
        knownTitle = read
        return read
    }
    /// The title as last read from the file. The status line asks for it with every event the window
    /// takes (each pen hover), and a read is a transaction: kept here, read again when a notebook is
    /// opened, renamed through the session or a page is loaded (where another program's rename of a
    /// notebook shown read-only shows).
    private var knownTitle: String?
    /// Reads the title from the file again when next asked (after a rename).
    func forgetTitle() { knownTitle = nil }
    /// The title of the notebook once closed: the window may still draw its status line (a notice held
    /// before closing, `closingProblem`), and a closed file cannot be read.
    private var closedTitle: String?
    public var isReadOnly: Bool { store.isReadOnly }

    /// "Physics — page 2 of 5", for messages.
    public var position: String { "\(title) — page \(pageIndex + 1) of \(pageIDs.count)" }

    /// Waits until every change so far is in the file (before reading it whole, as an export does).
    public func flushSaves() {
        autosaver?.flush()
    }

    /// The current page with its ink. Waits for queued saves first (a page just added is one of them):
    /// turning a page may wait on the disk, drawing never does.
    public func loadCurrentPage() throws -> Page {
        autosaver?.flush()
        knownTitle = nil
        let page = try store.loadPage(currentPageID)
        // The store reads the page's order for edits in the background now, not when the first stroke
        // is saved.
        save("prepare edits") { try $0.prepareEdits(of: page.id) }
        return page
    }

    /// The current page, or when it cannot be read (a damaged row) the first page that can, saying why;
    /// when none can, a new notebook's first page. What the window shows as it starts.
    public func loadAReadablePage() throws -> Page {
        do {
            return try loadCurrentPage()
        } catch {
            say("quire: page \(pageIndex + 1) of \(title) cannot be shown: \(error)")
        }
        for index in pageIDs.indices where index != pageIndex {
            if (try? store.loadPage(pageIDs[index])) != nil {
                pageIndex = index
                say("quire: showing page \(index + 1) instead")
                return try loadCurrentPage()
            }
        }
        try? detach()
        try switchTo(try Self.startAnew(in: library, pageSize: newPageSize, because: NotebookFileError.corrupt(
            path: store.path, reason: "none of its pages can be read"), say: say), detaching: false)
        return try loadCurrentPage()
    }

    /// `page` was edited (a stroke finished, an undo, a cut): the same edit is applied to the file in the
    /// background, one transaction. The page is named by the editor, not taken to be the current one: a
    /// page turn that failed half-way must not send edits to the page it was turning to.
    public func pageEdited(_ edit: PageEdit, history: HistoryChange = .record(label: nil), on page: PageID) {
        // A new edit ends the redo of page changes as well (the store does the same in its transaction).
        if case .record = history { notebookHistory.endRedo() }
        save("edit") { try $0.apply(edit, to: page, history: history) }
    }

    /// The undo history stored with `page` (as just loaded). One that does not read is said, naming the
    /// notebook and the page, and the page starts with none (`startsAfresh`: its first new step replaces
    /// the unreadable one); the page itself opens as usual.
    public func history(of page: Page) -> (history: PageHistory, startsAfresh: Bool) {
        do {
            return (try store.history(of: page), false)
        } catch {
            say("quire: page \(pageIDs.firstIndex(of: page.id).map { "\($0 + 1)" } ?? page.id.rawValue) of \(title) starts with "
                + "no undo history: \(error)")
            return (PageHistory(), true)
        }
    }

    /// Writes pictures' bytes into the notebook now, before the edit that shows them is made (its render
    /// items read them back at once to draw them; the edit itself is saved like any other).
    public func storePictures(_ blobs: [BlobBytes]) throws {
        if let reason = store.readOnlyReason {
            throw ImportError(path: store.path, reason: "the notebook is read-only (\(reason))")
        }
        for blob in blobs { _ = try store.storeBlob(blob.bytes, kind: blob.kind) }
    }

    /// True once after the notebook refused a change for good (it was dropped): the page on screen may
    /// differ from the file, and should be shown again as saved.
    /// The list of pages and the history of page changes are read again then too: a refused page
    /// change left them ahead of the file.
    public func takeRefusal() -> Bool {
        guard refusal.take() else { return false }
        autosaver?.flush()
        let shown = currentPageID
        if let stored = try? store.pageIDs(), !stored.isEmpty {
            pageIDs = stored
            pageIndex = stored.firstIndex(of: shown) ?? min(pageIndex, stored.count - 1)
        }
        notebookHistory = (try? store.notebookHistory()) ?? NotebookHistory()
        return true
    }

    /// Adds imported `pages` (with the blobs they show) after the current page, in one transaction and
    /// one step of the notebook's history, and makes the first of them current. Waits for queued saves
    /// first, as a page turn does.
    public func importPages(_ pages: [Page], blobs: [BlobBytes]) throws {
        if let reason = store.readOnlyReason {
            throw ImportError(path: store.path, reason: "the notebook is read-only (\(reason))")
        }
        if let autosaver, !autosaver.flush() {
            throw ImportError(path: store.path, reason: "saving to \(store.path) is failing "
                                 + "(\(autosaver.unsaved) changes waiting); pages can be added once it works again")
        }
        let stamp = clock.next()
        let history = NotebookHistoryChange.record(label: nil, stamp: stamp, afresh: notebookHistoryStartsAfresh)
        try store.insertPages(pages, at: pageIndex + 1, storing: blobs, history: history)
        let added = pages.map(\.id)
        let edit = NotebookEdit.combined(added.enumerated().map { .pageIn($1, at: pageIndex + 1 + $0) })
        notebookHistory.record(edit, stamp: stamp)
        notebookHistoryStartsAfresh = false
        pageIDs.insert(contentsOf: added, at: pageIndex + 1)
        pageIndex += 1
    }

    /// Remembers how the current page sits in the window (saved in the background).
    public func viewChanged(_ pageToWindow: QuireGeometry.AffineTransform) {
        let view = NotebookView(pageID: currentPageID, pageToWindow: pageToWindow)
        guard view != savedView else { return }
        savedView = view
        save("view") { try $0.saveView(view) }
    }

    /// Saves a thumbnail of `page` made from its current ink (PNG bytes come from `encode`, run on the
    /// autosave queue so the drawing thread never compresses).
    public func saveThumbnail(of page: PageID, encode: @escaping @Sendable () throws -> [UInt8]) {
        save("thumbnail") { store in
            try store.saveThumbnail(png: try encode(), of: page, inkVersion: try store.inkVersion(of: page))
        }
    }

    /// Carries out a notebook key. Returns true when the page shown changed (the caller reloads it).
    public func perform(_ command: NotebookCommand) throws -> Bool {
        // While saving fails, pages and notebooks stay put: moving on would load pages without the
        // waiting changes, and new strokes could land on a page not yet saved.
        if let autosaver, !autosaver.flush() {
            say("quire: saving to \(store.path) is failing (\(autosaver.unsaved) changes waiting); pages and "
                + "notebooks can change once it works again")
            return false
        }
        switch command {
        case .nextPage:
            if pageIndex == pageIDs.count - 1 {
                guard !refuseReadOnly() else { return false }
                let page = Page(size: newPageSize)
                guard change(.pageIn(page.id, at: pageIDs.count), inserting: [page]) else { return false }
            }
            pageIndex += 1
        case .previousPage:
            guard pageIndex > 0 else { return false }
            pageIndex -= 1
        case .deletePage:
            guard !refuseReadOnly() else { return false }
            let doomed = currentPageID
            if pageIDs.count == 1 {
                // A notebook always has a page: the last one deleted is replaced by a blank one.
                let page = Page(size: newPageSize)
                guard change(.combined([.pageIn(page.id, at: 1), .pageOut(doomed, from: 0)]), inserting: [page]) else { return false }
            } else {
                guard change(.pageOut(doomed, from: pageIndex)) else { return false }
            }
            pageIndex = min(pageIndex, pageIDs.count - 1)
        case .movePageEarlier, .movePageLater:
            guard !refuseReadOnly() else { return false }
            let target = pageIndex + (command == .movePageLater ? 1 : -1)
            guard pageIDs.indices.contains(target) else { return false }
            guard change(.pageMoved(currentPageID, from: pageIndex, to: target)) else { return false }
            pageIndex = target
            say("Moved the page: \(position)")
            return false
        case let .openPage(index):
            guard pageIDs.indices.contains(index), index != pageIndex else { return false }
            pageIndex = index
        case let .movePage(from, to):
            guard !refuseReadOnly() else { return false }
            guard pageIDs.indices.contains(from), pageIDs.indices.contains(to), from != to else { return false }
            let shown = currentPageID
            guard change(.pageMoved(pageIDs[from], from: from, to: to)) else { return false }
            pageIndex = pageIDs.firstIndex(of: shown) ?? 0
            say("Moved page \(from + 1) to \(to + 1): \(position)")
            return false
        case let .addPage(index):
            guard !refuseReadOnly() else { return false }
            guard (0...pageIDs.count).contains(index) else { return false }
            let page = Page(size: newPageSize), shown = currentPageID
            guard change(.pageIn(page.id, at: index), inserting: [page]) else { return false }
            pageIndex = pageIDs.firstIndex(of: shown) ?? 0
            say("Added page \(index + 1): \(position)")
            return false
        case let .removePage(index):
            guard pageIDs.indices.contains(index) else { return false }
            // The page shown goes as the Delete key's does: the next one is shown (a blank one if it was the last).
            guard index != pageIndex else { return try perform(.deletePage) }
            guard !refuseReadOnly() else { return false }
            let shown = currentPageID
            guard change(.pageOut(pageIDs[index], from: index)) else { return false }
            pageIndex = pageIDs.firstIndex(of: shown) ?? 0
            say("Removed page \(index + 1): \(position)")
            return false
        case .openChangedNotebook:
            return try openChangedOriginal()
        case .newNotebook, .newEndlessNotebook:
            let created = try Self.newNotebook(in: library, pageSize: newPageSize)
            if command == .newEndlessNotebook { try created.setEndless(true) }
            try switchTo(created)
        case .duplicateNotebook:
            autosaver?.flush()
            try switchTo(try library.duplicate(store.path, title: "\(title) copy"))
        case .trashNotebook:
            guard !refuseReadOnly() else { return false }
            let path = store.path
            // The notebook to show next is opened before this one is let go (an unreadable one is
            // passed over), so a failure leaves the session on a notebook it can save to.
            let next = library.notebookPaths().filter { $0 != path }.lazy
                .compactMap { try? self.openForEditing($0) }.first
            try detach()
            let trashed: String
            do {
                trashed = try library.trash(path)
            } catch {
                try? next?.close()
                try switchTo(try NotebookStore(openingAt: path), detaching: false)
                throw error
            }
            say("Moved \((path as NSString).lastPathComponent) to \(trashed); the notebook list's Trash (F3) restores it")
            try switchTo(try next ?? library.create(title: "Notebook 1", pages: [Page(size: newPageSize)]), detaching: false)
        case .nextNotebook, .previousNotebook:
            let paths = library.notebookPaths()
            guard paths.count > 1, let here = paths.firstIndex(of: store.path) else { return false }
            let next = paths[(here + (command == .nextNotebook ? 1 : paths.count - 1)) % paths.count]
            // Opened before this one is let go: if it cannot be read, the session stays here.
            try switchTo(try openForEditing(next))
        case .copyPageToNextNotebook, .movePageToNextNotebook:
            let paths = library.notebookPaths()
            guard paths.count > 1, let here = paths.firstIndex(of: store.path) else {
                say("There is no other notebook to send the page to; Ctrl+N makes one")
                return false
            }
            return try sendPage(at: pageIndex, toNotebookAt: paths[(here + 1) % paths.count],
                                move: command == .movePageToNextNotebook)
        case let .sendPage(index, path, move):
            return try sendPage(at: index, toNotebookAt: path, move: move)
        case .undoPageChange, .redoPageChange:
            guard !refuseReadOnly() else { return false }
            return movePageHistory(undo: command == .undoPageChange)
        case .nextPaperPattern, .turnPaper:
            guard !refuseReadOnly() else { return false }
            let before = try store.paper(of: currentPageID)
            let edit = NotebookEdit.paperChanged(currentPageID, from: before, to: command == .turnPaper ? before.turned : before.withNextPattern)
            guard change(edit) else { return false }
            // The page is shown again with its new paper.
            say("\(edit.summary.prefix(1).uppercased() + edit.summary.dropFirst()): \(position)")
            return true
        }
        say(position)
        return true
    }

    /// Carries out a page change made here: on the list of pages, in the notebook's history and in the
    /// file (`pages` are the new pages it puts in), saved in the background as one transaction. False,
    /// said, when it does not fit the pages (a bug, not a person's mistake).
    private func change(_ edit: NotebookEdit, label: String? = nil, inserting pages: [Page] = []) -> Bool {
        var order = pageIDs
        do {
            try edit.apply(to: &order)
        } catch {
            say("quire: the pages were left as they were: \(error)")
            return false
        }
        pageIDs = order
        let stamp = clock.next()
        let history = NotebookHistoryChange.record(label: label, stamp: stamp, afresh: notebookHistoryStartsAfresh)
        notebookHistory.record(edit, label: label, stamp: stamp)
        notebookHistoryStartsAfresh = false
        save("page change") { try $0.apply(edit, history: history, inserting: pages) }
        return true
    }

    /// Undoes (or redoes) the notebook's newest page change and says what it did. Shows the page the
    /// change brought back, else the page shown if it is still there, else the one now in its place;
    /// returns true when the page shown changed.
    private func movePageHistory(undo: Bool) -> Bool {
        guard let (edit, kept) = undo ? notebookHistory.nextUndo(stamp: clock.next()) : notebookHistory.nextRedo(stamp: clock.next())
        else { return false }
        var order = pageIDs
        do {
            try edit.apply(to: &order)
            // The other notebook's part first: a crash before this one's leaves the page in both or in
            // this one's trash, and the same undo, made again, finishes it.
            try carryOutElsewhere(edit)
        } catch {
            say("quire: cannot \(undo ? "undo" : "redo") \(kept.label): \(error)")
            return false
        }
        let shown = currentPageID
        pageIDs = order
        notebookHistory.commit(undo: undo, kept: kept)
        save(undo ? "undo page change" : "redo page change") {
            try $0.apply(edit, history: undo ? .undo(kept: kept) : .redo(kept: kept))
        }
        say("quire: \(undo ? "Undid" : "Redid"): \(kept.label)")
        if let back = Self.pagesPutIn(by: edit).last, let index = pageIDs.firstIndex(of: back) {
            pageIndex = index
        } else {
            pageIndex = pageIDs.firstIndex(of: shown) ?? min(pageIndex, pageIDs.count - 1)
        }
        return currentPageID != shown || Self.papersChanged(by: edit).contains(shown)
    }

    private static func pagesPutIn(by edit: NotebookEdit) -> [PageID] {
        switch edit {
        case let .pageIn(page, _): [page]
        case .pageOut, .pageMoved, .pageSent, .pageTakenBack, .paperChanged: []
        case let .combined(edits): edits.flatMap(pagesPutIn)
        }
    }

    /// The pages whose paper `edit` changes: shown again when one of them is on screen.
    private static func papersChanged(by edit: NotebookEdit) -> [PageID] {
        switch edit {
        case let .paperChanged(page, _, _): [page]
        case .pageIn, .pageOut, .pageMoved, .pageSent, .pageTakenBack: []
        case let .combined(edits): edits.flatMap(papersChanged)
        }
    }

    /// Copies or moves the page at `index` to the end of the notebook at `path` (the page keys' Ctrl+Shift+C
    /// and M send the shown page to the next notebook; the page sorter sends any page to the one it is
    /// dropped on). The target is opened for writing, as `quire pages` opens it, so a notebook open in
    /// another window or read-only refuses (said, nothing changed). A notebook left without pages gets a
    /// blank one. Returns true when the page shown changed (it was the one moved away).
    private func sendPage(at index: Int, toNotebookAt path: String, move: Bool) throws -> Bool {
        guard pageIDs.indices.contains(index) else { return false }
        if move { guard !refuseReadOnly() else { return false } }
        guard path != store.path else {
            say("The page is in this notebook already")
            return false
        }
        let target = try NotebookStore(openingAt: path)
        defer { try? target.close() }
        if let reason = target.readOnlyReason {
            say("quire: \(target.path) is read-only (\(reason)); the page was not sent")
            return false
        }
        let page = pageIDs[index], shown = currentPageID
        let sent = SentPage(page: move ? page : PageID(), source: page, notebook: target.path, title: try target.title)
        // One step of this notebook's history: the page sent there (first, so a crash leaves it in both
        // notebooks, never in neither), then, for a move, taken out of here (a notebook left without
        // pages gets a blank one).
        var parts: [NotebookEdit] = [.pageSent(sent)]
        var blank: [Page] = []
        if move {
            if pageIDs.count == 1 {
                blank = [Page(size: newPageSize)]
                parts.append(.pageIn(blank[0].id, at: 1))
            }
            parts.append(.pageOut(page, from: index))
        }
        try store.send(page, to: target, as: sent.page)
        guard change(parts.count == 1 ? parts[0] : .combined(parts), inserting: blank) else { return false }
        say("\(move ? "Moved" : "Copied") page \(index + 1) to the end of '\(sent.title)'")
        guard move else { return false }
        guard page == shown else {
            pageIndex = pageIDs.firstIndex(of: shown) ?? 0
            return false
        }
        pageIndex = min(index, pageIDs.count - 1)
        say(position)
        return true
    }

    /// Carries out the parts of `edit` that lie in other notebooks (a page sent there, or taken back),
    /// each notebook opened for writing for it. Throws, having changed nothing here, when one cannot be
    /// (the notebook is gone, open elsewhere, or the page was changed there since).
    private func carryOutElsewhere(_ edit: NotebookEdit) throws {
        for part in edit.elsewhere {
            switch part {
            case let .pageSent(sent), let .pageTakenBack(sent):
                let target = try NotebookStore(openingAt: sent.notebook)
                defer { try? target.close() }
                if let reason = target.readOnlyReason {
                    throw NotebookFileError.readOnly(path: sent.notebook, reason: reason)
                }
                if case .pageSent = part {
                    try store.send(sent.source, to: target, as: sent.page)
                } else {
                    try target.takeBack(sent.page)
                }
            default:
                break
            }
        }
    }

    public func close() {
        try? detach()
    }

    // MARK: Private

    private func attach() throws {
        isEndless = (try? store.isEndless) ?? false
        closedTitle = nil
        knownTitle = nil
        // Once per opening, where the read-only notice goes: SQLite itself drops the frames without a word.
        if let damage = store.walDamage { say("quire: \(store.path) may show less than was saved: \(damage)") }
        if let reason = store.readOnlyReason {
            autosaver = nil
            say("quire: \(store.path) is open read-only (\(reason)); what you draw here is not saved")
        } else {
            let autosaver = Autosaver(store: store)
            let say = self.say, path = store.path
            autosaver.onProblem = { error in say("quire: could not save (\(error)); your ink is kept and saving retries every second") }
            autosaver.onResumed = { say("quire: saving works again; everything is saved to \(path)") }
            autosaver.onRefused = { [refusal] label, error in
                say("quire: a change (\(label)) could not be saved and was left out: \(error); the page is shown again as saved")
                refusal.set()
            }
            self.autosaver = autosaver
            save("opened") { try $0.markOpened() }
        }
        do {
            notebookHistory = try store.notebookHistory()
            notebookHistoryStartsAfresh = false
        } catch {
            say("quire: \(title) starts with no undo history of its page changes: \(error)")
            notebookHistory = NotebookHistory()
            notebookHistoryStartsAfresh = true
        }
        for step in notebookHistory.done.suffix(1) + notebookHistory.undone.suffix(1) { clock.saw(step.stamp) }
        pageIDs = try store.pageIDs()
        if pageIDs.isEmpty {
            let page = Page(size: newPageSize)
            save("first page") { try $0.insertPage(page) }
            pageIDs = [page.id]
        }
        savedView = try store.view()
        pageIndex = savedView.flatMap { pageIDs.firstIndex(of: $0.pageID) } ?? 0
    }

    func detach() throws {
        closingProblem = nil
        closedTitle = title
        guard let autosaver, !autosaver.flush() else {
            autosaver?.stop()
            autosaver = nil
            return try store.close()
        }
        self.autosaver = nil
        // Saving fails as the notebook closes: what waits goes to a recovery file, not away.
        let reason = autosaver.problem.map { " (\(FileSystemReason.text(for: $0)))" } ?? ""
        let waiting = autosaver.handOver()
        let count = "\(waiting.count) change\(waiting.count == 1 ? "" : "s")"
        let store = self.store
        var closeError: Error?
        do {
            let kept = try RecoveryFile.keep(store, waiting: waiting.map(\.change), in: recoveryDirectory) {
                do { try store.close() } catch { closeError = error }
            }
            closingProblem = "quire: could not save to \(store.path)\(reason); the \(count) not saved are kept in \(kept.path), "
                + "and go back into the notebook when you open it next"
        } catch {
            closingProblem = "quire: could not save to \(store.path)\(reason), and no recovery file could be written "
                + "(\(FileSystemReason.text(for: error))): \(count) could not be kept"
        }
        say(closingProblem!)
        if let closeError { throw closeError }
    }

    /// Opens the notebook at `path` to change it, first putting back what a close that could not save
    /// kept for it (`RecoveryFile`), and saying so.
    func openForEditing(_ path: String) throws -> NotebookStore {
        try Self.openForEditing(path, recoveryDirectory: recoveryDirectory, say: say)
    }

    static func openForEditing(_ path: String, recoveryDirectory: String, say: (String) -> Void) throws -> NotebookStore {
        let name = (path as NSString).lastPathComponent
        for found in RecoveryFile.putBack(into: path, from: recoveryDirectory) {
            switch found {
            case let .putBack(changes, from):
                say("quire: put back into \(name) the \(changes) change\(changes == 1 ? "" : "s") that could not be saved when it "
                    + "last closed (kept in \(from))")
            case let .keptApart(changes, apart, title):
                say("quire: the \(changes) change\(changes == 1 ? "" : "s") that could not be saved when \(name) last closed are "
                    + "in the notebook '\(title)' (\(apart)): \(name) was changed since, so they were not put into it")
            case let .left(recovery, because):
                say("quire: the changes that could not be saved when \(name) last closed are still in \(recovery), which could "
                    + "not be put back: \(because)")
            }
        }
        return try NotebookStore(openingAt: path)
    }

    func switchTo(_ newStore: NotebookStore, detaching: Bool = true) throws {
        if detaching { try detach() }
        store = newStore
        pictures = PictureCache(store: newStore, report: say)
        pdfPages = PDFPageCache(store: newStore, report: say)
        try attach()
    }

    private func save(_ label: String, _ change: @escaping Autosaver.Change) {
        autosaver?.submit(label, change)
    }

    /// Whether the notebook's pages grow as ink comes near their edge (`quire new --endless`): read once
    /// when the notebook is opened, not at every edit that asks.
    public private(set) var isEndless = false

    /// The page shown made `size` (an endless page growing), saved in order with its edits.
    func growPage(_ id: PageID, to size: PageSize) {
        save("page growth") { try $0.growPage(id, to: size) }
    }

    func refuseReadOnly() -> Bool {
        guard let reason = store.readOnlyReason else { return false }
        say("quire: this notebook is read-only (\(reason))")
        return true
    }
}

/// A flag one thread sets and another takes.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    func take() -> Bool {
        lock.lock()
        defer { value = false; lock.unlock() }
        return value
    }
}
