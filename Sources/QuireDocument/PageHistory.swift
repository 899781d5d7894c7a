/// One step of a page's history: what it did, in words for the status line ("cut into 5 pieces"), the
/// edit as the history keeps it (`HistoryEdit`), and when it was last done or undone (`StepClock`), so
/// undo can tell it from a newer change to the notebook's pages.
public struct HistoryStep: Equatable, Sendable {
    public var label: String
    public var edit: HistoryEdit
    public var stamp: Int64

    public init(label: String, edit: HistoryEdit, stamp: Int64 = 0) {
        self.label = label
        self.edit = edit
        self.stamp = stamp
    }
}

/// A move through the history worked out against the page, not yet made: the edit to apply to the page
/// (and the store, and the renderer), and the step as the history keeps it once the edit is applied.
public struct HistoryMove: Equatable, Sendable {
    public enum Direction: Equatable, Sendable { case undo, redo }
    public let direction: Direction
    public let edit: PageEdit
    public let label: String
    /// The step the move leaves at the top of the other stack.
    public var kept: HistoryStep
}

/// A page's undo and redo, as the notebook stores it with the page. `done` holds the edits applied,
/// newest last, each kept so that the page as it left it resolves it; `undone` the inverses that undid
/// edits, most recently undone last, each resolved by the page as it left it. Undo applies only the
/// inverse of the newest step; redo only the newest undone step; a new edit ends the redo history.
///
/// Bounded: the newest `capacity` steps are kept, the oldest dropped (a store does the same, in the
/// edit's own transaction).
public struct PageHistory: Equatable, Sendable {
    public static let capacity = 1000

    public private(set) var done: [HistoryStep]
    public private(set) var undone: [HistoryStep]

    public init(done: [HistoryStep] = [], undone: [HistoryStep] = []) {
        self.done = Array(done.suffix(Self.capacity))
        self.undone = Array(undone.suffix(Self.capacity - self.done.count))
    }

    /// The history of a page stored before histories were (an older notebook, read as it is): each of
    /// its top `capacity` items as if just added, bottom first.
    public init(replaying page: Page) {
        self.init(done: page.items.enumerated().suffix(Self.capacity).map { index, item in
            HistoryStep(label: PageEdit.insert([PlacedItem(item, at: index)]).summary, edit: .insert([ItemPlace(item.id, at: index)]))
        })
    }

    public var canUndo: Bool { !done.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// Records an edit just applied (ending the redo history); returns the step as kept.
    @discardableResult
    public mutating func record(_ edit: PageEdit, label: String? = nil, stamp: Int64 = 0) -> HistoryStep {
        let step = HistoryStep(label: label ?? edit.summary, edit: HistoryEdit(edit), stamp: stamp)
        done.append(step)
        undone.removeAll()
        if done.count > Self.capacity { done.removeFirst(done.count - Self.capacity) }
        return step
    }

    /// The undo of the newest step, worked out against `items` (the page as that step left it), or nil
    /// when there is nothing to undo. Throws `PageEditError` when the step does not fit the page.
    /// `stamp` is the moment of the undo, kept with the undone step.
    public func nextUndo(on items: [PageItem], stamp: Int64 = 0) throws -> HistoryMove? {
        guard let step = done.last else { return nil }
        let inverse = try step.edit.resolved(onPageAfter: items).inverse
        return HistoryMove(direction: .undo, edit: inverse, label: step.label,
                           kept: HistoryStep(label: step.label, edit: HistoryEdit(inverse), stamp: stamp))
    }

    /// The redo of the newest undone step, worked out against `items`, or nil when there is none.
    public func nextRedo(on items: [PageItem], stamp: Int64 = 0) throws -> HistoryMove? {
        guard let step = undone.last else { return nil }
        let edit = try step.edit.resolved(onPageAfter: items).inverse
        return HistoryMove(direction: .redo, edit: edit, label: step.label,
                           kept: HistoryStep(label: step.label, edit: HistoryEdit(edit), stamp: stamp))
    }

    /// Takes note that `move` (from `nextUndo` or `nextRedo` on this history) was applied.
    public mutating func commit(_ move: HistoryMove) {
        switch move.direction {
        case .undo:
            done.removeLast()
            undone.append(move.kept)
        case .redo:
            undone.removeLast()
            done.append(move.kept)
        }
    }
}

/// How an edit moves its page's history: what a store writes in the edit's own transaction.
public enum HistoryChange: Equatable, Sendable {
    /// A new edit: the newest step (named `label`, or the edit's summary, done at `stamp`); the redo
    /// history ends (the notebook's page changes' too), and past `PageHistory.capacity` steps the
    /// oldest is dropped. `afresh`: the stored history could not be read, and this step is the first of
    /// a new one (the unreadable steps go).
    case record(label: String?, stamp: Int64 = 0, afresh: Bool = false)
    /// The edit undoes the newest step, which is kept from now on as `kept` (the inverse, for redo).
    case undo(kept: HistoryStep)
    /// The edit redoes the newest undone step, kept from now on as `kept`.
    case redo(kept: HistoryStep)
}
