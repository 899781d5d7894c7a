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
    /// Where the page sits in the window. Page pixels → window pixels.
    public var pageToWindow: AffineTransform = .identity {
        didSet { needsRedraw = true }
    }
    public private(set) var tool: InkTool = .pen
    /// Each tool's palette slot (0-based), so switching tools keeps each one's colour.
    private var paletteSlot: [InkTool: Int] = [:]
    public let registry: InkEngineRegistry
    /// Told of each stroke as it is finished (the notebook autosaves it).
    public var onStrokeFinished: ((Stroke) -> Void)?

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

    public init(page: Page = Page(), registry: InkEngineRegistry = .standard) {
        self.page = page
        self.registry = registry
    }

    public var isDrawing: Bool { engine != nil }

    /// The colour the current tool draws with.
    public var color: InkColor { Palette.colors[paletteSlot[tool] ?? Palette.initialSlot(for: tool)] }

    /// The style a stroke started now would have.
    public var currentStyle: StrokeStyle { registry.style(for: tool, color: .rgb(color)) }

    /// Feeds one window event; returns a command for the application, if the event was one.
    public func handle(_ event: WindowEvent) -> CanvasCommand? {
        switch event {
        case let .pointerDown(sample, button) where button == 1:
            beginStroke(toPage(sample), button: button)
        case let .pointerMoved(sample):
            continueStroke(toPage(sample))
        case let .pointerUp(sample, button) where button == strokeButton:
            continueStroke(toPage(sample))
            endStroke()
        case let .key(key):
            return handleKey(key)
        case .resized, .exposed:
            needsRedraw = true
        case .closeRequested:
            return .quit
        default:
            break
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
        engine = nil
        liveStyle = nil
        liveSamples = []
        strokeButton = nil
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

    private func beginStroke(_ sample: InputSample, button: Int) {
        if engine != nil { endStroke() }
        let style = currentStyle
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
        page.append(Stroke(samples: liveSamples, style: style))
        onStrokeFinished?(page.strokes[page.strokes.count - 1])
        engine = nil
        liveStyle = nil
        liveSamples = []
        strokeButton = nil
        needsRedraw = true
    }

    private func takeUpdate() {
        if !update.committed.isEmpty { pendingWork.append(.sprites(update.committed)) }
        provisionalSprites = update.provisional
        needsRedraw = true
    }

    private func handleKey(_ key: KeyInput) -> CanvasCommand? {
        guard let character = key.character.map({ Character($0.lowercased()) }) else { return nil }
        if key.control {
            switch character {
            case "e": return .exportPNG
            case "q": return .quit
            default: return nil
            }
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
