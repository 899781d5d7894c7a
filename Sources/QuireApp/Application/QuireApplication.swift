import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireStorage
import QuireText
import QuireX11

/// The running program: one window, the notebook's current page, the loop between them. It starts
/// the parts that do the work, waits for events, and hands each to the part it is for. It redraws
/// only when something changed, so an idle Quire uses no CPU.
public final class QuireApplication {
    private let options: AppOptions
    private let window: X11Window
    /// Messages for the person running Quire (export done, errors); stdout by default, and the
    /// warnings and errors on the window's notice line as well.
    private let say: @Sendable (String) -> Void
    /// The notebook on disk: finished strokes autosave through it; the notebook keys act on it.
    private let session: NotebookSession
    /// The canvas (page, history, gestures, tools), the renderer, the pictures: the page on screen.
    private let shown: ShownPage
    /// The toolbar, status, help, notice line and panels, drawn over the page.
    private let interface: WindowInterface
    private let frames: WindowFrames
    private let navigator: NotebookNavigator
    private let finder: NotebookFinder
    private let transfers: FileTransfers
    private let trayMoves: ScrapTrayMoves
    private let growth: EndlessPageGrowth
    private let toolSettings: ToolSettingsPresenter
    private let kept: KeptSettings
    private let pointer: PointerLook
    private let recording: InputRecording
    /// Freed memory given back to the system when the window goes quiet.
    private var idleRelease = IdleMemoryRelease()
    private var canvas: CanvasController { shown.canvas }

    /// How long the loop sleeps while pictures decode (or PDF pages render) before looking for them.
    static let pictureWait = 0.008
    /// The stored thumbnail is refreshed only after this many seconds without input or frames.
    static let thumbnailQuiet = 2.0

    public init(options: AppOptions, switches: EnvironmentSwitches = .current,
                say: @escaping @Sendable (String) -> Void = { print($0); fflush(nil) }) throws {
        let startedAt = WindowFrames.now()
        self.options = options
        var fontProblem: Error?
        let text: TextRasterizer? = { do { return try TextRasterizer() } catch { fontProblem = error; return nil } }()
        let tools = ToolRegistry.standard
        let interface = WindowInterface(text: text, showsLatency: options.showsLatency, startsHidden: switches.interfaceHidden,
                                        tools: tools)
        self.interface = interface
        let notices = interface.notices
        let say: @Sendable (String) -> Void = { [say] line in
            say(line)
            if let text = NoticeLine.windowText(for: line) { notices.post(text) }
        }
        self.say = say
        if let fontProblem { say("quire: warning: the window cannot show messages, only this terminal: \(fontProblem)") }
        // The display first: without one nothing is opened, and no "Notebook 1" is made for a window
        // that never appears.
        window = try Self.openWindow(options, switches: switches, interface: interface, say: say)
        session = try NotebookSession(library: NotebookLibrary(directory: options.libraryDirectory ?? NotebookLibrary.defaultDirectory),
                                      notebook: options.notebook, newPageSize: options.pageSize, say: say)
        let canvas = CanvasController(tools: tools)
        canvas.editor.onRefused = { error in say("quire: an edit was refused and nothing changed: \(error)") }
        // What undo and redo did, on the notice line (and the terminal, where tests read it).
        canvas.editor.onHistoryMove = { text in say("quire: \(text)") }
        // Undo takes the newest step, the shown page's or the notebook's page changes'.
        canvas.editor.clock = session.clock
        canvas.notebookSteps = { [session] in
            (session.notebookHistory.done.last?.stamp, session.notebookHistory.undone.last?.stamp)
        }
        (canvas.tools.tool(.scissors) as? ScissorsTool)?.onRefusal = { reason in say("quire: nothing was cut: \(reason)") }
        (canvas.tools.tool(.text) as? TextTool)?.onRefusal = { reason in say("quire: warning: \(reason)") }
        kept = KeptSettings(canvas: canvas, interface: interface, say: say)
        toolSettings = ToolSettingsPresenter(canvas: canvas, interface: interface, say: say)
        recording = try InputRecording(path: options.recordPath, say: say)
        // The window's size first: a large page opens drawing the part of it the window will show, and
        // the canvas zooms about the window's centre from the keyboard.
        _ = canvas.handle(.resized(width: window.width, height: window.height))
        shown = try ShownPage(try session.loadAReadablePage(), canvas: canvas, session: session, say: say)
        frames = WindowFrames(window: window, shown: shown, interface: interface, session: session, switches: switches,
                              showsLatency: options.showsLatency, startedAt: startedAt, say: say)
        navigator = NotebookNavigator(shown: shown, session: session, interface: interface, say: say)
        finder = NotebookFinder(shown: shown, session: session, navigator: navigator, say: say)
        transfers = FileTransfers(shown: shown, session: session, window: window, exportPath: options.exportPath, say: say)
        pointer = PointerLook(window: window, canvas: canvas, interface: interface)
        trayMoves = ScrapTrayMoves(shown: shown, session: session, say: say)
        growth = EndlessPageGrowth(shown: shown, session: session)
        let selectTool = canvas.tools.tool(.select) as? SelectTool
        selectTool?.dropsInTray = { [interface, trayMoves] point in
            trayMoves.tray != nil && interface.tray.takesScrap(at: point, interfaceShown: interface.shown)
        }
        selectTool?.onDropInTray = { [trayMoves] id in trayMoves.moveIntoTray(id) }
    }

