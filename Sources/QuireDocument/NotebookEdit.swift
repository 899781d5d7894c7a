/// A change to a notebook's pages, as a value that knows its inverse: what the page keys, the page
/// sorter and a PDF import do, applied to the notebook's order of pages in the app and in the file
/// alike, and undone by applying its inverse. A page taken out is kept (in the file's trash) while a
/// step of the notebook's history can bring it back, with its items and its own history.
public indirect enum NotebookEdit: Equatable, Sendable {
    /// A page put into the order at `index` (a new page, or one back from the trash).
    case pageIn(PageID, at: Int)
    /// A page taken out of the order from `index`.
    case pageOut(PageID, from: Int)
    /// A page moved in the order.
    case pageMoved(PageID, from: Int, to: Int)
    /// A page sent to another notebook (the page keys' Ctrl+Shift+M and C, the sorter's drop on a
    /// notebook): the part of a move or copy that lies in the other file, carried out by whoever holds
    /// both notebooks, before the part here. Changes nothing in this notebook's order.
    case pageSent(SentPage)
    /// The undo of `pageSent`: the page taken out of the other notebook again.
    case pageTakenBack(SentPage)
    /// A page's paper changed (`PagePaper`: its pattern, or turned landscape or portrait): changes
    /// nothing in the order; the page must be in it.
    case paperChanged(PageID, from: PagePaper, to: PagePaper)
    /// Several changes as one step, each applying to the order the ones before it left.
    case combined([NotebookEdit])

    public var inverse: NotebookEdit {
        switch self {
        case let .pageIn(page, index): .pageOut(page, from: index)
        case let .pageOut(page, index): .pageIn(page, at: index)
        case let .pageMoved(page, from, to): .pageMoved(page, from: to, to: from)
        case let .pageSent(sent): .pageTakenBack(sent)
        case let .pageTakenBack(sent): .pageSent(sent)
        case let .paperChanged(page, before, after): .paperChanged(page, from: after, to: before)
        case let .combined(edits): .combined(edits.reversed().map(\.inverse))
        }
    }

    /// The parts that lie in other notebooks, in order.
    public var elsewhere: [NotebookEdit] {
        switch self {
        case .pageIn, .pageOut, .pageMoved, .paperChanged: []
        case .pageSent, .pageTakenBack: [self]
        case let .combined(edits): edits.flatMap(\.elsewhere)
        }
    }

    /// Every page the edit names.
    public var pages: Set<PageID> {
        switch self {
        case let .pageIn(page, _), let .pageOut(page, _), let .pageMoved(page, _, _), let .paperChanged(page, _, _): [page]
        case let .pageSent(sent), let .pageTakenBack(sent): [sent.source]
        case let .combined(edits): edits.reduce(into: []) { $0.formUnion($1.pages) }
        }
    }

    /// The edit carried out on `order`; when a part does not fit (a page not where the edit says, a page
    /// twice), `order` is left as it was and `NotebookEditError` says why.
    public func apply(to order: inout [PageID]) throws {
        var changed = order
        try carryOut(on: &changed)
        order = changed
    }

    private func carryOut(on order: inout [PageID]) throws {
        switch self {
        case let .pageIn(page, index):
            guard (0...order.count).contains(index) else { throw NotebookEditError.indexOutOfRange(index, count: order.count) }
            guard !order.contains(page) else { throw NotebookEditError.duplicatePage(page) }
            order.insert(page, at: index)
        case let .pageOut(page, index):
            try Self.check(page, at: index, in: order)
            order.remove(at: index)
        case let .pageMoved(page, from, to):
            try Self.check(page, at: from, in: order)
            guard order.indices.contains(to) else { throw NotebookEditError.indexOutOfRange(to, count: order.count) }
            order.insert(order.remove(at: from), at: to)
        case .pageSent, .pageTakenBack:
            break
        case let .paperChanged(page, _, _):
            guard order.contains(page) else { throw NotebookEditError.missingPage(page) }
        case let .combined(edits):
            for edit in edits { try edit.carryOut(on: &order) }
        }
    }

    private static func check(_ page: PageID, at index: Int, in order: [PageID]) throws {
        guard order.indices.contains(index) else { throw NotebookEditError.indexOutOfRange(index, count: order.count) }
        guard order[index] == page else { throw NotebookEditError.pageMismatch(expected: page, at: index, found: order[index]) }
    }

    /// The edit in a few words for the status line ("page 3 deleted", "4 pages added").
    public var summary: String {
        switch self {
        case let .pageIn(_, index): "page \(index + 1) added"
        case let .pageOut(_, index): "page \(index + 1) deleted"
        case let .pageMoved(_, from, to): "page \(from + 1) moved to \(to + 1)"
        case let .pageSent(sent), let .pageTakenBack(sent): "page \(sent.page == sent.source ? "moved" : "copied") to '\(sent.title)'"
        case let .paperChanged(_, before, after): after.change(from: before)
        case let .combined(edits):
            if edits.allSatisfy({ if case .pageIn = $0 { true } else { false } }) {
                edits.count == 1 ? edits[0].summary : "\(edits.count) pages added"
            } else if let sent = edits.first(where: { !$0.elsewhere.isEmpty }) {
                sent.summary
            } else {
                // Deleting the only page puts a blank one in first: the deletion is what was asked for.
                edits.last?.summary ?? "nothing"
            }
        }
    }
}

/// A page sent to another notebook: `page` is its id there (the same as `source`, its id here, when it
/// was moved; a new one for a copy), `notebook` that notebook's file and `title` its title, for messages.
public struct SentPage: Equatable, Sendable {
    public var page: PageID
    public var source: PageID
    public var notebook: String
    public var title: String

    public init(page: PageID, source: PageID, notebook: String, title: String) {
        self.page = page
        self.source = source
        self.notebook = notebook
        self.title = title
    }
}

/// Why a notebook edit could not be applied: it was made for another order of pages.
public enum NotebookEditError: Error, Equatable, CustomStringConvertible {
    case indexOutOfRange(Int, count: Int)
    case pageMismatch(expected: PageID, at: Int, found: PageID)
    case duplicatePage(PageID)
    case missingPage(PageID)
    case paperMismatch(PageID)

    public var description: String {
        switch self {
        case let .indexOutOfRange(index, count): "the change names page position \(index + 1) in a notebook of \(count) pages"
        case let .pageMismatch(expected, index, found): "the change expects page \(expected) at position \(index + 1) but finds \(found)"
        case let .duplicatePage(page): "the change would put page \(page) in the notebook twice"
        case let .missingPage(page): "the change names page \(page), which is not in the notebook"
        case let .paperMismatch(page): "the change expects other paper on page \(page) than it has"
        }
    }
}
