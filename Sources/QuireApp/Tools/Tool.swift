import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireX11

/// Names a tool: what keys select and what the router asks the registry for.
public struct ToolID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let pen = ToolID("pen")
    public static let marker = ToolID("marker")
    public static let highlighter = ToolID("highlighter")
    public static let eraser = ToolID("eraser")
    public static let select = ToolID("select")
    public static let scissors = ToolID("scissors")
    public static let text = ToolID("text")
}

/// A pointer sample on its way to a tool, in page coordinates. A tool that acts on what lies under the
/// pointer finds it on the page itself (`Page.topItem(at:)`, or its own rule, as the select tool's).
public struct ToolInput: Sendable {
    public var sample: InputSample
    /// Whether Shift was held when the gesture began (the select tool stretches rather than moves).
    public var shift = false
    /// Whether the gesture's samples are laid along the ruler's edge (ink so drawn is straight already,
    /// and is never taken for a shape).
    public var alongRuler = false
}

/// What a tool works with: the page and its edits, the renderer's queue for live feedback, the ink
/// engines, and the colour chosen for each tool.
public struct ToolContext {
    public let editor: PageEditor
    public let renderQueue: RenderQueue
    public let registry: InkEngineRegistry
    public let color: (ToolID) -> InkColor
    /// Where the page sits in the window (page pixels → window pixels): for grips sized on screen.
    public let pageToWindow: AffineTransform
    /// How each inking tool draws, as set (the pen settings).
    public var pens: [InkTool: PenSettings] = [:]
    /// New text boxes' font family and size (page pixels), as set.
    public var textFont = (family: "sans-serif", size: 20.0)

    /// A new stroke's style for `tool` in `color`: the registry's, with the tool's pen settings.
    public func style(for tool: InkTool, color: StrokeColor) -> StrokeStyle {
        let style = registry.style(for: tool, color: color)
        return pens[tool].map { $0.applied(to: style) } ?? style
    }
    /// The canvas's clock (monotonic seconds), for what moves on by itself after a gesture ends.
    let now: () -> Double
    /// Where a scrap let go before its stretch split goes on springing back after the gesture ended.
    let springBacks: SpringBackRunner
}

/// One tool (pen, eraser, select, scissors…): a gesture's samples in, page edits out.
/// A new tool is one file holding its type (with its `offer`: toolbar icon, key, cursor, pen-button name,
/// help) plus a line in `ToolRegistry.standard`. The router calls
/// `begin`, then `move` for each sample, then `end` (with the last sample, or nil when the device went
/// away mid-gesture: keep what was done); `cancel` drops the gesture as if it never happened.
public protocol Tool: AnyObject {
    var id: ToolID { get }
    /// How the window offers it: read by the toolbar, the key table, the help, the cursor and the
    /// pen-button settings.
    var offer: ToolOffer { get }
    /// True between `begin` and `end`/`cancel`.
    var isActive: Bool { get }
    func begin(_ input: ToolInput, in context: ToolContext)
    func move(_ input: ToolInput, in context: ToolContext)
    func end(_ input: ToolInput?, in context: ToolContext)
    func cancel(in context: ToolContext)
    /// What the tool shows over the page while it is the selected tool (a selection's frame, a path
    /// being drawn), in window pixels.
    func overlay(on page: Page, pageToWindow: AffineTransform) -> [OverlayItem]
    /// A key pressed while the tool is selected, before the key table: true when the tool took it
    /// (nothing else then acts on it).
    func handleKey(_ key: KeyInput, in context: ToolContext) -> Bool
    /// When, on the canvas's clock, the active tool wants `tick` though no input comes (a pen held
    /// still, its stroke to be taken for a shape); nil: never.
    var wakeTime: Double? { get }
    /// The canvas's clock reached `now` while the tool is active: what waited for it happens.
    func tick(now: Double, in context: ToolContext)
    /// Anything else is about to happen (another tool, a command, another page): work the tool holds
    /// open beyond a gesture (a text box being typed into) becomes the page's edit now.
    func settle(in context: ToolContext)
}

extension Tool {
    public func overlay(on page: Page, pageToWindow: AffineTransform) -> [OverlayItem] { [] }
    public func handleKey(_ key: KeyInput, in context: ToolContext) -> Bool { false }
    public var wakeTime: Double? { nil }
    public func tick(now: Double, in context: ToolContext) {}
    public func settle(in context: ToolContext) {}
    /// Not offered: no toolbar button, key or pen-button name (a tool only code selects).
    public var offer: ToolOffer { ToolOffer(name: id.rawValue, help: id.rawValue, icon: nil, cursor: .arrow) }
}
