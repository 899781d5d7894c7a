import QuireDocument
import QuireGeometry

/// An endless notebook's page growing under the pen (`PageGrowth`): the edits carried out on the page
/// shown are watched for how far right and down they reach, and once no gesture or typing is under way
/// the page is given a screen of room past what came near its edge. Growth is no undo step.
final class EndlessPageGrowth {
    private let shown: ShownPage
    private let session: NotebookSession
    /// How far the edits since the last look reach, on which page.
    private var reach = (page: PageID?.none, area: Rect.null)
    private var canvas: CanvasController { shown.canvas }

    init(shown: ShownPage, session: NotebookSession) {
        self.shown = shown
        self.session = session
        shown.canvas.editor.observe { [weak self] edit, _ in
            // A notebook of fixed pages has nothing to grow: its edits' bounds are not worked out.
            guard let self, self.session.isEndless else { return }
            let page = self.canvas.page.id
            let area = edit.itemsAfter.reduce(Rect.null) { $0.union($1.bounds) }
            self.reach = (page, self.reach.page == page ? self.reach.area.union(area) : area)
        }
    }

    /// Grows the page shown if what was drawn since the last look came within `screen` page pixels of
    /// its right or bottom edge. Waits while a stroke is drawn or text typed (the page is not changed
    /// under a gesture); true when it grew.
    @discardableResult
    func growIfDue(screen: Double) -> Bool {
        guard !reach.area.isNull, !canvas.isDrawing, !canvas.isTypingText else { return false }
        defer { reach = (nil, .null) }
        guard reach.page == canvas.page.id, session.isEndless, !session.isReadOnly,
              let size = PageGrowth.size(for: canvas.page.size, reach: reach.area, margin: screen) else { return false }
        return shown.grow(to: size)
    }
}
