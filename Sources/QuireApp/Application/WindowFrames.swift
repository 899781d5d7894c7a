import Dispatch
import Foundation
import QuireGeometry
import QuireX11

/// When the window draws a frame and what goes into it: the page, the tool's overlay and the interface
/// over them, paced to the display, with the frame and latency statistics that measure it.
final class WindowFrames {
    private let window: X11Window
    private let shown: ShownPage
    private let interface: WindowInterface
    private let session: NotebookSession
    private let say: @Sendable (String) -> Void
    private var canvas: CanvasController { shown.canvas }
    /// One frame per display refresh at most (set when the window is shown and its monitor known).
    private var pacer = FramePacer(rate: X11Window.assumedRefreshRate)
    /// The next frame must draw and present the whole window (first frame, exposed, resized).
    private var wholeFrameNeeded = true
    /// Frames counted for QUIRE_FRAME_STATS=1 (tests and `make bench-live` read them).
    private var stats: FrameStatistics
    /// Input → swap latency, printed for QUIRE_LATENCY_STATS=1 and shown with `--show-latency`.
    private var latency: LatencyStatistics
    /// When input or a frame last kept the loop busy (monotonic seconds): the stored thumbnail is
    /// refreshed only after `thumbnailQuiet` seconds without either.
    private(set) var lastBusy = 0.0

    init(window: X11Window, shown: ShownPage, interface: WindowInterface, session: NotebookSession,
         switches: EnvironmentSwitches, showsLatency: Bool, startedAt: Double, say: @escaping @Sendable (String) -> Void) {
        self.window = window
        self.shown = shown
        self.interface = interface
        self.session = session
        self.say = say
        stats = FrameStatistics(enabled: switches.frameStatistics)
        stats.startedAt = startedAt
        latency = LatencyStatistics(prints: switches.latencyStatistics, shows: showsLatency)
    }

    /// Monotonic seconds, for frame pacing.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// The window is on screen: frames follow its monitor's refresh from now on.
    func windowShown() {
        pacer = FramePacer(rate: window.refreshRate)
        stats.windowReady(now: Self.now())
        if latency.enabled {
            say(window.serverClockIsMonotonic
                ? "Latency: the X server stamps input with this machine's monotonic clock: input → swap is measured whole"
                : "Latency: the X server's clock is not this machine's monotonic clock: only Quire's own part is measured")
        }
    }

    /// Whether the window must draw: the canvas or renderer has work, the window owes a whole frame, or
    /// the interface over it changed (help shown or hidden, a notice appearing or fading, a tool picked).
    var wanted: Bool {
        canvas.needsRedraw || shown.owesFrame || canvas.isAnimating || shown.needsAnotherFrame || window.owesWholeFrame
            || interface.wantsFrame(look, now: Self.now())
    }

    /// How long the loop may wait before it must draw (`wantsFrame`: a frame is wanted, and waits for
    /// its slot) or report statistics; nil: as long as it likes.
    func timeout(wantsFrame: Bool) -> Double? {
        if wantsFrame { return pacer.wait(now: Self.now()) }
        // Statistics are reported after the wanted frame (`reportStatistics`): only an idle loop wakes for them.
        let dues = [stats.secondsUntilReport(now: Self.now()), latency.secondsUntilReport(now: Self.now())]
        return dues.compactMap { $0 }.min()
    }

    /// Events arrived: the window may owe a whole frame, and the latency of the first is measured from here.
    func eventsArrived(_ events: [WindowEvent]) {
        if !events.isEmpty { lastBusy = Self.now() }
        for event in events {
            switch event {
            case .exposed, .resized: wholeFrameNeeded = true
            default: break
            }
        }
    }

    /// No picture of the page waits to be decoded or rendered any more (QUIRE_FRAME_STATS says when,
    /// once, after the first frame).
    func picturesSettled() {
        if let line = stats.picturesSettled(now: Self.now()) { say(line) }
    }

