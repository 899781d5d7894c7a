import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireRender
import QuireStorage
import QuireText
import QuireX11

/// The running program: one window, the notebook's current page, the loop between them. It redraws
/// only when something changed, so an idle Quire uses no CPU.
public final class QuireApplication {
    private let options: AppOptions
    private let window: X11Window
    private var renderer: PageRenderer
    private let canvas: CanvasController
    /// The notebook on disk: finished strokes autosave through it; the notebook keys act on it.
    private let session: NotebookSession
    /// The shown page has ink its stored thumbnail lacks.
    private var thumbnailStale = false
    /// Messages for the person running Quire (export done, errors); stdout by default.
    private let say: @Sendable (String) -> Void
    /// The toolbar, status, help and notice line, drawn over the page; the same messages' warnings and
    /// errors reach its notice line.
    private let interface: WindowInterface
    private var reportedProblems: Set<String> = []
    private var recorder: InputRecorder?
    /// Page items → render items, pictures read from the notebook's blobs. Pictures not decoded yet are
    /// asked for and drawn when they arrive (`showArrivedPictures`), so a page of photos opens, and a
    /// pasted photo shows its paper, at once.
    /// PDF pages are rendered the same way, at the zoom (`pdfDetail`).
    private var builder: RenderItemBuilder {
        RenderItemBuilder(registry: canvas.registry, pictureDetail: pictureDetail, image: session.requestImage,
                          pdfDetail: pdfDetail.detail, pdfPage: session.requestPDFPage)
    }
    /// Picture pixels per page pixel the page's pictures are drawn with: follows the zoom.
    private var pictureDetail = 2.0
    /// Pixels per page pixel PDF pages are rendered at: follows the zoom once it has settled.
    private var pdfDetail = SettlingDetail(zoom: 1)
    /// When input or a frame last kept the loop busy (monotonic seconds): the stored thumbnail is
    /// refreshed only after `thumbnailQuiet` seconds without either.
    private var lastBusy = 0.0
    static let thumbnailQuiet = 2.0
    /// One frame per display refresh at most (set when the window is shown and its monitor known).
    private var pacer = FramePacer(rate: X11Window.assumedRefreshRate)
    /// The next frame must draw and present the whole window (first frame, exposed, resized).
    private var wholeFrameNeeded = true
    /// What the pointer looks like now.
    private var toolCursor: ToolCursor?
    /// Frames counted for QUIRE_FRAME_STATS=1 (tests and `make bench-live` read them).
    private var stats = FrameStatistics(enabled: ProcessInfo.processInfo.environment["QUIRE_FRAME_STATS"] == "1")
    /// The tools' colours and the picker's recent ones as last kept in `PickedColors.path()`.
    private var keptColors = PickedColors()
    /// Input → swap latency, printed for QUIRE_LATENCY_STATS=1 and shown with `--show-latency`.
    private var latency: LatencyStatistics

