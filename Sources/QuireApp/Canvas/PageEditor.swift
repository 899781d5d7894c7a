import QuireDocument

/// Where the page editor saves each edit it carries out, with how it moves the page's history and the
/// page it was made on: the notebook (`NotebookSession`), which writes both in one transaction.
public protocol PageEditSink: AnyObject {
    func pageEdited(_ edit: PageEdit, history: HistoryChange, on page: PageID)
}

/// The shown page and its history: the one place its items change. Every change is a `PageEdit`,
/// applied here to the page model, queued for the renderer, and saved to `savesTo` (the notebook saves
/// it, with the move of the history, in one transaction) — the same value all three times, passed on
/// downwards: nothing is told back up. Undo applies
/// the inverse of the newest step of the page's own history, which the notebook keeps with the page, so
/// it means the same after a page turn, a notebook switch or a restart.
public final class PageEditor {
    public private(set) var page: Page
    public private(set) var history: PageHistory
    /// The stored history could not be read: the page started with none, and its first new step tells
    /// the notebook to drop the unreadable one.
    private var historyStartsAfresh = false
    private let renderQueue: RenderQueue
    /// Where every edit applied is saved, with how it moves the history and the page it was applied to;
    /// undo and redo come through here as the edits they apply. None: edits change only the page (tests,
    /// headless replay).
    public var savesTo: (any PageEditSink)?
    /// Edits carried out so far (new ones, undos and redos): what has changed since a moment is told
    /// by this count having moved (the stored thumbnail's staleness).
    public private(set) var editCount = 0
    /// Told of an edit refused because it did not fit the page (a bug in a tool, or a damaged history:
    /// reported, not trapped on).
    public var onRefused: ((PageEditError) -> Void)?
    /// Told what each undo and redo did: "Undid: cut into 5 pieces", "Redid: stroke".
    public var onHistoryMove: ((String) -> Void)?
    /// Told of every edit carried out, new, undone or redone, after it is saved, with the label of its
    /// step (`observe`): the scrap tray follows its own moves in and out of pages, an endless page grows.
    private var observers: [(PageEdit, String) -> Void] = []
    /// Stamps each step when it is done or undone; the notebook's page changes share it, so undo can
    /// take whichever is newer.
    public var clock = StepClock()

    init(page: Page, history: PageHistory = PageHistory(), renderQueue: RenderQueue) {
        self.page = page
        self.history = history
        self.renderQueue = renderQueue
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Applies a new edit: to the page, the history (ending the redo history; `label` names the step,
    /// else the edit's summary), the renderer (unless `alreadyRendered`: a finished live stroke is in the
    /// renderer already) and `onEdit`.
    @discardableResult
    public func apply(_ edit: PageEdit, label: String? = nil, alreadyRendered: Bool = false) -> Bool {
        let stamp = clock.next()
        let change = HistoryChange.record(label: label, stamp: stamp, afresh: historyStartsAfresh)
        let stepLabel = label ?? edit.summary
        guard carryOut(edit, change, label: stepLabel, alreadyRendered: alreadyRendered) else { return false }
        history.record(edit, label: stepLabel, stamp: stamp)
        historyStartsAfresh = false
        return true
    }

    /// Undoes the newest step of the page's history, whatever and wherever it was.
    public func undo() {
        move(history.nextUndo)
    }

    /// Applies again the step most recently undone.
    public func redo() {
        move(history.nextRedo)
    }

    private func move(_ next: ([PageItem], Int64) throws -> HistoryMove?) {
        let move: HistoryMove
        do {
            guard let found = try next(page.items, clock.next()) else { return }
            move = found
        } catch {
            onRefused?(error as? PageEditError ?? .indexOutOfRange(-1, count: page.items.count))
            return
        }
        let change: HistoryChange = move.direction == .undo ? .undo(kept: move.kept) : .redo(kept: move.kept)
        guard carryOut(move.edit, change, label: move.label) else { return }
        history.commit(move)
        onHistoryMove?("\(move.direction == .undo ? "Undid" : "Redid"): \(move.label)")
    }

    /// Tells `observer` of every edit carried out from now on, new, undone or redone, with its step's
    /// label (what `apply` was given, else the edit's summary; an undo or redo: the step's).
    public func observe(_ observer: @escaping (PageEdit, String) -> Void) {
        observers.append(observer)
    }

    /// The page made `size`, its items and history as they are (an endless page grown).
    func resize(to size: PageSize) {
        page.size = size
    }

    /// Shows another page with its history (`startsAfresh`: its stored history did not read, so it has
    /// none and its first step replaces what is stored).
    func show(_ newPage: Page, history newHistory: PageHistory, startsAfresh: Bool = false) {
        page = newPage
        history = newHistory
        for step in newHistory.done.suffix(1) + newHistory.undone.suffix(1) { clock.saw(step.stamp) }
        historyStartsAfresh = startsAfresh
    }

    private func carryOut(_ edit: PageEdit, _ change: HistoryChange, label: String, alreadyRendered: Bool = false) -> Bool {
        do {
            try page.apply(edit)
        } catch {
            // The page is unchanged; a renderer that drew the edit already (a finished live stroke) is
            // brought back to the page.
            if alreadyRendered { renderQueue.append(.reload(page)) }
            onRefused?(error as? PageEditError ?? .indexOutOfRange(-1, count: page.items.count))
            return false
        }
        if !alreadyRendered { renderQueue.append(.edit(edit)) }
        renderQueue.setNeedsRedraw()
        editCount += 1
        savesTo?.pageEdited(edit, history: change, on: page.id)
        for observer in observers { observer(edit, label) }
        return true
    }
}
