import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireStorage
import QuireText
import QuireX11

/// What Quire draws over the page for the person at the window, and the input it takes first: the
/// toolbar and status (Tab hides both), the help panel (? or F1; any key or click hides it), the
/// notice line, the colour picker (the toolbar's swatch or C; a press off it closes it), the pen
/// settings panel (W), the page sorter (F2) and the notebook list (F3; both over the whole window,
/// taking every event while open). The run loop asks it whether a frame is wanted, feeds it events before the
/// canvas, and draws its overlay on top of the canvas's.
final class WindowInterface {
    let notices: NoticeLine
    let penSettings: PenSettingsPanel
    let textSettings: TextSettingsPanel
    /// `--show-latency`'s line; nil without the option.
    let latency: LatencyLine?
    private let help: HelpOverlay
    private let toolbar: Toolbar
    private let status: StatusLine
    let picker: ColorPicker
    let notebookList: NotebookList
    let sorter: PageSorter
    /// The ruler's angle at its centre.
    let rulerLabel: RulerLabel
    /// Ctrl+F's words and the place found.
    let findBar: FindBar
    /// The scrap tray's column at the right edge.
    let tray = ScrapTrayPanel()
    private(set) var helpShown = false
    /// Shown unless it starts hidden (QUIRE_INTERFACE=hidden: the canvas tests read the page's pixels without it).
    private(set) var shown: Bool
    /// Shown or hidden since the last frame: the next one must draw.
    private var changed = false
    /// A press that began on the toolbar, or off the open colour picker (closing it): its moves and
    /// release are the interface's too (pointer or touch), never the page's.
    private var toolbarPress: (pointer: Bool, touch: Int?)?
    /// The window's size at the last frame or resize: the colour picker is laid out in it.
    private var windowSize = (width: 0, height: 0)
    private var hovered: ToolbarButton?
    private var hoveredSince = 0.0
    /// What the last frame showed: another look wants a frame.
    private var drawn: Look?
    /// Whether the pointer was last seen over the toolbar, the open colour picker or pen settings.
    private var pointerOverPanel = false

    /// Whether the pointer should be the plain arrow rather than the tool's: over the toolbar, or with
    /// the help, the page sorter or the notebook list shown (a click only hides the help).
    var wantsArrow: Bool { helpShown || pointerOverPanel || notebookList.isOpen || sorter.isOpen }

    /// How the toolbar and status look: the canvas's state they show, and the tooltip's.
    struct Look: Equatable {
        var toolbar: Toolbar.State
        var status: String
        var hovered: ToolbarButton?
        var tooltipShown: Bool
        var picker: ColorPicker.Look
    }

    /// What an input event was to the interface.
    enum Handling: Equatable {
        /// Not the interface's: the canvas takes it.
        case passed
        /// Taken (a toolbar press's moves, the click that hid the help): nothing else happens.
        case taken
        /// A toolbar button was pressed: the canvas carries out its action.
        case pressed(ToolbarButton)
        /// The colour picker picked a colour for the current tool (`settled`: the drag ended, a recent
        /// colour or a typed one was chosen; else a drag goes on).
        case picked(InkColor, settled: Bool)
        /// The pen settings panel changed `tool`'s settings; `finished` when the press ended (save them).
        case penSettingsChanged(InkTool, PenSettings, finished: Bool)
        /// The text settings panel changed the font family or size; `finished` when the press ended.
        case textSettingsChanged(family: String, size: Double, finished: Bool)
        /// The notebook list asked for a notebook to be opened, made, renamed, copied, trashed or restored.
        case notebookList(NotebookList.Request)
        /// The page sorter asked for a change of page or of the pages (the run loop has the session do
        /// it and hands the sorter the new order).
        case sorter(PageSorter.Action)
        /// A scrap dragged out of the tray was let go over the page at this window point.
        case trayDropped(ScrapTray.EntryID, at: Point)
    }

