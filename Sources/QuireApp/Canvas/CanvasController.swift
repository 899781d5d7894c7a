import Dispatch
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireX11

/// The canvas, with no Xlib or GL call in it: it composes the page editor (the page, its edits and
/// history), the input router (gestures and tools) and the key table, and leaves work for the renderer.
public final class CanvasController {
    public let editor: PageEditor
    public let tools: ToolRegistry
    public let registry: InkEngineRegistry
    private let viewport = Viewport()
    private let renderQueue = RenderQueue()
    private let router: InputRouter
    private let springBacks = SpringBackRunner()
    /// Each tool's colour once one was chosen (a palette key or the colour picker), so switching
    /// tools keeps each one's colour; a tool not in it draws with its palette colour.
    public private(set) var chosenColors: [ToolID: InkColor] = [:]

    public init(page: Page = Page(), history: PageHistory = PageHistory(), registry: InkEngineRegistry = .standard,
                tools: ToolRegistry = .standard) {
        self.registry = registry
        self.tools = tools
        editor = PageEditor(page: page, history: history, renderQueue: renderQueue)
        router = InputRouter(viewport: viewport, tools: tools)
        viewport.onChange = { [renderQueue] in renderQueue.setNeedsRedraw() }
    }

    public var page: Page { editor.page }

    /// Zoom and pan.
    public var view: PageView {
        get { viewport.view }
        set { viewport.view = newValue }
    }

    /// Where the page sits in the window. Page pixels → window pixels.
    public var pageToWindow: AffineTransform { viewport.pageToWindow }

    public var settings: InputSettings {
        get { router.settings }
        set { router.settings = newValue }
    }

    /// A new stroke's style for `tool` in its current colour, with its pen settings.
    public func style(for tool: InkTool) -> StrokeStyle {
        context.style(for: tool, color: .rgb(color(for: ToolID(tool.rawValue))))
    }

    /// The widest ink of the tool in hand, in page pixels (0 for a tool without ink).
    public var toolInkWidth: Double {
        InkTool(rawValue: tool.rawValue).map { style(for: $0).maximumWidth } ?? 0
    }

    /// The tool the keys selected.
    public var tool: ToolID { router.selectedTool }
    public var isDrawing: Bool { router.isDrawing }
    public var needsRedraw: Bool { renderQueue.needsRedraw }
    /// Something moves on by itself (a scrap springing back): the application draws frames, calling
    /// `animate(now:)` before each, until it stops.
    public var isAnimating: Bool { springBacks.isRunning }
    /// Monotonic seconds, the same clock the application paces its frames by (tests set their own).
    public var clock: () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    /// What the tool in hand shows over the page (a selection's frame and grips, the scissors' path), in
    /// window pixels: the latest gesture's tool, which a pen button may have chosen, else the selected one.
    public var overlay: [OverlayItem] {
        (router.ruler?.overlay(pageToWindow: pageToWindow) ?? [])
            + (tools.tool(router.shownTool)?.overlay(on: page, pageToWindow: pageToWindow) ?? [])
    }

    /// The ruler over the page, when shown.
    public var ruler: Ruler? { router.ruler }
    /// The live stroke's not-yet-final sprites, drawn over the page each frame.
    public var provisionalSprites: [Sprite] { renderQueue.provisionalSprites }
    public var canUndo: Bool { editor.canUndo || notebookSteps().undo != nil }
    public var canRedo: Bool { editor.canRedo || notebookSteps().redo != nil }
    /// The stamps of the notebook's newest page change and most recently undone one (the application
    /// tells; none by default): undo and redo take the newer of those and the shown page's own step,
    /// handing a page change to the application as `.notebook(.undoPageChange)` or `.redoPageChange`.
    public var notebookSteps: () -> (undo: Int64?, redo: Int64?) = { (nil, nil) }

    /// The colour the current tool draws with.
    public var color: InkColor { color(for: tool) }

    /// The colour tool `id` draws with.
    public func color(for id: ToolID) -> InkColor {
        chosenColors[id] ?? Palette.colors[Palette.initialSlot(for: id)]
    }

    /// Gives tool `id` its own colour, made opaque (a tool's opacity is its style's, not its colour's).
    public func setColor(_ color: InkColor, for id: ToolID) {
        chosenColors[id] = color.withAlpha(1)
    }

    private var context: ToolContext {
        ToolContext(editor: editor, renderQueue: renderQueue, registry: registry, color: { [unowned self] in color(for: $0) },
                    pageToWindow: viewport.pageToWindow, pens: router.settings.pens,
                    textFont: (router.settings.textFamily, router.settings.textSize), now: clock, springBacks: springBacks)
    }

    /// Moves what animates on to `now` (the clock's seconds) for the frame about to be drawn.
    public func animate(now: Double) {
        springBacks.advance(to: now, in: context)
    }

    /// Lands at once what still animates, where it ends (a replay has no frames to wait for).
    public func finishAnimations() {
        springBacks.finish(in: context)
    }

    /// When (the clock's seconds) the canvas must be woken though no input comes: a pen held still
    /// mid-stroke, for its stroke to be taken for a shape. Nil: only input wakes it.
    public var wakeTime: Double? { router.wakeTime }