    public init(options: AppOptions, say: @escaping @Sendable (String) -> Void = { print($0); fflush(nil) }) throws {
        self.options = options
        // Warnings and errors ("quire: …") go to the window's notice line as well as to the terminal.
        var fontProblem: Error?
        let text: TextRasterizer? = { do { return try TextRasterizer() } catch { fontProblem = error; return nil } }()
        interface = WindowInterface(text: text, showsLatency: options.showsLatency)
        latency = LatencyStatistics(prints: ProcessInfo.processInfo.environment["QUIRE_LATENCY_STATS"] == "1",
                                    shows: options.showsLatency)
        let notices = interface.notices
        let say: @Sendable (String) -> Void = { [say] line in
            say(line)
            if let text = NoticeLine.windowText(for: line) { notices.post(text) }
        }
        self.say = say
        if let fontProblem { say("quire: warning: the window cannot show messages, only this terminal: \(fontProblem)") }
        // The display first: without one nothing is opened, and no "Notebook 1" is made for a window
        // that never appears.
        var size = (width: options.windowWidth, height: options.windowHeight)
        var position: (x: Int, y: Int)?
        if options.restoresPlacement {
            let (kept, warning) = WindowPlacement.load()
            if let warning { say("quire: warning: \(warning)") }
            if let kept {
                size = (kept.width, kept.height)
                position = (kept.x, kept.y)
            }
        }
        window = try X11Window(title: "Quire", width: size.width, height: size.height, position: position,
                               displayName: options.displayName)
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
        session = try NotebookSession(library: NotebookLibrary(directory: options.libraryDirectory ?? NotebookLibrary.defaultDirectory),
                                      notebook: options.notebook, newPageSize: options.pageSize, say: say)
        let page = try session.loadAReadablePage()
        renderer = try PageRenderer(pageWidth: page.size.pixelSize.width, pageHeight: page.size.pixelSize.height,
                                    brushDirectory: ResourceLocator.brushesDirectory)
        canvas = CanvasController(page: page)
        canvas.onEdit = { [session, weak self] edit, history, page in
            session.pageEdited(edit, history: history, on: page)
            self?.thumbnailStale = true
        }
        canvas.editor.onRefused = { error in say("quire: an edit was refused and nothing changed: \(error)") }
        // What undo and redo did, on the notice line (and the terminal, where tests read it).
        canvas.editor.onHistoryMove = { text in say("quire: \(text)") }
        // Undo takes the newest step, the shown page's or the notebook's page changes'.
        canvas.editor.clock = session.clock
        canvas.notebookSteps = { [session] in
            (session.notebookHistory.done.last?.stamp, session.notebookHistory.undone.last?.stamp)
        }
        (canvas.tools.tool(.scissors) as? ScissorsTool)?.onRefusal = { reason in say("quire: nothing was cut: \(reason)") }
        // The pen settings' preview is inked by the page's own renderer code, in this window's context.
        let previewRenderer = PageImageRenderer(brushDirectory: ResourceLocator.brushesDirectory)
        var previewProblemSaid = false
        interface.penSettings.renderPreview = { [say] page, scale in
            do {
                return try previewRenderer.image(of: page, scale: scale)
            } catch {
                if !previewProblemSaid { say("quire: warning: the pen settings cannot show a preview: \(error)") }
                previewProblemSaid = true
                return nil
            }
        }
        let (settings, warnings) = InputSettings.load()
        canvas.settings = settings
        for warning in warnings { say("quire: warning: \(warning)") }
        let (colors, colorWarnings) = PickedColors.load()
        for warning in colorWarnings { say("quire: warning: \(warning)") }
        for (tool, color) in colors.byTool { canvas.setColor(color, for: tool) }
        interface.picker.restore(recent: colors.recent)
        keptColors = colors
        recorder = try options.recordPath.map(InputRecorder.init(path:))
        try showPage(page)
    }