    /// `text` nil: no font was found, and nothing with words is drawn. `showsLatency`: the latency line
    /// is drawn (whether or not the toolbar and status are: it is asked for by name).
    /// `tools`: the tools the toolbar offers.
    init(text: TextRasterizer?, showsLatency: Bool = false, startsHidden: Bool = false, tools: ToolRegistry = .standard) {
        shown = !startsHidden
        notices = NoticeLine(text: text)
        latency = showsLatency ? LatencyLine(text: text) : nil
        help = HelpOverlay(text: text)
        toolbar = Toolbar(text: text, tools: tools)
        status = StatusLine(text: text)
        picker = ColorPicker(text: text)
        penSettings = PenSettingsPanel(text: text)
        textSettings = TextSettingsPanel(text: text)
        notebookList = NotebookList(text: text)
        sorter = PageSorter(text: text)
        rulerLabel = RulerLabel(text: text)
        findBar = FindBar(text: text)
    }

    /// Interface pixels per design pixel, for every part.
    var scale = 1.0 {
        didSet {
            notices.scale = scale
            help.scale = scale
            toolbar.scale = scale
            status.scale = scale
            if picker.isOpen { placePicker() }
            penSettings.scale = scale
            textSettings.scale = scale
            sorter.scale = scale
            latency?.scale = scale
            notebookList.scale = scale
            rulerLabel.scale = scale
            findBar.scale = scale
            tray.scale = scale
        }
    }

    /// Something drawn over the page changed that the look does not show (the find bar): a frame is wanted.
    func noteChanged() {
        changed = true
    }

    func toggleHelp() {
        helpShown.toggle()
        changed = true
    }

    /// The colour picker opened (laid out beside the toolbar's swatch) or closed.
    func toggleColorPicker() {
        if picker.isOpen {
            picker.close()
        } else {
            placePicker()
            picker.open()
        }
    }

    /// F3: the notebook list opened over everything (the other panels closed), or closed; true when it
    /// opened (the caller then shows it the library).
    func toggleNotebookList() -> Bool {
        if notebookList.isOpen {
            notebookList.close()
            return false
        }
        picker.close()
        closePenSettings()
        sorter.close()
        if helpShown { toggleHelp() }
        notebookList.resize(width: windowSize.width, height: windowSize.height)
        notebookList.open()
        return true
    }

    /// Whether a drag on the colour picker is going on (the colour it picks is not final).
    var isPickingColor: Bool { picker.isDragging }

    private func placePicker() {
        toolbar.fit(windowHeight: windowSize.height)
        picker.place(beside: toolbar.layout.swatch, left: toolbar.panel.maxX, windowWidth: windowSize.width,
                     windowHeight: windowSize.height, scale: scale)
    }

    /// Opens the page sorter on the notebook's `pages` (`current` shown, its thumbnails from
    /// `thumbnails`, a dragged page sendable to `otherNotebooks`), closing the panels it covers; or closes it.
    func togglePageSorter(pages: [PageID], current: Int, thumbnails: @autoclosure () -> PageThumbnails,
                          otherNotebooks: @autoclosure () -> [(path: String, title: String)]) {
        guard !sorter.isOpen else { return sorter.close() }
        picker.close()
        closePenSettings()
        notebookList.close()
        sorter.open(pages: pages, current: current, thumbnails: thumbnails(), windowWidth: windowSize.width,
                    windowHeight: windowSize.height, notebooks: otherNotebooks())
    }

    /// Tab: the toolbar and status hidden (drawing on the whole window) or shown again.
    func toggleShown() {
        shown.toggle()
        changed = true
    }

    /// Opens the pen settings panel on `tool` (or turns it there); `style` is the tool's style in its
    /// colour, before the settings.
    func openPenSettings(_ tool: InkTool, settings: PenSettings, style: StrokeStyle) {
        if penSettings.tool != tool || penSettings.baseStyle != style || textSettings.isOpen { changed = true }
        textSettings.close()
        penSettings.open(tool, settings: settings, style: style)
    }

    /// Closes whichever settings panel shows (pen or text).
    func closePenSettings() {
        if penSettings.isOpen || textSettings.isOpen { changed = true }
        penSettings.close()
        textSettings.close()
    }

    /// Opens the text settings panel (closing the pen settings) on `family` and `size` in `color`.
    func openTextSettings(family: String, size: Double, color: InkColor) {
        penSettings.close()
        textSettings.open(family: family, size: size, color: color)
        changed = true
    }

