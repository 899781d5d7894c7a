import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11

/// What the canvas asks of the application after an event.
public enum CanvasCommand: Equatable, Sendable {
    case exportPNG
    case quit
}

/// The drawing logic between window events and the renderer, with no Xlib or GL call in it: it turns pointer
/// samples into strokes on the page and sprites for the renderer, and keys into commands.
public final class CanvasController {
    public private(set) var page: Page
    /// Where the page sits in the window. Page pixels → window pixels.
    public var pageToWindow: AffineTransform = .identity {
        didSet { needsRedraw = true }
    }
    public var inkColor = InkColor.black
    public var minimumDiameter = 1.5
    public var maximumDiameter = 3.5

    /// True when the window shows something stale.
    public private(set) var needsRedraw = true
    /// Final sprites not yet handed to the renderer.
    private var pendingSprites: [Sprite] = []
    /// The live stroke's not-yet-final sprites, drawn over the page each frame.
    public private(set) var provisionalSprites: [Sprite] = []

    private var builder: StraightStrokeBuilder?
    private var liveSamples: [InputSample] = []
    /// The button that started the live stroke: only its release ends it.
    private var strokeButton: Int?

    public init(page: Page = Page()) {
        self.page = page
    }

    public var isDrawing: Bool { builder != nil }

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
            return command(for: key)
        case .resized, .exposed:
            needsRedraw = true
        case .closeRequested:
            return .quit
        default:
            break
        }
        return nil
    }

    /// Hands over the sprites finished since the last call and marks the view as drawn.
    public func takeSpritesForRenderer() -> [Sprite] {
        defer {
            pendingSprites.removeAll(keepingCapacity: true)
            needsRedraw = false
        }
        return pendingSprites
    }

    private func toPage(_ sample: InputSample) -> InputSample {
        var s = sample
        s.position = (pageToWindow.inverted ?? .identity).apply(sample.position)
        return s
    }

    private func beginStroke(_ sample: InputSample, button: Int) {
        if builder != nil { endStroke() }
        var b = StraightStrokeBuilder(color: inkColor, minimumDiameter: minimumDiameter,
                                      maximumDiameter: maximumDiameter)
        apply(b.begin(sample))
        builder = b
        liveSamples = [sample]
        strokeButton = button
    }

    private func continueStroke(_ sample: InputSample) {
        guard var b = builder else { return }
        apply(b.add(sample))
        builder = b
        liveSamples.append(sample)
    }

    private func endStroke() {
        guard var b = builder else { return }
        apply(b.end())
        provisionalSprites = []
        page.append(Stroke(samples: liveSamples, color: inkColor, minimumDiameter: minimumDiameter,
                           maximumDiameter: maximumDiameter))
        builder = nil
        liveSamples = []
        strokeButton = nil
    }

    private func apply(_ update: StrokeUpdate) {
        pendingSprites += update.committed
        provisionalSprites = update.provisional
        if !update.committed.isEmpty || !update.provisional.isEmpty { needsRedraw = true }
    }

    private func command(for key: KeyInput) -> CanvasCommand? {
        guard key.control, let character = key.character else { return nil }
        switch character.lowercased() {
        case "e": return .exportPNG
        case "q": return .quit
        default: return nil
        }
    }
}
