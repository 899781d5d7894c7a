import Foundation
import QuireGeometry
import QuireInk
import QuireRender
import QuireText
import QuireX11

/// What Quire draws over the page for the person at the window, and the input it takes first: the
/// toolbar and status (Tab hides both), the help panel (? or F1; any key or click hides it), and the
/// notice line. The run loop asks it whether a frame is wanted, feeds it events before the canvas, and
/// draws its overlay on top of the canvas's.
final class WindowInterface {
    let notices: NoticeLine
    /// `--show-latency`'s line; nil without the option.
    let latency: LatencyLine?
    private let help: HelpOverlay
    private let toolbar: Toolbar
    private let status: StatusLine
    private(set) var helpShown = false
    /// Shown unless QUIRE_INTERFACE=hidden (the canvas tests read the page's pixels without it).
    private(set) var shown = ProcessInfo.processInfo.environment["QUIRE_INTERFACE"] != "hidden"
    /// Shown or hidden since the last frame: the next one must draw.
    private var changed = false
    /// A press that began on the toolbar: its moves and release are the toolbar's too (pointer or touch).
    private var toolbarPress: (pointer: Bool, touch: Int?)?
    private var hovered: ToolbarButton?
    private var hoveredSince = 0.0
    /// What the last frame showed: another look wants a frame.
    private var drawn: Look?

    /// How the toolbar and status look: the canvas's state they show, and the tooltip's.
    struct Look: Equatable {
        var toolbar: Toolbar.State
        var status: String
        var hovered: ToolbarButton?
        var tooltipShown: Bool
    }

    /// What an input event was to the interface.
    enum Handling: Equatable {
        /// Not the interface's: the canvas takes it.
        case passed
        /// Taken (a toolbar press's moves, the click that hid the help): nothing else happens.
        case taken
        /// A toolbar button was pressed: the canvas carries out its action.
        case pressed(ToolbarButton)
    }

    /// `text` nil: no font was found, and nothing with words is drawn. `showsLatency`: the latency line
    /// is drawn (whether or not the toolbar and status are: it is asked for by name).
    init(text: TextRasterizer?, showsLatency: Bool = false) {
        notices = NoticeLine(text: text)
        latency = showsLatency ? LatencyLine(text: text) : nil
        help = HelpOverlay(text: text)
        toolbar = Toolbar(text: text)
        status = StatusLine(text: text)
    }

    /// Interface pixels per design pixel, for every part.
    var scale = 1.0 {
        didSet {
            notices.scale = scale
            help.scale = scale
            toolbar.scale = scale
            status.scale = scale
            latency?.scale = scale
        }
    }

    func toggleHelp() {
        helpShown.toggle()
        changed = true
    }

    /// Tab: the toolbar and status hidden (drawing on the whole window) or shown again.
    func toggleShown() {
        shown.toggle()
        changed = true
    }

    /// The look for the canvas's state now.
    func look(tool: ToolID, canUndo: Bool, canRedo: Bool, color: InkColor, width: Double, status text: String,
              now: Double) -> Look {
        Look(toolbar: Toolbar.State(tool: tool, canUndo: canUndo, canRedo: canRedo, color: color, width: width), status: text,
             hovered: hovered, tooltipShown: hovered != nil && now - hoveredSince >= Toolbar.tooltipDelay)
    }

    /// Whether a frame must be drawn for the interface to look as it should (`look` is now's).
    func wantsFrame(_ look: Look, now: Double) -> Bool {
        changed || notices.needsFrame(now: now) || (shown && look != drawn) || latency?.needsFrame == true
    }

    /// Seconds until the interface changes by itself (a notice fading, a tooltip due), or nil.
    func secondsUntilChange(now: Double) -> Double? {
        let times = [notices.secondsUntilChange(now: now),
                     shown ? Toolbar.secondsUntilTooltip(hovered: hovered, since: hoveredSince, now: now) : nil]
        return times.compactMap { $0 }.min()
    }

    /// Takes an input event before the canvas does.
    func handle(_ event: WindowEvent, now: Double) -> Handling {
        if helpShown, Self.dismissesHelp(event) {
            toggleHelp()
            return .taken
        }
        guard shown else { return .passed }
        switch event {
        case let .pointerDown(sample, _, _) where toolbar.contains(sample.position) && toolbarPress == nil:
            toolbarPress = (pointer: true, touch: nil)
            return press(at: sample.position)
        case .pointerMoved where toolbarPress?.pointer == true:
            return .taken
        case let .pointerMoved(sample):
            let over = toolbar.button(at: sample.position)
            if over != hovered {
                hovered = over
                hoveredSince = now
            }
            return .passed
        case .pointerUp where toolbarPress?.pointer == true:
            toolbarPress = nil
            return .taken
        case let .touchBegan(id, at, _) where toolbar.contains(at) && toolbarPress == nil:
            toolbarPress = (pointer: false, touch: id)
            return press(at: at)
        case let .touchMoved(id, _, _) where toolbarPress?.touch == id:
            return .taken
        case let .touchEnded(id, _, _) where toolbarPress?.touch == id:
            toolbarPress = nil
            return .taken
        default:
            return .passed
        }
    }

    /// Everything the interface draws for a window `width` × `height`, top last; notes the look drawn.
    func overlay(_ look: Look, width: Int, height: Int, now: Double) -> [OverlayItem] {
        changed = false
        drawn = look
        toolbar.fit(windowHeight: height)
        var items: [OverlayItem] = []
        if shown {
            items += toolbar.overlay(look.toolbar, hovered: look.hovered, hoveredSince: hoveredSince, now: now)
            items += status.overlay(look.status, windowWidth: width)
        }
        if let latency { items += latency.overlay(windowWidth: width, windowHeight: height) }
        if helpShown { items += help.overlay(windowWidth: width, windowHeight: height) }
        return items + notices.overlay(windowWidth: width, windowHeight: height, now: now)
    }

    private func press(at point: Point) -> Handling {
        toolbar.button(at: point).map { .pressed($0) } ?? .taken
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
