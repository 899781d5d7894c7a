import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireX11
import QuireText

/// Text boxes (T): press on the page and type; press on a text box to type into it (the caret goes
/// where pressed, a drag selects), on the page or on a scrap carrying it (cut out by a loop, moved,
/// turned: typed into where it lies, through the scrap's placement). Arrows, Home/End, BackSpace/Delete, Shift to select, Ctrl+A, Enter
/// for a new line; Escape, a press outside, another tool or any other command ends the typing. The
/// handle on the box's right edge, dragged, sets the width its lines wrap at.
///
/// While typing, the box is shown as it is (the renderer alone is told, holding the box up where it
/// lies so a key redraws its line and nothing under it); when typing ends, the page gets one edit — the
/// box put in, changed, or taken out if emptied — one undo step, saved at once.
public final class TextTool: Tool {
    public let id = ToolID.text
    public let offer = ToolOffer(name: "Text", key: "t", help: "text (press and type; press a text box to type into it)", icon: ToolIcon([
        // A serif T.
        ToolIcon.shape([(4, 4), (20, 4), (20, 8), (18, 8), (17.5, 6.5), (13.5, 6.5), (13.5, 18), (16, 19), (16, 20),
                        (8, 20), (8, 19), (10.5, 18), (10.5, 6.5), (6.5, 6.5), (6, 8), (4, 8)]),
    ]), cursor: .crosshair)
    /// What typing could not do (a box full), for the notice line.
    public var onRefusal: ((String) -> Void)?

    /// The box being typed into.
    private var box: Box?
    /// A press inside the box: its drag selects.
    private var pressing = false
    /// A press on the box's wrap handle: its drag sets the wrap width.
    private var wrapping = false

    /// Window pixels from the box's right edge to its wrap handle (on the frame's right side), and how
    /// near a press takes it.
    static let wrapHandleOffset = 12.0
    static let wrapHandleReach = 8.0

    private struct Box {
        /// The page item the box is, or the scrap carrying it.
        var id: ItemID
        /// That item as the page has it (nil: a new box, not on the page yet), and where.
        var original: PageItem?
        var index: Int
        /// The box, in its carrier's coordinates when it has one.
        var item: TextItem
        var editing: TextEditing
        /// Whether the renderer holds the box (a new one once it has text).
        var rendered: Bool
        /// The scrap carrying it, if it is carried by one.
        var carrier: Carrier?

        /// The box's coordinates onto the page: a carrier's placement, else none.
        var toPage: AffineTransform { carrier?.toPage ?? .identity }

        /// `point` (page pixels) in the box's coordinates.
        func local(_ point: Point) -> Point { carrier?.toScrap.apply(point) ?? point }

        /// The page item showing the box as it now reads: itself, or its carrier with it in its place;
        /// `dropsEmpty`: an emptied box taken out of its carrier.
        func pageItem(dropsEmpty: Bool = false) -> PageItem {
            guard var scrap = carrier?.scrap, let textIndex = carrier?.textIndex else { return PageItem(id: id, .text(item)) }
            if dropsEmpty, item.text.isEmpty {
                scrap.items.remove(at: textIndex)
            } else {
                scrap.items[textIndex] = PageItem(id: scrap.items[textIndex].id, .text(item))
            }
            return PageItem(id: id, .scrap(scrap))
        }
    }

    /// A scrap carrying the box being typed into (at `textIndex` of its items), placed on the page by
    /// a move, turn or scale (`toPage`) — a scrap warped in perspective is not typed into.
    private struct Carrier {
        var scrap: Scrap
        var textIndex: Int
        var toPage: AffineTransform
        var toScrap: AffineTransform
    }

    public init() {}

    public var isActive: Bool { pressing || wrapping }

    /// Whether a box is being typed into.
    public var isEditing: Bool { box != nil }

    public func begin(_ input: ToolInput, in context: ToolContext) {
        let point = input.sample.position
        guard point.x.isFinite, point.y.isFinite else { return }
        if let box, let layout = PageTextFonts.shared.layout(of: box.item) {
            let local = box.local(point)
            if Self.onWrapHandle(local, of: layout, toWindow: box.toPage.concatenating(context.pageToWindow)) {
                wrapping = true
                return
            }
            if layout.contains(local, outset: 6) {
                placeCaret(at: point, extending: input.shift, layout: layout)
                pressing = true
                return
            }
        }
        settle(in: context)
        let page = context.editor.page
        if let pressed = Self.box(at: point, on: page) {
            box = pressed
            context.renderQueue.append(.liftInPlace(pressed.id, at: pressed.index))
            if let layout = PageTextFonts.shared.layout(of: pressed.item) { placeCaret(at: point, extending: false, layout: layout) }
        } else {
            box = Box(id: ItemID(), original: nil, index: page.items.count, item: newItem(at: point, in: context),
                      editing: TextEditing(text: ""), rendered: false)
        }
        pressing = true
        context.renderQueue.setNeedsRedraw()
    }