    public func run() {
        window.show()
        pacer = FramePacer(rate: window.refreshRate)
        // The canvas zooms about the window's centre from the keyboard: tell it the starting size.
        _ = canvas.handle(.resized(width: window.width, height: window.height))
        if let path = options.replayPath {
            do {
                let events = try InputLog.read(path)
                for event in events { _ = canvas.handle(event) }
                say("Replayed \(events.count) events from \(path)")
            } catch {
                say("quire: \(FileSystemReason.text(for: error))")
            }
        }
        if ResourceLocator.brushesDirectory == nil {
            say("quire: warning: no Resources/Brushes folder found (set QUIRE_RESOURCES); every brush draws soft round")
        }
        say("Quire is ready (OpenGL \(GLInfo.version); \(GLInfo.renderer); swap interval \(window.swapInterval); "
            + "\(Int(window.refreshRate.rounded())) Hz display\(window.refreshRateIsMeasured ? "" : " assumed"); "
            + (window.presentsPartially ? "partial presentation" : "whole swaps") + "). "
            + "Keys: \(KeyTable.summary). Notebook: \(session.store.path), \(session.position).")
        if latency.enabled {
            say(window.serverClockIsMonotonic
                ? "Latency: the X server stamps input with this machine's monotonic clock: input → swap is measured whole"
                : "Latency: the X server's clock is not this machine's monotonic clock: only Quire's own part is measured")
        }
        while true {
            // While tiles sharpen or strokes bake, keep drawing frames at once; while the stored
            // thumbnail is behind the page, wake after a quiet moment to refresh it; else sleep.
            // While pictures decode, look for them every few milliseconds.
            // A frame that is wanted waits for its slot (the next display refresh), taking in every
            // event that arrives meanwhile; the wait is on the X connection, never a blind sleep.
            _ = interface.notices.takePosted(now: Self.now())
            let wantsFrame = frameWanted
            var timeout: Double? = wantsFrame ? pacer.wait(now: Self.now())
                : (isAwaitingImages ? Self.pictureWait
                    : (thumbnailStale ? max(0, lastBusy + Self.thumbnailQuiet - Self.now()) : nil))
            if let due = pdfDetail.due(now: Self.now()) { timeout = min(timeout ?? due, due) }
            // Statistics are reported after the wanted frame (`reportStatistics`): only an idle loop wakes for them.
            if !wantsFrame, let statsDue = stats.secondsUntilReport(now: Self.now()) { timeout = min(timeout ?? statsDue, statsDue) }
            if !wantsFrame, let latencyDue = latency.secondsUntilReport(now: Self.now()) {
                timeout = min(timeout ?? latencyDue, latencyDue)
            }
            if let due = interface.secondsUntilChange(now: Self.now()) { timeout = min(timeout ?? due, due) }
            let events = window.waitForEvents(timeout: timeout)
            let cpuAtRead = latency.enabled ? FramePhases.threadCPU() : 0
            latency.inputArrived(window.inputArrival, newest: window.newestInputArrival)
            showArrivedPictures()
            _ = interface.sorter.takeArrivedThumbnails()
            // Only after the quiet spell's timeout, never while a frame waits for its slot: the refresh
            // takes the canvas's queued work, and the frame would be forgotten.
            if !events.isEmpty { lastBusy = Self.now() }
            if events.isEmpty && !wantsFrame && thumbnailStale && !isAwaitingImages
                && Self.now() - lastBusy >= Self.thumbnailQuiet { refreshThumbnail() }
            for event in events {
                record(event)
                switch event {
                case .exposed, .resized: wholeFrameNeeded = true
                default: break
                }
                if case let .devicesChanged(devices) = event { describe(devices) }
                if case let .filesDropped(paths, at) = event {
                    importFiles(paths, centredAt: at)
                    continue
                }
                if case let .pasted(content) = event {
                    paste(content)
                    continue
                }
                switch interface.handle(event, now: Self.now()) {
                case .passed: break
                case .taken: continue
                case let .pressed(button):
                    canvas.finishGesture()
                    // The active inking tool's button pressed again opens (or closes) its settings.
                    if button == .tool(canvas.tool) && InkTool(rawValue: canvas.tool.rawValue) != nil {
                        togglePenSettings()
                    } else if button == .notebooks {
                        toggleNotebookList()
                    } else if button == .pages {
                        togglePageSorter()
                    } else {
                        // Undo and redo may hand back a page change of the notebook's to undo or redo.
                        if case let .notebook(command)? = canvas.perform(button.action) { perform(command) }
                        followToolWithPenSettings()
                    }
                    continue
                case let .penSettingsChanged(tool, settings, finished):
                    canvas.settings.pens[tool] = settings
                    if finished { savePenSettings(tool, settings) }
                    continue
                case let .picked(color, _):
                    canvas.setColor(color, for: canvas.tool)
                    continue
                case let .notebookList(request):
                    perform(request)
                    continue
                case let .sorter(action):
                    perform(action)
                    continue
                }
                switch canvas.handle(event) {
                case .quit?:
                    refreshThumbnail()
                    session.viewChanged(canvas.pageToWindow)
                    session.close()
                    keepPlacement()
                    keepColors()
                    window.close()
                    return
                case .exportPNG?:
                    exportPage()
                case .exportPDF?:
                    exportNotebookPDF()
                case .paste?:
                    window.requestPaste()
                case .showHelp?:
                    interface.toggleHelp()
                case .showPenSettings?:
                    togglePenSettings()
                case .toggleInterface?:
                    interface.toggleShown()
                case .toggleFullscreen?:
                    window.toggleFullscreen()
                case .toggleColorPicker?:
                    interface.toggleColorPicker()
                case .showNotebooks?:
                    toggleNotebookList()
                case .showPageSorter?:
                    togglePageSorter()
                case let .notebook(command)?:
                    perform(command)
                case nil:
                    break
                }
                followToolWithPenSettings()
            }
            if latency.enabled && window.newestInputArrival != nil {
                latency.batchHandled(at: MonotonicClock.seconds(), cpuAtRead: cpuAtRead, events: events.count,
                                     strokeBegan: events.contains { if case .pointerDown = $0 { true } else { false } },
                                     strokeEnded: events.contains { if case .pointerUp = $0 { true } else { false } })
            }
            if session.takeRefusal() { reloadPage() }
            keepColors()
            showToolCursor()
            // Input that wants no frame (a hover over nothing) starts no frame's latency.
            if !frameWanted { latency.inputNeedsNoFrame() }
            let drawing = frameWanted
            if drawing && pacer.wait(now: Self.now()) == 0 {
                redraw()
                reportStatistics()
            } else if !drawing {
                reportStatistics()
            }
        }
    }