    /// Starts timing the batch of input just read; the value is handed to `batchHandled`.
    func inputRead() -> Double {
        let cpuAtRead = latency.enabled ? FramePhases.threadCPU() : 0
        latency.inputArrived(window.inputArrival, newest: window.newestInputArrival)
        return cpuAtRead
    }

    /// The batch of input read at `cpuAtRead` has been handled.
    func batchHandled(_ events: [WindowEvent], cpuAtRead: Double) {
        guard latency.enabled && window.newestInputArrival != nil else { return }
        latency.batchHandled(at: MonotonicClock.seconds(), cpuAtRead: cpuAtRead, events: events.count,
                             strokeBegan: events.contains { if case .pointerDown = $0 { true } else { false } },
                             strokeEnded: events.contains { if case .pointerUp = $0 { true } else { false } })
    }

    /// Draws a frame when one is wanted and its slot has come, then reports statistics when due; input
    /// that wants no frame (a hover over nothing) starts no frame's latency.
    /// Returns whether a frame is wanted now, after it: the loop's next wait is timed by it, so the
    /// interface's look (the status line, the toolbar) is worked out once for an event that draws
    /// nothing — a pen hovering sends a thousand a second.
    @discardableResult
    func drawIfDue() -> Bool {
        let drawing = wanted
        if !drawing { latency.inputNeedsNoFrame() }
        if drawing && pacer.wait(now: Self.now()) == 0 {
            draw()
            reportStatistics()
            return wanted
        } else if !drawing {
            reportStatistics()
        }
        return drawing
    }

    /// Draws a frame: only what changed since the last one where the window can present part of
    /// itself, else the whole window.
    private func draw() {
        var marks = FramePhases.Marks()
        marks.began = MonotonicClock.seconds()
        pacer.frameBegins(now: Self.now())
        lastBusy = Self.now()
        canvas.animate(now: Self.now())
        let partial = window.presentsPartially && !wholeFrameNeeded && !shown.owesWholeFrame && !window.owesWholeFrame
        let overlay = canvas.overlay + interface.rulerLabel.overlay(canvas.ruler, pageToWindow: canvas.pageToWindow)
            + interface.findBar.overlay(windowWidth: window.width, page: session.pageIndex + 1, pageToWindow: canvas.pageToWindow)
            + interface.overlay(look, width: window.width, height: window.height, now: Self.now())
        let drawn = shown.draw(width: window.width, height: window.height, overlay: overlay, onlyWhatChanged: partial,
                               marks: &marks)
        window.present(partial ? drawn : nil)
        let presentedAt = Self.now()
        marks.presented = MonotonicClock.seconds()
        if latency.enabled { marks.cpuPresented = FramePhases.threadCPU() }
        latency.frameShown(marks, serverClockIsMonotonic: window.serverClockIsMonotonic)
        shown.bakeBetweenFrames()
        wholeFrameNeeded = false
        // Work done after presenting (baking, a band of a large page) is not the frame's.
        stats.frameDrawn(partial: partial && drawn != nil, took: marks.presented - marks.began, now: presentedAt)
        if let line = stats.longFrame(marks, partial: partial && drawn != nil) { say(line) }
    }

    /// Prints (and shows) the frame and latency statistics when due. Only just after a frame or while
    /// none is wanted: summarizing thousands of latencies takes a millisecond or more, which between
    /// reading input and drawing it would be added to that input's latency.
    private func reportStatistics() {
        for line in stats.report(now: Self.now(), pictureMemory: { shown.pictureMemory }) { say(line) }
        if let report = latency.report(now: Self.now()) {
            if let line = report.line { say(line) }
            if let tail = report.tail { say(tail) }
            if let shown = report.shown { interface.latency?.show(shown) }
        }
    }

    /// The toolbar and status as they should look now.
    private var look: WindowInterface.Look {
        interface.look(tool: canvas.tool, canUndo: canvas.canUndo, canRedo: canvas.canRedo, color: canvas.color,
                       width: canvas.toolInkWidth, status: StatusLine.text(position: session.position, zoom: canvas.view.zoom),
                       now: Self.now())
    }
}