    /// The text box a press at `point` (page pixels) types into: the topmost under it, on the page or
    /// on a scrap (where the scrap shows it, within its outline); nil when there is none.
    private static func box(at point: Point, on page: Page) -> Box? {
        for index in page.items.indices.reversed() {
            switch page.items[index].content {
            case let .text(text):
                guard let layout = PageTextFonts.shared.layout(of: text), layout.contains(point, outset: 4) else { continue }
                return Box(id: page.items[index].id, original: page.items[index], index: index, item: text,
                           editing: TextEditing(text: text.text), rendered: true)
            case let .scrap(scrap):
                guard let toPage = scrap.transform.affineTransform, let toScrap = toPage.inverted else { continue }
                let local = toScrap.apply(point)
                guard scrap.outline.contains(local, fillRule: .evenOdd),
                      let textIndex = scrap.items.indices.last(where: { k in
                          guard case let .text(text) = scrap.items[k].content,
                                let layout = PageTextFonts.shared.layout(of: text) else { return false }
                          return layout.contains(local, outset: 4)
                      }), case let .text(text) = scrap.items[textIndex].content else { continue }
                return Box(id: page.items[index].id, original: page.items[index], index: index, item: text,
                           editing: TextEditing(text: text.text), rendered: true,
                           carrier: Carrier(scrap: scrap, textIndex: textIndex, toPage: toPage, toScrap: toScrap))
            default:
                continue
            }
        }
        return nil
    }

    public func move(_ input: ToolInput, in context: ToolContext) {
        if wrapping, var box, let layout = PageTextFonts.shared.layout(of: box.item) {
            // The handle follows the pointer: the lines wrap where it is, never narrower than an em.
            let zoom = abs(box.toPage.concatenating(context.pageToWindow).determinant).squareRoot()
            let edge = layout.local(box.local(input.sample.position)).x - Self.wrapHandleOffset / zoom
            guard edge.isFinite else { return }
            let width = min(max(box.item.fontSize, edge), ItemLimits.maximumCoordinate)
            show(&box, in: context) { $0.wrapWidth = width }
            self.box = box
            context.renderQueue.setNeedsRedraw()
            return
        }
        guard pressing, let box, let layout = PageTextFonts.shared.layout(of: box.item) else { return }
        placeCaret(at: input.sample.position, extending: true, layout: layout)
        context.renderQueue.setNeedsRedraw()
    }

    public func end(_ input: ToolInput?, in context: ToolContext) {
        if let input, wrapping { move(input, in: context) }
        pressing = false
        wrapping = false
    }

    public func cancel(in context: ToolContext) {
        pressing = false
        wrapping = false
    }

    /// Puts the caret at the character nearest `point` (page pixels).
    private func placeCaret(at point: Point, extending: Bool, layout: PageTextLayout) {
        guard var box else { return }
        let (line, column) = layout.position(nearest: box.local(point))
        box.editing.moveCaret(to: layout.offset(line: line, column: column), extending: extending)
        self.box = box
    }

    /// Whether `point` (in the box's coordinates, which `toWindow` puts in the window) is on the wrap
    /// handle: a band down the box's right side.
    static func onWrapHandle(_ point: Point, of layout: PageTextLayout, toWindow: AffineTransform) -> Bool {
        let zoom = abs(toWindow.determinant).squareRoot()
        guard zoom.isFinite, zoom > 0 else { return false }
        let p = layout.local(point), box = layout.box
        return abs(p.x - (box.maxX + wrapHandleOffset / zoom)) <= wrapHandleReach / zoom && p.y >= box.minY - 4 && p.y <= box.maxY + 4
    }