    /// Prints (and shows) the frame and latency statistics when due. Only just after a frame or while
    /// none is wanted: summarizing thousands of latencies takes a millisecond or more, which between
    /// reading input and drawing it would be added to that input's latency.
    private func reportStatistics() {
        if let line = stats.report(now: Self.now()) { say(line) }
        if let report = latency.report(now: Self.now()) {
            if let line = report.line { say(line) }
            if let tail = report.tail { say(tail) }
            if let shown = report.shown { interface.latency?.show(shown) }
        }
    }

    /// Shows `page`: its items loaded afresh into the renderer (a new one when the paper size differs)
    /// and the canvas, and the page put back where it was in the window.
    /// Throws when no renderer can be made for the page's size: drawing it into layers of another
    /// size would clip its ink.
    private func showPage(_ page: Page) throws {
        let (width, height) = page.size.pixelSize
        if renderer.pageWidth != width || renderer.pageHeight != height {
            renderer = try PageRenderer(pageWidth: width, pageHeight: height, brushDirectory: ResourceLocator.brushesDirectory)
        }
        renderer.paperColor = page.background.paperColor
        renderer.paperPattern = PaperPattern(page.background)
        let (history, startsAfresh) = session.history(of: page)
        canvas.show(page, history: history, startsAfresh: startsAfresh)
        canvas.view = PageView()
        if let saved = session.savedView, saved.pageID == page.id { canvas.view = PageView(restoring: saved.transform) }
        pictureDetail = RenderItemBuilder.detail(forZoom: canvas.view.zoom)
        pdfDetail = SettlingDetail(zoom: canvas.view.zoom)
        // The page shown before may have asked for renders it no longer needs: this page's go first.
        session.dropWaitingPDFRenders()
        renderer.load(page, building: builder)
        wholeFrameNeeded = true
        thumbnailStale = (try? session.store.thumbnail(of: page.id))??.isCurrent != true
    }

    private func perform(_ command: NotebookCommand) {
        changeNotebook { try session.perform(command) }
    }

    /// Carries out a change of page or notebook (`change` returns whether the page shown changed);
    /// returns false when it failed (said).
    @discardableResult
    private func changeNotebook(_ change: () throws -> Bool) -> Bool {
        // A stroke still being drawn belongs to this page, and is finished (and saved) here first.
        canvas.finishGesture()
        catchUpRenderer()
        refreshThumbnail()
        session.viewChanged(canvas.pageToWindow)
        defer { redraw() }
        do {
            if try change() {
                try showPage(try session.loadCurrentPage())
                session.viewChanged(canvas.pageToWindow)
            }
            return true
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
            return false
        }
    }

    /// F3: the notebook list opened (the shown page's cover brought up to date first) or closed.
    private func toggleNotebookList() {
        canvas.finishGesture()
        catchUpRenderer()
        refreshThumbnail()
        guard interface.toggleNotebookList() else { return }
        showLibraryInList()
    }