    /// The window, at the size and place the last run kept (unless told not to), at the interface scale
    /// the display asks for, with Quire's icon.
    private static func openWindow(_ options: AppOptions, switches: EnvironmentSwitches, interface: WindowInterface,
                                   say: @Sendable (String) -> Void) throws -> X11Window {
        let kept = options.restoresPlacement ? KeptSettings.keptPlacement(say: say) : nil
        let window = try X11Window(title: "Quire", width: kept?.width ?? options.windowWidth, height: kept?.height ?? options.windowHeight,
                                   position: kept.map { ($0.x, $0.y) }, displayName: options.displayName,
                                   presentsWholeFrames: switches.fullFrames)
        let (scale, scaleWarning) = InterfaceScale.resolve(option: options.interfaceScale,
                                                           resourceDPI: window.resourceText.flatMap(InterfaceScale.dpi(inResources:)))
        interface.scale = scale
        if let scaleWarning { say("quire: warning: \(scaleWarning)") }
        if let resources = ResourceLocator.resourcesDirectory() {
            do {
                window.setIcon(try AppIcon.windowImages(in: resources))
            } catch {
                say("quire: warning: the window has no icon: \(error)")
            }
        }
        return window
    }

    public func run() {
        window.show()
        frames.windowShown()
        if let path = options.replayPath { replay(path) }
        if ResourceLocator.brushesDirectory == nil {
            say("quire: warning: no Resources/Brushes folder found (set QUIRE_RESOURCES); every brush draws soft round")
        }
        say("Quire is ready (OpenGL \(GLInfo.version); \(GLInfo.renderer); swap interval \(window.swapInterval); "
            + "\(Int(window.refreshRate.rounded())) Hz display\(window.refreshRateIsMeasured ? "" : " assumed"); "
            + (window.presentsPartially ? "partial presentation" : "whole swaps") + "). "
            + "Keys: \(KeyTable.summary). Notebook: \(session.store.path), \(session.position).")
        _ = interface.notices.takePosted(now: WindowFrames.now())
        var wantsFrame = frames.wanted
        while true {
            let events = window.waitForEvents(timeout: timeout(wantsFrame: wantsFrame))
            let cpuAtRead = frames.inputRead()
            if !events.isEmpty || wantsFrame {
                idleRelease.noteWork(at: WindowFrames.now())
            } else {
                idleRelease.releaseIfDue(now: WindowFrames.now())
            }
            shown.showArrivedPictures(now: WindowFrames.now())
            _ = interface.sorter.takeArrivedThumbnails()
            if finder.takeFinished(bar: interface.findBar, windowSize: Point(Double(window.width), Double(window.height))) {
                interface.noteChanged()
            }
            frames.eventsArrived(events)
            if !isAwaitingImages { frames.picturesSettled() }
            // Only after the quiet spell's timeout, never while a frame waits for its slot.
            if events.isEmpty && !wantsFrame && !isAwaitingImages && WindowFrames.now() - frames.lastBusy >= Self.thumbnailQuiet {
                shown.refreshThumbnail()
            }
            for event in events {
                if !dispatch(event) { return quit() }
            }
            frames.batchHandled(events, cpuAtRead: cpuAtRead)
            canvas.tick(now: canvas.clock())
            growth.growIfDue(screen: Double(max(window.width, window.height)) / max(canvas.view.zoom, 0.01))
            if session.takeRefusal() { shown.reload() }
            // A sync replacing the file: the session goes on in a copy, the page as it was.
            _ = session.checkFile(now: WindowFrames.now()) { canvas.page }
            kept.keepColors()
            pointer.update()
            trayMoves.followOtherWindows(now: WindowFrames.now())
            followTray()
            _ = interface.notices.takePosted(now: WindowFrames.now())
            wantsFrame = frames.drawIfDue()
        }
    }

