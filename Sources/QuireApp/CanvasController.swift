import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11

/// What the canvas asks of the application after an event.
public enum CanvasCommand: Equatable, Sendable {
    case exportPNG
    case quit
}

/// The drawing logic between window events and the renderer, with no Xlib or GL call in it: it turns
/// pointer samples into strokes on the page (through the ink engine the current tool is mapped to) and
/// into work for the renderer, and keys into tools, colours and commands.
public final class CanvasController {
    public private(set) var page: Page
    /// Zoom and pan.
    public var view = PageView() {
        didSet { needsRedraw = true }
    }
    /// Where the page sits in the window. Page pixels → window pixels.
    public var pageToWindow: AffineTransform { view.pageToWindow }
    /// The window's size, for zooming about its centre from the keyboard.
    private var windowSize = Point(1024, 768)
    /// Strokes undone and not yet redone, newest last. A new stroke clears them.
    private var redoStrokes: [Stroke] = []
    /// Where a button pan last was, and the button holding it.
    private var panAnchor: Point?
    private var panButton: Int?
    public var settings = InputSettings()
    /// The device drawing the live stroke (0: unknown), so other devices' motion stays out of it.
    private var strokeDeviceID = 0
    /// When a pen or eraser was last seen (server seconds): touches soon after are palms.
    private var lastPenTime: Double?
    /// Fingers on the screen that count, and those rejected as palms.
    private var touches: [Int: Point] = [:]
    private var rejectedTouches: Set<Int> = []
    public private(set) var tool: InkTool = .pen
    /// Each tool's palette slot (0-based), so switching tools keeps each one's colour.
    private var paletteSlot: [InkTool: Int] = [:]
    public let registry: InkEngineRegistry
    /// Told of each stroke as it is finished (the notebook autosaves it).
    public var onStrokeFinished: ((Stroke) -> Void)?
    /// Called after an undo took the page's newest stroke off (a redo calls `onStrokeFinished`).
    public var onStrokeUndone: (() -> Void)?

    /// True when the window shows something stale.
    public private(set) var needsRedraw = true
    /// Renderer work not yet handed over.
    private var pendingWork: [InkRenderWork] = []
    /// The live stroke's not-yet-final sprites, drawn over the page each frame.
    public private(set) var provisionalSprites: [Sprite] = []

    private var engine: (any InkDrawEngine)?
    private var liveStyle: StrokeStyle?
    private var liveSamples: [InputSample] = []
    /// Reused for every sample, so drawing allocates nothing per event once warm.
    private var update = StrokeUpdate()
    /// The button that started the live stroke: only its release ends it.
    private var strokeButton: Int?

    /// Zoom factor per wheel notch or key press, and pan distance per notch or arrow key (window px).
    static let zoomStep = 1.25
    static let scrollStep = 48.0

    public init(page: Page = Page(), registry: InkEngineRegistry = .standard) {
        self.page = page
        self.registry = registry
    }

    public var isDrawing: Bool { engine != nil }

    /// The colour the current tool draws with.
    public var color: InkColor { color(for: tool) }

    private func color(for someTool: InkTool) -> InkColor {
        Palette.colors[paletteSlot[someTool] ?? Palette.initialSlot(for: someTool)]
    }

    /// The style a stroke started now would have.
    public var currentStyle: StrokeStyle { registry.style(for: tool, color: .rgb(color)) }

