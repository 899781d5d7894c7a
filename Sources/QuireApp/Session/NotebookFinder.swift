import Foundation
import QuireGeometry
import QuireStorage

/// What the find bar's Enter does: the notebook searched (its waiting saves written first, so what was
/// just typed is found) when the words changed, then the next place turned to, centred in the window
/// and said on the notice line. The search runs on a thread of its own, on a connection of its own
/// to the file (a notebook of a long PDF takes seconds to read through poppler), while the window goes
/// on drawing and taking input; the run loop takes its places when it is done (`takeFinished`).
final class NotebookFinder {
    private let shown: ShownPage
    private let session: NotebookSession
    private let navigator: NotebookNavigator
    private let say: @Sendable (String) -> Void
    /// The search under way: its words, which way the Enter that asked for it went, and where its
    /// result lands (set on the search's thread, taken on the window's).
    private var running: (words: String, backwards: Bool, result: SearchResult)?

    /// A search's places, or why it stopped, once it has finished.
    private final class SearchResult: @unchecked Sendable {
        private let lock = NSLock()
        private var outcome: Result<[FoundText], any Error>?

        func finish(_ result: Result<[FoundText], any Error>) {
            lock.lock()
            outcome = result
            lock.unlock()
        }

        var finished: Result<[FoundText], any Error>? {
            lock.lock()
            defer { lock.unlock() }
            return outcome
        }
    }

    init(shown: ShownPage, session: NotebookSession, navigator: NotebookNavigator, say: @escaping @Sendable (String) -> Void) {
        self.shown = shown
        self.session = session
        self.navigator = navigator
        self.say = say
    }

    /// Whether a search is under way (the run loop then looks in again soon).
    var isSearching: Bool { running != nil }

    /// Finds `words` (the next place, or the one before when `backwards`) and shows it in a window of
    /// `windowSize`: at once when they were searched for already, else when the search has finished.
    func find(_ words: String, backwards: Bool, bar: FindBar, windowSize: Point) {
        guard bar.searched != words else { return show(backwards: backwards, words: words, bar: bar, windowSize: windowSize) }
        if let running, running.words == words {
            // The same words again while they are looked for: the latest direction holds.
            self.running?.backwards = backwards
            return
        }
        session.flushSaves()
        let result = SearchResult()
        running = (words, backwards, result)
        let path = session.store.path
        say("quire: looking for \"\(words)\"…")
        Thread.detachNewThread {
            result.finish(Result {
                let store = try NotebookStore(glancingAt: path)
                defer { try? store.close() }
                return try NotebookSearch.find(words, in: store)
            })
        }
    }

    /// The search's places, once it has finished: handed to the bar, and the place asked for shown.
    /// False while none has finished.
    @discardableResult
    func takeFinished(bar: FindBar, windowSize: Point) -> Bool {
        guard let running, let outcome = running.result.finished else { return false }
        self.running = nil
        // The bar closed meanwhile: nothing to show.
        guard bar.isOpen else { return true }
        switch outcome {
        case let .success(places):
            bar.found(places, for: running.words)
        case let .failure(error):
            say("quire: the search for \"\(running.words)\" stopped: \(error)")
            bar.found([], for: running.words)
        }
        show(backwards: running.backwards, words: running.words, bar: bar, windowSize: windowSize)
        return true
    }

    private func show(backwards: Bool, words: String, bar: FindBar, windowSize: Point) {
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