    /// The look for the canvas's state now; the colour picker follows the current tool's `color`.
    func look(tool: ToolID, canUndo: Bool, canRedo: Bool, color: InkColor, width: Double, status text: String,
              now: Double) -> Look {
        picker.follow(color)
        return Look(toolbar: Toolbar.State(tool: tool, canUndo: canUndo, canRedo: canRedo, color: color, width: width), status: text,
                    hovered: hovered, tooltipShown: hovered != nil && now - hoveredSince >= Toolbar.tooltipDelay,
                    picker: picker.look)
    }

    /// Whether a frame must be drawn for the interface to look as it should (`look` is now's).
    func wantsFrame(_ look: Look, now: Double) -> Bool {
        // The picker shows (and must be taken away) even with the toolbar hidden.
        changed || sorter.needsFrame || notices.needsFrame(now: now) || (shown && look != drawn) || look.picker != drawn?.picker
            || latency?.needsFrame == true || notebookList.needsFrame() || tray.needsFrame
    }

    /// Seconds until the interface changes by itself (a notice fading, a tooltip due), or nil.
    func secondsUntilChange(now: Double) -> Double? {
        let times = [notices.secondsUntilChange(now: now),
                     shown ? Toolbar.secondsUntilTooltip(hovered: hovered, since: hoveredSince, now: now) : nil,
                     // Covers are read on another thread: look for them every few milliseconds.
                     notebookList.isOpen && notebookList.covers.isLoading ? Self.coverWait : nil]
        return times.compactMap { $0 }.min()
    }

    static let coverWait = 0.008

    /// Takes an input event before the canvas does.
    func handle(_ event: WindowEvent, now: Double) -> Handling {
        switch event {
        case let .pointerMoved(sample), let .pointerDown(sample, _, _):
            pointerOverPanel = (shown && toolbar.contains(sample.position))
                || (picker.isOpen && picker.layout?.panel.contains(sample.position) == true)
                || penSettings.contains(sample.position) || textSettings.contains(sample.position)
        default: break
        }
        if helpShown, Self.dismissesHelp(event) {
            toggleHelp()
            return .taken
        }
        if case let .resized(width, height) = event {
            windowSize = (width, height)
            if picker.isOpen { placePicker() }
        }
        if sorter.isOpen {
            switch sorter.handle(event) {
            case .passed: if case .key = event { return .passed }
            case .taken: return .taken
            case .closed:
                changed = true
                return .taken
            case let .acted(action): return .sorter(action)
            }
        }
        // The rest of a press the interface took (even if the toolbar was hidden meanwhile).
        switch event {
        case .pointerMoved where toolbarPress?.pointer == true:
            return .taken
        case .pointerUp where toolbarPress?.pointer == true:
            toolbarPress = nil
            return .taken
        case let .touchMoved(id, _, _) where toolbarPress?.touch == id:
            return .taken
        case let .touchEnded(id, _, _) where toolbarPress?.touch == id:
            toolbarPress = nil
            return .taken
        default:
            break
        }
        // The open notebook list lies over everything and takes every input but the end of a press
        // begun before it opened (the toolbar's button that opened it), taken above.
        if notebookList.isOpen {
            switch notebookList.handle(event) {
            case .passed: break
            case .taken: return .taken
            case .closed:
                changed = true
                return .taken
            case let .request(request): return .notebookList(request)
            }
        }
        if picker.isOpen {
            switch picker.handle(event) {
            case .passed: break
            case .taken: return .taken
            case let .picked(color, settled): return .picked(color, settled: settled)
            case let .pressedOutside(point):
                picker.close()
                // A press on a toolbar button is the button's; anywhere else (the swatch, which
                // opened the picker, included) it only closes the picker, and draws nothing.
                if !(shown && toolbar.contains(point)) || toolbar.layout.swatch.contains(point) {
                    toolbarPress = Self.pressOwner(event)
                    return .taken
                }
            }
        }
        // The settings panels (one shows at a time): what a change of theirs is to the run loop.
        let onToolbar = { [shown, toolbar] (point: Point) in shown && toolbar.contains(point) }
        let panels: [(handle: () -> PanelHandling, change: (Bool) -> Handling)] = [
            ({ [penSettings] in penSettings.handle(event, onToolbar: onToolbar) }, { [penSettings] finished in
                penSettings.tool.map { .penSettingsChanged($0, penSettings.settings, finished: finished) } ?? .taken }),
            ({ [textSettings] in textSettings.handle(event, onToolbar: onToolbar) }, { [textSettings] finished in
                .textSettingsChanged(family: textSettings.family, size: textSettings.size, finished: finished) }),
        ]
        for (handle, change) in panels {
            let handling = handle()
            guard handling != .passed else { continue }
            changed = true
            if case let .changed(finished) = handling { return change(finished) }
            return .taken
        }
        switch tray.handle(event, interfaceShown: shown, windowWidth: windowSize.width, windowHeight: windowSize.height) {
        case .passed: break
        case .taken: return .taken
        case let .dropped(entry, at): return .trayDropped(entry, at: at)
        }
        guard shown else { return .passed }
        switch event {
        case let .pointerDown(sample, _, _) where toolbar.contains(sample.position) && toolbarPress == nil:
            toolbarPress = Self.pressOwner(event)
            return press(at: sample.position)
        case let .pointerMoved(sample):
            let over = toolbar.button(at: sample.position)
            if over != hovered {
                hovered = over
                hoveredSince = now
            }
            return .passed
        case let .touchBegan(_, at, _) where toolbar.contains(at) && toolbarPress == nil:
            toolbarPress = Self.pressOwner(event)
            return press(at: at)
        default:
            return .passed
        }
    }