    /// Feeds one window event; returns a command for the application, if the event was one.
    public func handle(_ event: WindowEvent) -> CanvasCommand? {
        switch event {
        case let .pointerDown(sample, button):
            notePen(sample)
            pointerDown(sample, button: button)
        case let .pointerMoved(sample):
            notePen(sample)
            if let anchor = panAnchor {
                view.pan(by: sample.position - anchor)
                panAnchor = sample.position
            }
            if strokeDeviceID == 0 || sample.deviceID == 0 || sample.deviceID == strokeDeviceID {
                continueStroke(toPage(sample))
            }
        case let .pointerUp(sample, button):
            notePen(sample)
            if button == strokeButton {
                continueStroke(toPage(sample))
                endStroke()
            }
            if button == panButton {
                panAnchor = nil
                panButton = nil
            }
        case let .touchBegan(id, at, time):
            if isPalm(at: time) { rejectedTouches.insert(id) } else { touches[id] = at }
        case let .touchMoved(id, at, _):
            moveTouch(id, to: at)
        case let .touchEnded(id, at, _):
            moveTouch(id, to: at)
            touches[id] = nil
            rejectedTouches.remove(id)
        case let .deviceGone(id):
            // Unplugged or disabled mid-stroke: keep what was drawn, as if the pen had lifted. A gone
            // device's fingers and pans end too (X sends no more events for them).
            if isDrawing, strokeDeviceID == id { endStroke() }
            if panAnchor != nil { panAnchor = nil; panButton = nil }
            touches.removeAll()
            rejectedTouches.removeAll()
        case .devicesChanged:
            break
        case let .scroll(dx, dy, at, control):
            if control {
                view.zoom(by: dy < 0 ? Self.zoomStep : 1 / Self.zoomStep, around: at)
            } else {
                view.pan(by: Point(-dx, -dy) * Self.scrollStep)
            }
        case let .key(key):
            return handleKey(key)
        case let .resized(width, height):
            windowSize = Point(Double(width), Double(height))
            needsRedraw = true
        case .exposed:
            needsRedraw = true
        case .closeRequested:
            return .quit
        }
        return nil
    }

    /// Hands over the renderer work queued since the last call and marks the view as drawn.
    public func takeRenderWork() -> [InkRenderWork] {
        defer {
            pendingWork.removeAll(keepingCapacity: true)
            needsRedraw = false
        }
        return pendingWork
    }

    /// Shows another page (the notebook turned a page): a stroke in progress and renderer work not yet
    /// handed over belonged to the old page and are dropped.
    public func show(_ newPage: Page) {
        page = newPage
        redoStrokes.removeAll()
        forgetLiveStroke()
        pendingWork.removeAll()
        provisionalSprites = []
        needsRedraw = true
    }

    /// Selects a tool; a stroke in progress finishes with the tool it began with.
    public func select(_ newTool: InkTool) {
        tool = newTool
    }

    /// Selects palette slot `slot` (0-based) for the current tool.
    public func selectColor(slot: Int) {
        guard Palette.colors.indices.contains(slot) else { return }
        paletteSlot[tool] = slot
    }

    private func toPage(_ sample: InputSample) -> InputSample {
        var s = sample
        s.position = (pageToWindow.inverted ?? .identity).apply(sample.position)
        return s
    }

    /// What a button does for the device that pressed it: the tip or left button draws (an eraser end
    /// erases), a pen's side buttons do what the settings say, a mouse's middle button pans.
    private func pointerDown(_ sample: InputSample, button: Int) {
        let action: PenButtonAction?
        switch button {
        case 1: action = nil
        case 2: action = sample.device.isStylus ? settings.lowerPenButton : .pan
        case 3: action = sample.device.isStylus ? settings.upperPenButton : PenButtonAction.none
        default: action = PenButtonAction.none
        }
        switch action {
        case nil:
            beginStroke(toPage(sample), button: button, tool: sample.device == .eraser ? .eraser : tool)
        case .erase?:
            beginStroke(toPage(sample), button: button, tool: .eraser)
        case .pan?:
            panAnchor = sample.position
            panButton = button
        case .none?:
            break
        }
    }

    private func notePen(_ sample: InputSample) {
        if sample.device.isStylus { lastPenTime = sample.time }
    }

    /// A touch while a pen draws, or soon after one was seen, is a palm resting on the screen.
    private func isPalm(at time: Double) -> Bool {
        if isDrawing && strokeDeviceID != 0 { return true }
        guard let last = lastPenTime else { return false }
        return time - last < settings.palmRejectionSeconds
    }

    /// One finger pans; two pinch (zoom about their midpoint) and pan together.
    private func moveTouch(_ id: Int, to point: Point) {
        guard let previous = touches[id] else { return }
        if touches.count == 1 {
            view.pan(by: point - previous)
        } else if let (_, other) = touches.first(where: { $0.key != id }) {
            let oldMid = (previous + other) / 2, newMid = (point + other) / 2
            let oldSpan = previous.distance(to: other), newSpan = point.distance(to: other)
            view.pan(by: newMid - oldMid)
            if oldSpan > 1, newSpan > 1 { view.zoom(by: newSpan / oldSpan, around: newMid) }
        }
        touches[id] = point
    }

