/// The spring-back under way, if any, kept by the canvas after the gesture that let the scrap go has
/// ended, and moved on by the application's frames (`CanvasController.animate(now:)`). There is at most
/// one: the renderer holds one item up at a time, so a new one lands the old one first.
final class SpringBackRunner {
    private var running: SpringBack?

    var isRunning: Bool { running != nil }

    /// Starts `springBack`, landing the one before it at once.
    func start(_ springBack: SpringBack, in context: ToolContext) {
        finish(in: context)
        running = springBack
    }

    /// Moves it on to `now` (nothing when none runs).
    func advance(to now: Double, in context: ToolContext) {
        guard let running, !running.advance(to: now, in: context) else { return }
        self.running = nil
    }

    /// Lands it at once: a new gesture, an edit or a page change must find the page as it is drawn.
    func finish(in context: ToolContext) {
        running?.finish(in: context)
        running = nil
    }

    /// Forgets it without a word to the renderer (which is about to be given another page).
    func discard() {
        running = nil
    }
}