    /// How long to wait for events: while a frame is wanted, until its slot (the next display refresh),
    /// taking in every event that arrives meanwhile; while pictures decode, a few milliseconds; while the
    /// stored thumbnail is behind the page, a quiet moment; else until statistics or the interface are
    /// due, or for ever. The wait is on the X connection, never a blind sleep.
    private func timeout(wantsFrame: Bool) -> Double? {
        let now = WindowFrames.now()
        var dues = [frames.timeout(wantsFrame: wantsFrame), shown.pdfDetailDue(now: now), shown.sightDue(now: now),
                    canvas.wakeTime.map { max(0, $0 - canvas.clock()) },
                    interface.secondsUntilChange(now: now),
                    session.secondsUntilFileCheck(now: now)]
        if !wantsFrame {
            dues.append(isAwaitingImages ? Self.pictureWait
                            : (shown.thumbnailIsStale ? max(0, frames.lastBusy + Self.thumbnailQuiet - now) : nil))
            dues.append(idleRelease.secondsUntilDue(now: now))
        }
        return dues.compactMap { $0 }.min()
    }

    /// Pictures decoding or PDF pages rendering for the page shown, thumbnails for the sorter, or a
    /// search (Ctrl+F) under way: the loop looks in again every few milliseconds.
    private var isAwaitingImages: Bool {
        session.pictures.isDecoding || session.pdfPages.isRendering || interface.sorter.isLoading || finder.isSearching
            || interface.tray.isLoading
    }