    private func beginStroke(_ sample: InputSample, button: Int, tool strokeTool: InkTool) {
        if engine != nil { endStroke() }
        let style = registry.style(for: strokeTool, color: .rgb(color(for: strokeTool)))
        strokeDeviceID = sample.deviceID
        var newEngine = registry.makeEngine(for: style)
        pendingWork.append(.beginStroke(newEngine.renderStyle))
        newEngine.begin(sample, into: &update)
        engine = newEngine
        liveStyle = style
        liveSamples = [sample]
        strokeButton = button
        takeUpdate()
    }

    private func continueStroke(_ sample: InputSample) {
        guard engine != nil else { return }
        engine!.add(sample, into: &update)
        liveSamples.append(sample)
        takeUpdate()
    }

    private func endStroke() {
        guard engine != nil, let style = liveStyle else { return }
        engine!.end(into: &update)
        takeUpdate()
        provisionalSprites = []
        pendingWork.append(.endStroke)
        let stroke = Stroke(samples: liveSamples, style: style)
        try? page.apply(page.adding(stroke))
        redoStrokes.removeAll()
        onStrokeFinished?(stroke)
        forgetLiveStroke()
        needsRedraw = true
    }

    /// No stroke is being drawn any more.
    private func forgetLiveStroke() {
        engine = nil
        liveStyle = nil
        liveSamples = []
        strokeButton = nil
        strokeDeviceID = 0
    }

    private func takeUpdate() {
        if !update.committed.isEmpty { pendingWork.append(.sprites(update.committed)) }
        provisionalSprites = update.provisional
        needsRedraw = true
    }

    /// Takes the newest stroke off the page. Ignored while a stroke is being drawn.
    public func undo() {
        guard engine == nil, let last = page.items.last, let stroke = last.stroke else { return }
        try? page.apply(.remove([PlacedItem(last, at: page.items.count - 1)]))
        redoStrokes.append(stroke)
        pendingWork.append(.undo)
        onStrokeUndone?()
        needsRedraw = true
    }

    /// Puts back the stroke most recently undone.
    public func redo() {
        guard engine == nil, let stroke = redoStrokes.popLast() else { return }
        try? page.apply(page.adding(stroke))
        pendingWork.append(.redo)
        onStrokeFinished?(stroke)
        needsRedraw = true
    }

    public var canRedo: Bool { !redoStrokes.isEmpty }

    private func handleKey(_ key: KeyInput) -> CanvasCommand? {
        let centre = windowSize / 2
        switch key.keysym {
        case 0xff51: view.pan(by: Point(Self.scrollStep, 0)); return nil    // Left: see what is left
        case 0xff53: view.pan(by: Point(-Self.scrollStep, 0)); return nil   // Right
        case 0xff52: view.pan(by: Point(0, Self.scrollStep)); return nil    // Up
        case 0xff54: view.pan(by: Point(0, -Self.scrollStep)); return nil   // Down
        case 0xffab: view.zoom(by: Self.zoomStep, around: centre); return nil       // keypad +
        case 0xffad: view.zoom(by: 1 / Self.zoomStep, around: centre); return nil   // keypad −
        default: break
        }
        guard let character = key.character.map({ Character($0.lowercased()) }) else { return nil }
        if key.control {
            switch character {
            case "e": return .exportPNG
            case "q": return .quit
            case "z": key.shift ? redo() : undo()
            case "y": redo()
            case "=", "+": view.zoom(by: Self.zoomStep, around: centre)
            case "-": view.zoom(by: 1 / Self.zoomStep, around: centre)
            case "0": view.reset()
            default: break
            }
            return nil
        }
        guard !key.alt else { return nil }
        switch character {
        case "p": select(.pen)
        case "m": select(.marker)
        case "h": select(.highlighter)
        case "e": select(.eraser)
        case "1"..."9": selectColor(slot: Int(String(character))! - 1)
        default: break
        }
        return nil
    }
}