    /// Who a press belongs to: the pointer, or the finger that touched.
    private static func pressOwner(_ event: WindowEvent) -> (pointer: Bool, touch: Int?) {
        if case let .touchBegan(id, _, _) = event { return (pointer: false, touch: id) }
        return (pointer: true, touch: nil)
    }

    /// Everything the interface draws for a window `width` × `height`, top last; notes the look drawn.
    func overlay(_ look: Look, width: Int, height: Int, now: Double) -> [OverlayItem] {
        changed = false
        drawn = look
        windowSize = (width, height)
        toolbar.fit(windowHeight: height)
        if picker.isOpen { placePicker() }
        var items: [OverlayItem] = []
        if sorter.isOpen {
            // Over the whole window: the toolbar and panels under it would only show through.
            sorter.fit(windowWidth: width, windowHeight: height)
            items += sorter.overlay()
            // The notebook list is closed under it; a change it noted (its closing) is drawn by this frame.
            notebookList.markDrawn()
            if let latency { items += latency.overlay(windowWidth: width, windowHeight: height) }
            if helpShown { items += help.overlay(windowWidth: width, windowHeight: height) }
            return items + notices.overlay(windowWidth: width, windowHeight: height, now: now)
        }
        // The sorter is closed: this frame is the one that takes it away (if it was open).
        sorter.needsFrame = false
        items += tray.overlay(interfaceShown: shown, windowWidth: width, windowHeight: height)
        if shown {
            items += toolbar.overlay(look.toolbar, hovered: look.hovered, hoveredSince: hoveredSince, now: now)
            items += status.overlay(look.status, windowWidth: width)
        }
        penSettings.fit(windowWidth: width, windowHeight: height)
        items += penSettings.overlay()
        textSettings.fit(windowWidth: width, windowHeight: height)
        items += textSettings.overlay()
        items += picker.overlay()
        items += notebookList.overlay(width: width, height: height)
        if let latency { items += latency.overlay(windowWidth: width, windowHeight: height) }
        if helpShown { items += help.overlay(windowWidth: width, windowHeight: height) }
        return items + notices.overlay(windowWidth: width, windowHeight: height, now: now)
    }

    /// A press on the toolbar: a button's action, or the colour picker opened from the swatch.
    private func press(at point: Point) -> Handling {
        if toolbar.layout.swatch.contains(point) {
            toggleColorPicker()
            return .taken
        }
        return toolbar.button(at: point).map { .pressed($0) } ?? .taken
    }

    /// A key press, a click or a touch hides the help (and does nothing else). Shift, Control, Alt and
    /// the like alone do not: they are the first half of a chord, whose key then hides it.
    static func dismissesHelp(_ event: WindowEvent) -> Bool {
        switch event {
        case let .key(input): !(0xffe1...0xffee).contains(input.keysym)
        case .pointerDown, .touchBegan: true
        default: false
        }
    }
}
