/// One step of a notebook's history of page changes: its words, the change, and when it was last done
/// or undone (`StepClock`).
public struct NotebookStep: Equatable, Sendable {
    public var label: String
    public var edit: NotebookEdit
    public var stamp: Int64

    public init(label: String, edit: NotebookEdit, stamp: Int64 = 0) {
        self.label = label
        self.edit = edit
        self.stamp = stamp
    }
}

/// The undo and redo of a notebook's page changes (pages added, deleted, moved), kept in the notebook
/// file like each page's own history (`PageHistory`), and bounded the same way. `done` holds the changes
/// made, newest last; `undone` the inverses that undid changes, most recently undone last. Undo in the
/// window takes whichever is newer: the shown page's newest step or the notebook's.
public struct NotebookHistory: Equatable, Sendable {
    public static let capacity = PageHistory.capacity

    public private(set) var done: [NotebookStep]
    public private(set) var undone: [NotebookStep]

    public init(done: [NotebookStep] = [], undone: [NotebookStep] = []) {
        self.done = Array(done.suffix(Self.capacity))
        self.undone = Array(undone.suffix(Self.capacity - self.done.count))
    }

    public var canUndo: Bool { !done.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    @discardableResult
    public mutating func record(_ edit: NotebookEdit, label: String? = nil, stamp: Int64 = 0) -> NotebookStep {
        let step = NotebookStep(label: label ?? edit.summary, edit: edit, stamp: stamp)
        done.append(step)
        undone.removeAll()
        if done.count > Self.capacity { done.removeFirst(done.count - Self.capacity) }
        return step
    }

    /// The redo history ends (a new edit on a page: redoing a page change after it would surprise).
    public mutating func endRedo() {
        undone.removeAll()
    }

    /// The change that undoes the newest step (to apply), and the step as kept once it is applied.
    public func nextUndo(stamp: Int64 = 0) -> (edit: NotebookEdit, kept: NotebookStep)? {
        guard let step = done.last else { return nil }
        return (step.edit.inverse, NotebookStep(label: step.label, edit: step.edit.inverse, stamp: stamp))
    }

    public func nextRedo(stamp: Int64 = 0) -> (edit: NotebookEdit, kept: NotebookStep)? {
        guard let step = undone.last else { return nil }
        return (step.edit.inverse, NotebookStep(label: step.label, edit: step.edit.inverse, stamp: stamp))
    }

    /// Takes note that the undo (`undo` true) or redo worked out above was applied.
    public mutating func commit(undo: Bool, kept: NotebookStep) {
        if undo {
            done.removeLast()
            undone.append(kept)
        } else {
            undone.removeLast()
            done.append(kept)
        }
    }
}