    /// The clock reached `now`: what waited for it happens (a held stroke shown as its shape).
    public func tick(now: Double) {
        router.tick(now: now, context: context)
    }

    /// Feeds one window event; returns the action it asks of the application, if it was one the
    /// canvas cannot carry out itself (`perform`).
    public func handle(_ event: WindowEvent) -> AppAction? {
        // A press lands a scrap still springing back: the new gesture (perhaps on that scrap, which
        // the page has where it lands) or the key's edit must find the page as it is drawn.
        switch event {
        case .pointerDown, .touchBegan, .key: springBacks.finish(in: context)
        default: break
        }
        // A box being typed into ends when a gesture begins that is not the text tool's own press.
        switch event {
        case let .pointerDown(_, button, _) where button != 1 || router.selectedTool != .text: settleTools()
        case .touchBegan: settleTools()
        default: break
        }
        if router.route(event, context: context) { return nil }
        switch event {
        case let .key(key):
            // Ctrl+V while typing into a text box pastes into it: the typing goes on.
            if isTypingText, KeyTable.action(for: key) == .paste { return .paste }
            // The tool in hand first (a tool that takes typing), then the key table, then the keys of
            // registered tools the standard table does not know.
            if let tool = tools.tool(router.selectedTool), tool.handleKey(key, in: context) { return nil }
            if let action = KeyTable.action(for: key) { return perform(action) }
            return tools.tool(forKey: key).flatMap { perform(.selectTool($0)) }
        case let .resized(width, height):
            viewport.windowSize = Point(Double(width), Double(height))
            renderQueue.setNeedsRedraw()
        case .exposed:
            renderQueue.setNeedsRedraw()
        case .closeRequested:
            return .quit
        default:
            break
        }
        return nil
    }

    /// Carries out an action (from a key or the toolbar); returns it when only the application can
    /// carry it out (a file written, a panel shown, the notebook changed; undo of a page change).
    public func perform(_ action: AppAction) -> AppAction? {
        springBacks.finish(in: context)
        settleTools()
        let centre = viewport.windowSize / 2
        switch action {
        case let .selectTool(id): select(id)
        case let .selectColor(slot): selectColor(slot: slot)
        case .undo:
            if isDrawing { return nil }
            if let notebook = notebookSteps().undo, notebook > (editor.history.done.last?.stamp ?? .min) {
                return .notebook(.undoPageChange)
            }
            undo()
        case .redo:
            if isDrawing { return nil }
            if let notebook = notebookSteps().redo, notebook > (editor.history.undone.last?.stamp ?? .min) {
                return .notebook(.redoPageChange)
            }
            redo()
        case .zoomIn: viewport.view.zoom(by: InputRouter.zoomStep, around: centre)
        case .zoomOut: viewport.view.zoom(by: 1 / InputRouter.zoomStep, around: centre)
        case .resetView: viewport.view.reset()
        case let .pan(dx, dy): viewport.view.pan(by: Point(Double(dx), Double(dy)) * InputRouter.scrollStep)
        case .toggleRuler: router.toggleRuler(context: context)
        case .hideRuler: router.hideRuler(context: context)
        case .deleteSelection: selectTool?.deleteSelection(in: context)
        case .bringSelectionToFront: selectTool?.bringToFront(in: context)
        case .duplicateSelection: selectTool?.duplicateSelection(in: context)
        case .copy, .cut, .paste, .exportPNG, .exportPDF, .quit, .showHelp, .find, .showPenSettings, .toggleInterface, .toggleFullscreen,
             .toggleColorPicker, .showNotebooks, .showPageSorter, .notebook:
            return action
        }
        return nil
    }

    /// The part of the page the window shows (page pixels), or the whole page when none of it shows.
    public var visiblePageRect: Rect {
        let pageRect = Rect(x: 0, y: 0, width: page.size.width, height: page.size.height)
        let shown = windowInPageSpace.intersection(pageRect)
        return shown.isNull || shown.isEmpty ? pageRect : shown
    }

    /// The window in page coordinates, the desk beside the page included: where a scrap hanging over
    /// the page's edge is seen (the page itself when the view has no inverse).
    var windowInPageSpace: Rect {
        guard let toPage = pageToWindow.inverted else { return Rect(x: 0, y: 0, width: page.size.width, height: page.size.height) }
        return toPage.apply(Rect(x: 0, y: 0, width: viewport.windowSize.x, height: viewport.windowSize.y))
    }

    /// A window point on the page.
    public func pagePoint(atWindow point: Point) -> Point {
        viewport.toPage(point)
    }

    /// Hands over the renderer work queued since the last call and marks the view as drawn.
    public func takeRenderWork() -> [RenderWork] {
        renderQueue.takeAll()
    }

    /// Hands over the renderer work a frame is to show (`RenderQueue.takeForFrame`): all of it, but for
    /// a pick-up that waits a frame; marks the view drawn only when all was handed over.
    public func takeRenderWorkForFrame() -> [RenderWork] {
        renderQueue.takeForFrame()
    }