    /// Shows the notebook list the library as it is now.
    private func showLibraryInList() {
        let (notebooks, trashed) = session.libraryEntries()
        interface.notebookList.show(notebooks: notebooks.map { NotebookList.Item(path: $0.path, title: $0.title) },
                                    trashed: trashed.map { NotebookList.Item(path: $0.path, title: $0.title) },
                                    current: session.store.path)
    }

    /// What the notebook list asked for: a notebook opened (the list closes), made (its title then
    /// typed), renamed, copied, trashed or restored (the list shows the library again).
    private func perform(_ request: NotebookList.Request) {
        switch request {
        case let .open(path):
            if path == session.store.path || changeNotebook({ try session.open(path) }) {
                interface.notebookList.close()
                return
            }
        case .create:
            if changeNotebook({ try session.perform(.newNotebook) }) {
                showLibraryInList()
                interface.notebookList.beginRenaming(session.store.path)
                return
            }
        case let .trash(path):
            changeNotebook { try session.trash(path) }
        case let .rename(path, title):
            tryLibraryChange { try session.rename(path, to: title) }
        case let .duplicate(path):
            tryLibraryChange { _ = try session.duplicate(path) }
        case let .restore(trashedPath):
            tryLibraryChange { _ = try session.restore(trashedPath) }
        }
        showLibraryInList()
    }

