import QuireGeometry

/// What the find bar's Enter does: the notebook searched (its waiting saves written first, so what was
/// just typed is found) when the words changed, then the next place turned to, centred in the window
/// and said on the notice line.
final class NotebookFinder {
    private let shown: ShownPage
    private let session: NotebookSession
    private let navigator: NotebookNavigator
    private let say: @Sendable (String) -> Void

    init(shown: ShownPage, session: NotebookSession, navigator: NotebookNavigator, say: @escaping @Sendable (String) -> Void) {
        self.shown = shown
        self.session = session
        self.navigator = navigator
        self.say = say
    }

    /// Finds `words` (the next place, or the one before when `backwards`) and shows it in a window of
    /// `windowSize`.
    func find(_ words: String, backwards: Bool, bar: FindBar, windowSize: Point) {
        if bar.searched != words {
            session.flushSaves()
            do {
                bar.found(try NotebookSearch.find(words, in: session.store), for: words)
            } catch {
                say("quire: the search for \"\(words)\" stopped: \(error)")
                bar.found([], for: words)
            }
        }
        guard let place = bar.step(backwards: backwards) else {
            say("quire: \"\(words)\" is nowhere in this notebook")
            return
        }
        if place.page - 1 != session.pageIndex { navigator.perform(.openPage(place.page - 1)) }
        // The place in the middle of the window.
        let canvas = shown.canvas
        let middle = canvas.pageToWindow.apply(Point(place.x + place.width / 2, place.y + place.height / 2))
        var view = canvas.view
        view.pan(by: windowSize / 2 - middle)
        canvas.view = view
        say("quire: \"\(words)\": \((bar.current ?? 0) + 1) of \(bar.places.count), page \(place.page) (\(place.source == "pdf" ? "PDF page" : "text box"))")
    }
}
