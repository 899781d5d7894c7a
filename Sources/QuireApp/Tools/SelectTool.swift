import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender

/// The select (hand) tool: press on a scrap or picture and drag to move it; drag a corner of its frame
/// to scale it about its centre, the round handle to turn it; a double press brings it to the front.
/// What it holds stays selected (Delete removes it, a key brings it forward) until it presses on bare
/// paper. Each drag is one edit, shown live through the renderer and saved when the pen lifts.
///
/// Shift+drag on a scrap stretches it, for a pen or mouse without a touchscreen (seed 004's pull-apart
/// gesture): the half of the scrap nearer the press follows the pointer while the far edge stays put,
/// and past the split rule it snaps into two copies (see `ShiftStretch`).
public final class SelectTool: Tool {
    public let id = ToolID.select
    public let offer = ToolOffer(name: "Select", key: "v", help: "select (move, turn and scale scraps, pictures and text boxes)", icon: ToolIcon([
        // An arrow pointer.
        ToolIcon.shape([(6, 2), (6, 20), (10.5, 15.5), (13.5, 22), (16.5, 20.5), (13.5, 14.5), (19.5, 14.5)]),
    ]), cursor: .arrow, penButtonName: "select")
    /// The selected item, if it is still on the page.
    public private(set) var selected: ItemID?
    private var drag: (grip: SelectionFrame.Grip, start: Point, preview: ItemTransformPreview)?
    private var stretch: ShiftStretch?
    /// Whether an item let go at this window point goes into the scrap tray (the application's).
    public var dropsInTray: ((Point) -> Bool)?
    /// Told of an item let go over the tray: the application moves it there.
    public var onDropInTray: ((ItemID) -> Void)?
    /// Where an item dragged by its middle is (window pixels), while it is.
    public private(set) var draggedAt: Point?
    /// The latest press on an item, to tell a double press.
    private var lastPress: (item: ItemID, time: Double, at: Point)?

    /// Seconds and page pixels (at 1×) within which a second press on the same item is a double press.
    static let doublePressSeconds = 0.4
    static let doublePressReach = 8.0

    public init() {}

    public var isActive: Bool { drag != nil || stretch != nil }

    public func begin(_ input: ToolInput, in context: ToolContext) {
        if isActive { end(nil, in: context) }
        let point = input.sample.position
        guard point.x.isFinite, point.y.isFinite else { return }
        let page = context.editor.page
        // The selection's handles first: they reach past its edge and may lie over another item.
        var selectionGrip: SelectionFrame.Grip?
        if let selected, let index = page.index(of: selected),
           let frame = SelectionFrame(page.items[index], pageToWindow: context.pageToWindow) {
            selectionGrip = frame.grip(at: point, itemContains: { page.items[index].contains($0, tolerance: 0) })
        }
        // Shift stretches from the body; a corner or the turning handle keeps its own meaning with Shift.
        if input.shift, selectionGrip == nil || selectionGrip == .body, let item = Self.handleableItem(at: point, on: page),
           let stretch = ShiftStretch(item, pressedAt: point, on: page) {
            select(item, in: context)
            self.stretch = stretch
            return
        }
        if let selected, let grip = selectionGrip, let preview = ItemTransformPreview(selected, on: page) {
            if grip == .body, isDoublePress(on: selected, at: input.sample) {
                bringToFront(in: context)
                return
            }
            drag = (grip, point, preview)
            preview.prepare(in: context)
            lastPress = (selected, input.sample.time, point)
            return
        }
        guard let item = Self.handleableItem(at: point, on: page), let preview = ItemTransformPreview(item, on: page) else {
            select(nil, in: context)
            return
        }
        select(item, in: context)
        drag = (.body, point, preview)
        preview.prepare(in: context)
        lastPress = (item, input.sample.time, point)
    }