    public func handleKey(_ key: KeyInput, in context: ToolContext) -> Bool {
        guard var box else { return false }
        // Shift, Control and the like pressed alone, and dead keys (the input method composes them into
        // the next key's text), type nothing and end nothing.
        if Self.typesNothing(key.keysym) { return true }
        var changed = false
        switch key.keysym {
        case Keysym.escape:
            settle(in: context)
            return true
        case Keysym.returnKey, Keysym.keypadEnter:
            changed = insert("\n", into: &box)
        case Keysym.backspace, Keysym.delete:
            box.editing.delete(forward: key.keysym == Keysym.delete)
            changed = true
        case Keysym.left, Keysym.right:
            box.editing.step(by: key.keysym == Keysym.left ? -1 : 1, extending: key.shift)
        case Keysym.up, Keysym.down:
            guard let layout = PageTextFonts.shared.layout(of: box.item) else { break }
            let (line, column) = layout.position(ofOffset: box.editing.caret)
            let target = line + (key.keysym == Keysym.up ? -1 : 1)
            if target >= 0, target < layout.lines.count {
                // The same place across, on the line above or below.
                let caret = layout.caret(line: line, column: column)
                let below = layout.localToPage.apply(Point(caret.x, layout.caret(line: target, column: 0).top + layout.lineHeight / 2))
                let (_, newColumn) = layout.position(nearest: below)
                box.editing.moveCaret(to: layout.offset(line: target, column: newColumn), extending: key.shift)
            }
        case Keysym.home, Keysym.end:
            // The start or end of the line as shown.
            guard let layout = PageTextFonts.shared.layout(of: box.item) else { break }
            let line = layout.position(ofOffset: box.editing.caret).line
            box.editing.moveCaret(to: layout.offset(line: line, column: key.keysym == Keysym.end ? Int.max : 0), extending: key.shift)
        default:
            if key.control, !key.alt, key.character == "a" {
                box.editing.selectAll()
            } else if !key.control, !key.alt, !key.text.isEmpty, key.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) {
                changed = insert(key.text, into: &box)
            } else {
                // A command (Ctrl+Z, Ctrl+E…): the typing ends first, then it acts.
                self.box = box
                settle(in: context)
                return false
            }
        }
        if changed { show(&box, in: context) }
        self.box = box
        context.renderQueue.setNeedsRedraw()
        return true
    }

    /// An empty box in the set font, size and the tool's colour, its first line's top at `point` (its
    /// baseline an ascender lower).
    private func newItem(at point: Point, in context: ToolContext) -> TextItem {
        var item = TextItem(text: "", origin: point, fontFamily: context.textFont.family, fontSize: context.textFont.size,
                            color: context.color(id))
        item.origin.y += PageTextFonts.shared.ascender(of: item)
        return item
    }

    /// Modifier keys (Shift, Control, Caps Lock, Alt, Super, AltGr and the ISO level shifts) and dead keys.
    static func typesNothing(_ keysym: UInt) -> Bool {
        (0xffe1...0xffee).contains(keysym) || (0xfe01...0xfe0f).contains(keysym) || (0xfe50...0xfe93).contains(keysym)
            || keysym == 0xff7e || keysym == 0xff7f
    }

    /// The box being typed into takes `family` and `size` (its first baseline stays where it is); it
    /// becomes part of the box's one edit.
    public func restyle(family: String, size: Double, in context: ToolContext) {
        guard var box, size.isFinite, size > 0, size <= ItemLimits.maximumFontSize else { return }
        show(&box, in: context) {
            $0.fontFamily = family
            $0.fontSize = size
        }
        self.box = box
        context.renderQueue.setNeedsRedraw()
    }

    /// Pasted text: into the box being typed into, at the caret; else a new box of it with its top left
    /// at `point`, one undo step.
    public func paste(_ text: String, at point: Point, in context: ToolContext) {
        if var box {
            guard insert(text, into: &box) else { return }
            show(&box, in: context)
            self.box = box
            context.renderQueue.setNeedsRedraw()
            return
        }
        var item = newItem(at: point, in: context)
        var editing = TextEditing(text: "")
        guard editing.insert(text) else {
            onRefusal?("a text box holds at most \(TextEditing.maximumCharacters) characters; nothing was pasted")
            return
        }
        item.text = editing.text
        let page = context.editor.page
        context.editor.apply(.insert([PlacedItem(PageItem(.text(item)), at: page.items.count)]), label: "text pasted")
    }

    private func insert(_ text: String, into box: inout Box) -> Bool {
        guard box.editing.insert(text) else {
            onRefusal?("a text box holds at most \(TextEditing.maximumCharacters) characters; the rest was not typed")
            return false
        }
        return true
    }

    /// The renderer shows the box as it now reads, with `change` made to it (the page is told when
    /// typing ends).
    private func show(_ box: inout Box, in context: ToolContext, change: (inout TextItem) -> Void = { _ in }) {
        let before = box.pageItem()
        box.item.text = box.editing.text
        change(&box.item)
        let after = box.pageItem()
        if box.rendered {
            context.renderQueue.append(.edit(.update([ItemUpdate(index: box.index, before: before, after: after)])))
        } else if !box.item.text.isEmpty {
            context.renderQueue.append(.edit(.insert([PlacedItem(after, at: box.index)])))
            context.renderQueue.append(.liftInPlace(box.id, at: box.index))
            box.rendered = true
        }
    }

    /// Typing ends: the renderer goes back to the page as it is, and the page gets the box's one edit.
    public func settle(in context: ToolContext) {
        guard let box else { return }
        self.box = nil
        pressing = false
        wrapping = false
        context.renderQueue.setNeedsRedraw()
        let now = box.pageItem()
        if box.rendered {
            context.renderQueue.append(.drop)
            let back: PageEdit = box.original.map { .update([ItemUpdate(index: box.index, before: now, after: $0)]) }
                ?? .remove([PlacedItem(now, at: box.index)])
            context.renderQueue.append(.edit(back))
        }
        if box.carrier != nil {
            return settleCarried(box, in: context)
        }
        let empty = box.item.text.isEmpty
        switch (box.original, empty) {
        case (nil, true):
            break
        case (nil, false):
            context.editor.apply(.insert([PlacedItem(now, at: box.index)]), label: "text")
        case let (original?, true):
            context.editor.apply(.remove([PlacedItem(original, at: box.index)]), label: "text taken out")
        case let (original?, false):
            if original != now { context.editor.apply(.update([ItemUpdate(index: box.index, before: original, after: now)]), label: "text") }
        }
    }

    /// Typing into a box a scrap carries ends: the page gets the scrap's one edit — the box changed, or
    /// taken out if emptied (with the scrap, when that leaves a transparent scrap holding nothing).
    private func settleCarried(_ box: Box, in context: ToolContext) {
        guard let original = box.original else { return }
        let now = box.pageItem(dropsEmpty: true)
        guard now != original else { return }
        let emptied = box.item.text.isEmpty
        if emptied, case let .scrap(scrap) = now.content, scrap.image == nil, scrap.items.isEmpty {
            context.editor.apply(.remove([PlacedItem(original, at: box.index)]), label: "text taken out")
        } else {
            context.editor.apply(.update([ItemUpdate(index: box.index, before: original, after: now)]), label: emptied ? "text taken out" : "text")
        }
    }

    public func overlay(on page: Page, pageToWindow: AffineTransform) -> [OverlayItem] {
        guard let editing = box?.editing, let item = box?.item, let layout = PageTextFonts.shared.layout(of: item) else { return [] }
        // Drawn in the box's own frame, turned with it onto the page (through its scrap, if carried),
        // then into the window.
        let containerToWindow = (box?.toPage ?? .identity).concatenating(pageToWindow)
        let toWindow = layout.localToPage.concatenating(containerToWindow)
        func quad(_ r: Rect) -> [Point] {
            [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)].map(toWindow.apply)
        }
        let zoom = abs(containerToWindow.determinant).squareRoot()
        let frameColor = InkColor(red: 0.25, green: 0.45, blue: 0.85, alpha: 0.8)
        var items: [OverlayItem] = []
        let box = layout.box
        // The box's corners marked, not its whole outline: as a line grows the right-hand marks move, and
        // a frame drawn again would be drawn again all round the box (a long box: most of the window).
        let frame = Rect(x: box.minX - 4, y: box.minY - 4, width: box.width + 16, height: box.height + 8)
        if zoom.isFinite, zoom > 0 {
            let arm = min(12 / zoom, frame.width / 2, frame.height / 2)
            for (corner, along, down) in [(Point(frame.minX, frame.minY), arm, arm), (Point(frame.maxX, frame.minY), -arm, arm),
                                          (Point(frame.maxX, frame.maxY), -arm, -arm), (Point(frame.minX, frame.maxY), arm, -arm)] {
                items.append(.polyline([corner + Point(along, 0), corner, corner + Point(0, down)].map(toWindow.apply), width: 1.5,
                                       color: frameColor))
            }
        }
        // The wrap handle: a short bar down the middle of the right edge.
        if zoom.isFinite, zoom > 0 {
            let x = box.maxX + Self.wrapHandleOffset / zoom, half = min(box.height / 2, 14 / zoom)
            items.append(.polyline([Point(x, box.center.y - half), Point(x, box.center.y + half)].map(toWindow.apply), width: 4, color: frameColor))
        }
        if let selection = editing.selection {
            let start = layout.position(ofOffset: selection.lowerBound), end = layout.position(ofOffset: selection.upperBound)
            for line in start.line...end.line {
                let from = line == start.line ? start.column : 0
                let to = line == end.line ? end.column : Int.max
                let left = layout.caret(line: line, column: from), right = layout.caret(line: line, column: to)
                items.append(.polygon(quad(Rect(x: left.x, y: left.top, width: max(3, right.x - left.x), height: layout.lineHeight)),
                                      color: InkColor(red: 0.3, green: 0.55, blue: 1, alpha: 0.3)))
            }
        }
        let (line, column) = layout.position(ofOffset: editing.caret)
        let caret = layout.caret(line: line, column: column)
        items.append(.polyline([Point(caret.x, caret.top), Point(caret.x, caret.top + layout.lineHeight)].map(toWindow.apply),
                               width: 2, color: InkColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)))
        return items
    }
}