    /// A change to the library that leaves the page shown as it is; a failure is said.
    private func tryLibraryChange(_ change: () throws -> Void) {
        do {
            try change()
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// F2: the page sorter opened on the notebook's pages (the shown page's thumbnail brought up to
    /// date and saved first, so its card shows what was just drawn), or closed.
    private func togglePageSorter() {
        if !interface.sorter.isOpen {
            canvas.finishGesture()
            catchUpRenderer()
            refreshThumbnail()
            session.flushSaves()
        }
        interface.togglePageSorter(pages: session.pageIDs, current: session.pageIndex,
                                   thumbnails: PageThumbnails(store: session.store, report: say),
                                   otherNotebooks: session.libraryEntries().notebooks.filter { $0.path != session.store.path }
                                       .map { ($0.path, $0.title) })
    }

    /// Carries out what the page sorter asked for as the page keys are (saved as one change each), and
    /// shows the sorter the notebook's pages after it.
    private func perform(_ action: PageSorter.Action) {
        let command: NotebookCommand
        var selecting: Int?
        switch action {
        case let .open(index): command = .openPage(index)
        case let .move(from, to):
            command = .movePage(from: from, to: to)
            selecting = to
        case let .add(index):
            command = .addPage(at: index)
            selecting = index
        case let .remove(index): command = .removePage(index)
        case let .send(index, path, copy): command = .sendPage(index, toNotebook: path, move: !copy)
        }
        perform(command)
        if interface.sorter.isOpen {
            interface.sorter.update(pages: session.pageIDs, current: session.pageIndex, selecting: selecting)
        }
    }

    /// Shows the current page again as the notebook holds it (after it refused a change).
    private func reloadPage() {
        do {
            try showPage(try session.loadCurrentPage())
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// Renders the shown page small (GL, here) and has the autosave queue compress and store it.
    private func refreshThumbnail() {
        guard thumbnailStale, !session.isReadOnly else { return }
        thumbnailStale = false
        catchUpRenderer()
        guard let image = try? renderer.renderPageImage(scale: Self.thumbnailScale) else { return }
        session.saveThumbnail(of: canvas.page.id) { try PNG.encode(image, speed: .fast) }
    }

    /// How long the loop sleeps while pictures decode (or PDF pages render) before looking for them.
    static let pictureWait = 0.008

    /// Pictures decoding or PDF pages rendering for the page shown.
    private var isAwaitingImages: Bool { session.isDecodingPictures || session.isRenderingPDFPages || interface.sorter.isLoading }

    /// Draws again the items showing pictures that finished decoding or PDF pages that finished
    /// rendering; after a zoom that wants pictures sharper (or allows them smaller), asks for every
    /// picture at the new detail, and once the zoom has settled, every PDF page.
    private func showArrivedPictures() {
        var redrawn = session.takeArrivedPictures().union(session.takeArrivedPDFPages())
        let zoom = canvas.view.zoom
        let detail = RenderItemBuilder.detail(forZoom: zoom)
        if detail != pictureDetail {
            pictureDetail = detail
            redrawn.formUnion(canvas.page.items.blobs)
        }
        if pdfDetail.observe(zoom: zoom, now: Self.now()) {
            redrawn.formUnion(canvas.page.items.blobs)
        }
        guard !redrawn.isEmpty else { return }
        catchUpRenderer()
        renderer.paperImage = builder.paperImage(of: canvas.page)
        for (index, item) in canvas.page.items.enumerated() where !item.blobs.isDisjoint(with: redrawn) {
            renderer.replace(at: index, with: builder.renderItem(item))
        }
        redraw()
    }

    /// Thumbnails are a fifth of the page: 163 × 211 for Letter.
    static let thumbnailScale = 0.2

    /// Hands the canvas's queued stroke work to the renderer, in order.
    private func catchUpRenderer() {
        if !renderer.perform(canvas.takeRenderWork(), building: builder) {
            say("quire: the drawing fell out of step with the page (\(renderer.lastRefusedEdit ?? "an edit was refused")); "
                + "it is drawn again from the page")
            renderer.load(canvas.page, building: builder)
        }
        for problem in renderer.brushProblems where !reportedProblems.contains(problem) {
            reportedProblems.insert(problem)
            say("quire: warning: \(problem)")
        }
    }

    private func record(_ event: WindowEvent) {
        guard let recorder else { return }
        do {
            try recorder.record(event)
        } catch {
            say("quire: stopped recording input to \(recorder.path): \(error)")
            self.recorder = nil
        }
    }

    /// Says which devices Quire found and how it reads them, once per change.
    private func describe(_ devices: [InputDevice]) {
        for device in devices where device.kind != .mouse || device.axes.contains(where: { $0.label == "Abs Pressure" }) {
            let axes = device.axes.map { "\($0.label) \(Int($0.minimum))…\(Int($0.maximum))" }.joined(separator: ", ")
            say("Input: \(device.name) (id \(device.id)) is a \(device.kind.rawValue) [\(device.kindSource)]: \(axes)")
        }
    }

    /// Keeps the window's size and place for the next start (`WindowPlacement`); a failure is a warning.
    private func keepPlacement() {
        guard options.restoresPlacement, let place = window.framePosition else { return }
        do {
            try WindowPlacement(width: window.width, height: window.height, x: place.x, y: place.y).save()
        } catch {
            say("quire: warning: the window's size was not kept for next time: \(FileSystemReason.text(for: error))")
        }
    }

    /// Keeps the tools' colours and the recent ones for the next start when they changed (not while a
    /// drag on the colour picker goes on: its colour is kept when it ends); a failure is a warning.
    private func keepColors() {
        guard !interface.isPickingColor else { return }
        let colors = PickedColors(byTool: canvas.chosenColors, recent: interface.picker.recent)
        guard colors != keptColors else { return }
        keptColors = colors
        do {
            try colors.save()
        } catch {
            say("quire: warning: the colours were not kept for next time: \(FileSystemReason.text(for: error))")
        }
    }

    /// Whether the window must draw: the canvas or renderer has work, the window owes a whole frame, or
    /// the interface over it changed (help shown or hidden, a notice appearing or fading, a tool picked).
    private var frameWanted: Bool {
        canvas.needsRedraw || canvas.isAnimating || renderer.needsAnotherFrame || window.owesWholeFrame
            || interface.wantsFrame(interfaceLook, now: Self.now())
    }

    /// The toolbar and status as they should look now.
    private var interfaceLook: WindowInterface.Look {
        interface.look(tool: canvas.tool, canUndo: canvas.canUndo, canRedo: canvas.canRedo, color: canvas.color,
                       width: toolInkWidth, status: StatusLine.text(position: session.position, zoom: canvas.view.zoom),
                       now: Self.now())
    }

    /// The widest ink of the tool in hand, in page pixels (0 for a tool without ink).
    private var toolInkWidth: Double {
        InkTool(rawValue: canvas.tool.rawValue).map { canvas.style(for: $0).maximumWidth } ?? 0
    }

    /// Gives the pointer the look of the tool in hand at this zoom (or the arrow over the interface);
    /// the picture is made again only when what it shows changed.
    private func showToolCursor() {
        let wanted = ToolCursor(tool: canvas.tool, inkWidth: toolInkWidth, zoom: canvas.view.zoom,
                                overInterface: interface.wantsArrow, largestSide: window.largestCursorSide)
        guard wanted != toolCursor else { return }
        toolCursor = wanted
        window.setCursor(wanted.cursor)
    }

    /// W, or the active tool's toolbar button pressed again: the pen settings panel for the current
    /// inking tool, or closed when it shows.
    private func togglePenSettings() {
        guard !interface.penSettings.isOpen else { return interface.closePenSettings() }
        guard let tool = InkTool(rawValue: canvas.tool.rawValue) else {
            return say("quire: the \(canvas.tool) tool has no pen settings; pick the pen, marker, highlighter or eraser")
        }
        interface.openPenSettings(tool, settings: canvas.settings.pen(tool), style: canvas.registry.style(for: tool, color: .rgb(canvas.color)))
    }

    /// While the pen settings show, they are the current tool's, in its colour: another inking tool
    /// picked turns the panel to it, a tool without ink closes it.
    private func followToolWithPenSettings() {
        guard interface.penSettings.isOpen else { return }
        guard let tool = InkTool(rawValue: canvas.tool.rawValue) else { return interface.closePenSettings() }
        interface.openPenSettings(tool, settings: canvas.settings.pen(tool), style: canvas.registry.style(for: tool, color: .rgb(canvas.color)))
    }

    /// Writes `tool`'s settings into the config file, keeping the person's other lines; a failure is a
    /// warning (the settings still hold for this run).
    private func savePenSettings(_ tool: InkTool, _ settings: PenSettings) {
        let path = InputSettings.path()
        do {
            try ConfigFileUpdate.write(PenSettingsConfig.lines(for: tool, settings), to: path)
        } catch {
            say("quire: warning: the \(tool.rawValue) settings were not saved to \(path): \(FileSystemReason.text(for: error))")
        }
    }

    /// Draws a frame: only what changed since the last one where the window can present part of
    /// itself, else the whole window.
    private func redraw() {
        var marks = FramePhases.Marks()
        marks.began = MonotonicClock.seconds()
        pacer.frameBegins(now: Self.now())
        lastBusy = Self.now()
        canvas.animate(now: Self.now())
        catchUpRenderer()
        marks.caughtUp = MonotonicClock.seconds()
        let partial = window.presentsPartially && !wholeFrameNeeded && !window.owesWholeFrame
        let drawn = renderer.drawView(width: window.width, height: window.height, pageToWindow: canvas.pageToWindow,
                                      provisional: canvas.provisionalSprites,
                                      overlay: canvas.overlay + interface.overlay(interfaceLook, width: window.width,
                                                                                  height: window.height, now: Self.now()),
                                      onlyWhatChanged: partial, bakes: false)
        marks.drawn = MonotonicClock.seconds()
        window.present(partial ? drawn : nil)
        marks.presented = MonotonicClock.seconds()
        if latency.enabled { marks.cpuPresented = FramePhases.threadCPU() }
        latency.frameShown(marks, serverClockIsMonotonic: window.serverClockIsMonotonic)
        // Baking (strokes leaving the undo window) changes nothing on screen: done after presenting.
        renderer.bakeBetweenFrames()
        wholeFrameNeeded = false
        stats.frameDrawn(partial: partial && drawn != nil, now: Self.now())
    }

    /// Monotonic seconds, for frame pacing.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Puts pictures on the page as scraps, centred where they were dropped (window pixels; nil: in
    /// the middle of what the window shows) and scaled down to fit the part of the page in view. A
    /// picture that cannot be read is reported by name and nothing is added.
    private func importPictures(centredAt windowPoint: Point?, _ read: () throws -> [PictureFile]) {
        do {
            let pictures = try read()
            guard !pictures.isEmpty else { return }
            let visible = canvas.visiblePageRect
            let centre = windowPoint.map(canvas.pagePoint(atWindow:)) ?? visible.center
            guard let (edit, blobs) = PictureImport.edit(placing: pictures, on: canvas.page, visible: visible, centredAt: centre)
            else { return say("quire: the pictures cannot be placed on this page") }
            canvas.finishGesture()
            try session.storePictures(blobs)
            canvas.editor.apply(edit)
            say("Placed \(pictures.count) picture\(pictures.count == 1 ? "" : "s") on the page")
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// Dropped or pasted files: PDFs add pages, pictures go onto the page (`PDFImport.isPDFImport`).
    private func importFiles(_ paths: [String], centredAt windowPoint: Point?) {
        do {
            if try PDFImport.isPDFImport(paths) {
                importPDFs(try PDFImport.read(paths))
            } else {
                importPictures(centredAt: windowPoint) { try PictureImport.read(paths) }
            }
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// Adds the PDFs' pages after the current page and shows the first of them. The files were read and
    /// checked already: a bad one is reported by name and adds nothing.
    private func importPDFs(_ files: [PDFFile]) {
        guard !files.isEmpty else { return }
        // A stroke still being drawn belongs to this page, and is finished (and saved) here first.
        canvas.finishGesture()
        catchUpRenderer()
        refreshThumbnail()
        session.viewChanged(canvas.pageToWindow)
        do {
            let count = try session.importPDFs(files)
            try showPage(try session.loadCurrentPage())
            session.viewChanged(canvas.pageToWindow)
            let names = files.count == 1 ? (files[0].path as NSString).lastPathComponent : "\(files.count) PDFs"
            say("Added \(count) page\(count == 1 ? "" : "s") from \(names): \(session.position)")
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
        redraw()
    }

    private func paste(_ content: ClipboardContent) {
        switch content {
        case let .png(bytes), let .jpeg(bytes):
            importPictures(centredAt: nil) { [try PictureFile(bytes: bytes, name: "the clipboard's picture")] }
        case let .files(paths):
            importFiles(paths, centredAt: nil)
        case let .nothing(reason):
            say("quire: nothing to paste: \(reason)")
        }
    }

    private func exportPage() {
        // Bring the ink layer up to date first: the export shows everything drawn so far.
        catchUpRenderer()
        let path = options.exportPath ?? PageExporter.defaultPath()
        do {
            try PageExporter.write(try renderer.renderPageImage(), to: path)
            say("Wrote the page to \(path)")
        } catch {
            say("quire: could not write the page: \(error)")
        }
        redraw()
    }

    /// Writes the whole notebook as a vector PDF in the current folder, on another thread: the window
    /// keeps drawing, and the notice line says when it is written (or why not). The pages are read here
    /// first, so the PDF is the notebook as it is at the key press.
    private func exportNotebookPDF() {
        session.flushSaves()
        let store = session.store
        let title = session.title
        let pages: [Page]
        do {
            pages = try store.pageIDs().map { try store.loadPage($0) }
        } catch {
            return say("quire: could not read the notebook to write it as PDF: \(FileSystemReason.text(for: error))")
        }
        let path = PageExporter.defaultPDFPath(title: title)
        let say = self.say
        say("Writing \(pages.count) page\(pages.count == 1 ? "" : "s") of \(title) to \(path)…")
        DispatchQueue.global(qos: .userInitiated).async {
            do {
                let writer = try PDFExportWriter(path: path, title: title, pictures: { try store.blob($0) },
                                                 report: { say("quire: \($0)") })
                // The next page's ink is worked out while cairo writes this one.
                let prepared = PreparedAhead(count: pages.count) { try PreparedVectorPage(pages[$0], number: $0 + 1) }
                while let page = try prepared.next() { try writer.add(page) }
                try writer.finish()
                say("quire: wrote \(title) as PDF to \(path)")
            } catch {
                say("quire: could not write the PDF: \(FileSystemReason.text(for: error))")
            }
        }
    }
}