    public func move(_ input: ToolInput, in context: ToolContext) {
        if let stretch {
            stretch.move(to: input.sample.position, in: context)
            return
        }
        guard let drag, let frame = SelectionFrame(drag.preview.original, pageToWindow: context.pageToWindow) else { return }
        let point = input.sample.position
        guard point.x.isFinite, point.y.isFinite else { return }
        drag.preview.show(frame.map(for: drag.grip, from: drag.start, to: point), in: context)
        if drag.grip == .body { draggedAt = context.pageToWindow.apply(point) }
    }

    public func end(_ input: ToolInput?, in context: ToolContext) {
        if let input { move(input, in: context) }
        defer { draggedAt = nil }
        // Let go over the tray: the item goes there rather than to where it was dragged.
        if let drag, drag.grip == .body, let draggedAt, dropsInTray?(draggedAt) == true {
            drag.preview.revert(in: context)
            self.drag = nil
            select(nil, in: context)
            onDropInTray?(drag.preview.original.id)
            return
        }
        drag?.preview.commit(in: context)
        drag = nil
        stretch?.end(in: context)
        stretch = nil
    }

    public func cancel(in context: ToolContext) {
        drag?.preview.revert(in: context)
        drag = nil
        draggedAt = nil
        stretch?.cancel(in: context)
        stretch = nil
    }

    /// Selects `item` (nil: nothing), redrawing the frame.
    public func select(_ item: ItemID?, in context: ToolContext) {
        guard item != selected else { return }
        selected = item
        context.renderQueue.setNeedsRedraw()
    }

    /// Takes the selected item off the page (one undoable edit).
    public func deleteSelection(in context: ToolContext) {
        guard !isActive, let selected, let edit = context.editor.page.removing([selected]) else { return }
        context.editor.apply(edit)
        select(nil, in: context)
    }

    /// How far a duplicate or a paste onto its original's page lies from the original, page pixels.
    static let copyOffset = 24.0

    /// Puts a copy of the selected item just above it, `copyOffset` down and right (Ctrl+D), and selects
    /// the copy; the clipboard is left alone. One undo step.
    public func duplicateSelection(in context: ToolContext) {
        let offset = Homography(AffineTransform.translation(Self.copyOffset, Self.copyOffset))
        guard !isActive, let selected,
              let (edit, copy) = context.editor.page.duplicating(selected, movingOriginalBy: .identity, copyBy: offset)
        else { return }
        guard context.editor.apply(edit, label: "duplicated") else { return }
        select(copy, in: context)
    }

    /// Puts the selected item on top of everything else on the page.
    public func bringToFront(in context: ToolContext) {
        guard !isActive, let selected, let edit = context.editor.page.moving(selected, to: context.editor.page.items.count - 1)
        else { return }
        context.editor.apply(edit, label: "brought to the front")
    }

    /// The frame and its handles round the selection, in window pixels.
    public func overlay(on page: Page, pageToWindow: AffineTransform) -> [OverlayItem] {
        // A scrap being stretched has no frame: it is no longer the rectangle a frame would outline.
        guard stretch == nil, let selected, let index = page.index(of: selected) else { return [] }
        let item = drag?.preview.current ?? page.items[index]
        guard let frame = SelectionFrame(item, pageToWindow: pageToWindow) else { return [] }
        return SelectionFrameDrawing.overlay(for: frame, pageToWindow: pageToWindow)
    }

    /// The topmost scrap or picture at `point`: what the hand picks up (ink is not picked up alone).
    static func handleableItem(at point: Point, on page: Page) -> ItemID? {
        page.topItem(at: point, tolerance: 0) { item in
            switch item.content {
            case .scrap, .image, .text: true
            default: false
            }
        }
    }

    private func isDoublePress(on item: ItemID, at sample: InputSample) -> Bool {
        guard let last = lastPress, last.item == item else { return false }
        return sample.time - last.time <= Self.doublePressSeconds && sample.time >= last.time
            && last.at.distance(to: sample.position) <= Self.doublePressReach
    }
}