    /// Ends a gesture in progress as if the pen had lifted, keeping what it drew (before the page or
    /// notebook changes under it).
    public func finishGesture() {
        settleTools()
        router.interruptGesture(context: context, keep: true)
        springBacks.finish(in: context)
    }

    /// Shows another page (the notebook turned a page) with its own history (`startsAfresh`: the stored
    /// one did not read): a gesture still in progress and renderer work not yet handed over belonged to
    /// the old page and are dropped.
    public func show(_ newPage: Page, history: PageHistory = PageHistory(), startsAfresh: Bool = false) {
        settleTools()
        router.interruptGesture(context: context, keep: false)
        springBacks.discard()
        renderQueue.reset()
        editor.show(newPage, history: history, startsAfresh: startsAfresh)
    }

    /// Whether a text box is being typed into (a paste then brings text first, into it).
    public var isTypingText: Bool { textTool?.isEditing ?? false }

    /// Text from the clipboard: into the box being typed into, else a new text box in the middle of
    /// the view.
    public func pasteText(_ text: String) {
        guard let textTool else { return }
        let visible = visiblePageRect
        textTool.paste(text, at: Point(visible.minX + visible.width / 4, visible.minY + visible.height / 2), in: context)
    }

    private var textTool: TextTool? { tools.tool(.text) as? TextTool }

    /// What Ctrl+C copies: the select tool's selection, or, with the scissors in hand, the ink their last
    /// loop cut out; empty when neither is on the page.
    public var selectedItems: [PageItem] {
        let chosen = router.selectedTool == .scissors ? (tools.tool(.scissors) as? ScissorsTool)?.lastCutOut : selectTool?.selected
        guard let chosen, let index = page.index(of: chosen) else { return [] }
        return [page.items[index]]
    }

    /// Where a scrap being carried is (window pixels): by the select tool's drag, or two fingers.
    public var carriedItemAt: Point? {
        selectTool?.draggedAt ?? router.scrapCarriedAt
    }

    /// Takes what Ctrl+X copied off the page: one undo step.
    public func removeCopied(_ items: [PageItem]) {
        guard let edit = page.removing(items.map(\.id)) else { return }
        editor.apply(edit, label: "cut")
        if let selected = selectTool?.selected, page.index(of: selected) == nil { selectTool?.select(nil, in: context) }
    }

    /// Puts copied items on the page (Ctrl+V), one undo step, and selects what was pasted (for the select
    /// tool, Ctrl+C and Ctrl+D). On the page they were copied from (an original still here) the paste lies
    /// `SelectTool.copyOffset` × `repeats` beside the original; elsewhere its middle is where the pointer
    /// was last over the window, or the middle of the view. False when it cannot be placed.
    @discardableResult
    public func paste(_ items: [PageItem], repeats: Int) -> Bool {
        finishGesture()
        let bounds = items.reduce(Rect.null) { $0.union($1.bounds) }
        guard !bounds.isNull else { return false }
        let shift: Point
        if items.contains(where: { page.index(of: $0.id) != nil }) {
            shift = Point(1, 1) * (SelectTool.copyOffset * Double(max(1, repeats)))
        } else {
            let window = Rect(x: 0, y: 0, width: viewport.windowSize.x, height: viewport.windowSize.y)
            let target = router.lastPointer.flatMap { window.contains($0) ? viewport.toPage($0) : nil } ?? visiblePageRect.center
            shift = target - bounds.center
        }
        guard let (edit, ids) = page.pasting(items, by: Homography(AffineTransform.translation(shift.x, shift.y))),
              editor.apply(edit, label: items.count == 1 ? "pasted" : "pasted \(items.count) items") else { return false }
        if ids.count == 1 { selectTool?.select(ids[0], in: context) }
        return true
    }

    /// The text settings panel's font: new text boxes take it, and so does the box being typed into.
    public func setTextFont(family: String, size: Double) {
        settings.textFamily = family
        settings.textSize = size
        textTool?.restyle(family: family, size: size, in: context)
    }

    /// Work tools hold open beyond a gesture (a text box being typed into) becomes the page's edit.
    public func settleTools() {
        for id in tools.ids { tools.tool(id)?.settle(in: context) }
    }

    /// The select tool, which holds the selection that Delete and bring-to-front act on.
    private var selectTool: SelectTool? { tools.tool(.select) as? SelectTool }

    /// Selects a tool; a stroke in progress finishes with the tool it began with.
    public func select(_ id: ToolID) {
        guard tools.tool(id) != nil else { return }
        router.selectedTool = id
    }

    /// Selects palette slot `slot` (0-based) for the current tool.
    public func selectColor(slot: Int) {
        guard Palette.colors.indices.contains(slot) else { return }
        setColor(Palette.colors[slot], for: tool)
    }

    /// Undoes the page's newest edit. Ignored while a stroke is being drawn.
    public func undo() {
        guard !isDrawing else { return }
        editor.undo()
    }

    /// Applies again the edit most recently undone.
    public func redo() {
        guard !isDrawing else { return }
        editor.redo()
    }

    /// Pan distance per wheel notch or arrow key (window pixels).
    public static var scrollStep: Double { InputRouter.scrollStep }
}