    /// Hands one event to the part it is for: the interface over the page first, then the canvas.
    /// Returns false when Quire is to quit.
    private func dispatch(_ event: WindowEvent) -> Bool {
        recording.record(event)
        if case let .filesDropped(paths, at) = event {
            transfers.importFiles(paths, centredAt: at)
            return true
        }
        if case let .pasted(content) = event {
            transfers.paste(content)
            return true
        }
        // The find bar, while open, takes every key.
        if interface.findBar.isOpen, case let .key(key) = event {
            if case let .find(words, backwards) = interface.findBar.type(key) {
                finder.find(words, backwards: backwards, bar: interface.findBar,
                            windowSize: Point(Double(window.width), Double(window.height)))
            }
            interface.noteChanged()
            return true
        }
        switch interface.handle(event, now: WindowFrames.now()) {
        case .passed: break
        case .taken: return true
        case let .pressed(button):
            // The text tool's button pressed again while typing keeps the typing going: its settings
            // panel sets the font of the box being typed into.
            if !(button == .tool(.text) && canvas.tool == .text) { canvas.finishGesture() }
            // The active inking or text tool's button pressed again opens (or closes) its settings.
            if button == .tool(canvas.tool) && (InkTool(rawValue: canvas.tool.rawValue) != nil || canvas.tool == .text) {
                toolSettings.toggle()
            } else if button == .notebooks {
                navigator.toggleNotebookList()
            } else if button == .pages {
                navigator.togglePageSorter()
            } else {
                // Undo and redo may hand back a page change of the notebook's to undo or redo.
                if case let .notebook(command)? = canvas.perform(button.action) { navigator.perform(command) }
                toolSettings.followTool()
            }
            return true
        case let .penSettingsChanged(tool, settings, finished):
            toolSettings.changed(tool, to: settings, finished: finished)
            return true
        case let .textSettingsChanged(family, size, finished):
            toolSettings.textChanged(family: family, size: size, finished: finished)
            return true
        case let .picked(color, _):
            canvas.setColor(color, for: canvas.tool)
            // The text settings card shows its line in the tool's colour.
            if interface.textSettings.isOpen { toolSettings.followTool() }
            return true
        case let .notebookList(request):
            navigator.perform(request)
            return true
        case let .sorter(action):
            navigator.perform(action)
            return true
        case let .trayDropped(entry, at):
            trayMoves.takeOut(entry, at: at)
            return true
        }
        guard let action = canvas.handle(event) else {
            toolSettings.followTool()
            return true
        }
        switch action {
        case .quit: return false
        case .exportPNG: transfers.exportPage()
        case .exportPDF: transfers.exportNotebookPDF()
        case .paste: transfers.items.paste(preferringText: canvas.isTypingText)
        case .copy: transfers.items.copy(cutting: false)
        case .cut: transfers.items.copy(cutting: true)
        case .showHelp: interface.toggleHelp()
        case .showPenSettings: toolSettings.toggle()
        case .toggleInterface: interface.toggleShown()
        case .toggleFullscreen: window.toggleFullscreen()
        case .toggleColorPicker: interface.toggleColorPicker()
        case .find:
            interface.findBar.open()
            interface.noteChanged()
        case .showNotebooks: navigator.toggleNotebookList()
        case .showPageSorter: navigator.togglePageSorter()
        case let .notebook(command): navigator.perform(command)
        // The canvas carries these out itself and never hands them back.
        case .selectTool, .selectColor, .undo, .redo, .zoomIn, .zoomOut, .resetView, .pan, .deleteSelection,
             .bringSelectionToFront, .duplicateSelection, .toggleRuler, .hideRuler: break
        }
        toolSettings.followTool()
        return true
    }

    /// The tray's column shows what the tray holds, and lights up while a dragged scrap would go into it.
    private func followTray() {
        guard let tray = trayMoves.tray else { return }
        interface.tray.follow(tray, pictures: trayMoves.pictures(of:))
        interface.tray.takesDrop = canvas.carriedItemAt.map { interface.tray.takesScrap(at: $0, interfaceShown: interface.shown) } ?? false
    }

    /// `--replay`: the input log's events fed to the canvas before the window takes any.
    private func replay(_ path: String) {
        do {
            let events = try InputLog.read(path)
            for event in events { _ = canvas.handle(event) }
            say("Replayed \(events.count) events from \(path)")
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// Closing: a stroke still being drawn finished and kept, the page's thumbnail and place kept, every
    /// change saved, the window's size, place and colours kept for next time.
    private func quit() {
        canvas.finishGesture()
        shown.refreshThumbnail()
        session.viewChanged(canvas.pageToWindow)
        session.close()
        if let problem = session.closingProblem { showBeforeClosing(problem) }
        if options.restoresPlacement { kept.keepPlacement(of: window) }
        kept.keepColors()
        transfers.items.handOver()
        window.close()
    }

    /// Keeps the window open on `problem` (what could not be saved, and where it went) until it has been
    /// on screen long enough to read, or a key, a click or the close button ends it: a person who closes
    /// the window must see it, not only a terminal they may not have.
    private func showBeforeClosing(_ problem: String) {
        interface.notices.post((NoticeLine.windowText(for: problem) ?? problem) + " Press a key to close.")
        _ = interface.notices.takePosted(now: WindowFrames.now())
        frames.eventsArrived([.exposed])
        while interface.notices.message != nil {
            frames.drawIfDue()
            // Only the frame's slot and the notice's fade: the notebook is closed, nothing else is due.
            let wantsFrame = frames.wanted
            let events = window.waitForEvents(timeout: wantsFrame ? frames.timeout(wantsFrame: true)
                                                                  : interface.secondsUntilChange(now: WindowFrames.now()))
            frames.eventsArrived(events)
            if events.contains(where: Self.endsClosingNotice) { return }
        }
    }

    private static func endsClosingNotice(_ event: WindowEvent) -> Bool {
        switch event {
        case .key, .pointerDown, .closeRequested: true
        default: false
        }
    }
}
