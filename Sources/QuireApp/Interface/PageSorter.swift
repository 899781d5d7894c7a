import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireText
import QuireX11

/// The page sorter (F2): the notebook's pages as a grid of thumbnails over the whole window. The wheel,
/// a finger, or the pen or mouse dragged on the space between cards scrolls it (a finger held still on
/// a page for a moment first carries the page instead); a click or tap on a
/// page opens it (and closes the sorter); a pen or mouse drag of a page moves it, a bar showing where
/// it will land (held at the top or bottom edge, the grid scrolls under it), or dropped on one of the
/// library's other notebooks, shown on a shelf at the right while a page is dragged, to move it there
/// (Ctrl held as it drops: copy it); the "+" card (or Insert) adds a blank page after the selected one, Delete removes the
/// selected page; the arrows and Enter select and open; Escape or F2 closes. The sorter only says what
/// was asked for (`Action`): the run loop carries it out through the notebook session, as it does the
/// page keys, and hands back the new order (`update`). Public (opening, scrolling, drawing) for the
/// benchmark.
public final class PageSorter {
    /// What the person asked the notebook for.
    enum Action: Equatable {
        /// Open page `index` (the sorter has closed).
        case open(Int)
        /// Move the page at `from` to index `to` of the new order.
        case move(from: Int, to: Int)
        /// Add a blank page at `index`.
        case add(at: Int)
        /// Remove the page at `index` (the notebook keeps at least one).
        case remove(Int)
        /// Move (or `copy`) the page at an index to the end of the notebook at a path.
        case send(Int, toNotebook: String, copy: Bool)
    }

    enum Handling: Equatable {
        /// Not the sorter's (it is closed, or the key is the window's: quit, fullscreen).
        case passed
        case taken
        case closed
        case acted(Action)
    }

    /// Design pixels a press moves before it is a drag rather than a click.
    static let slop = 8.0
    /// Seconds a finger rests on a page before moving it carries the page rather than scrolling.
    static let touchHold = 0.45
    /// Rows decoded beyond the visible ones in the direction of scrolling.
    static let prefetchRows = 3

    let text: TextRasterizer?
    var scale = 1.0 {
        // Only an open sorter shows it (a closed one never draws, so would want frames for ever).
        didSet { if isOpen { needsFrame = true } }
    }
    private(set) var isOpen = false
    private(set) var pages: [PageID] = []
    /// The page the window shows (highlighted).
    private(set) var current = 0
    /// The page Delete removes and after which Insert adds (the current one on opening).
    private(set) var selected = 0
    /// How far the grid is scrolled up, window pixels.
    public private(set) var scroll = 0.0
    /// The way the grid last scrolled (+1 down, −1 up): thumbnails are fetched ahead of it.
    private(set) var direction = 1.0
    private(set) var windowSize = (width: 1, height: 1)
    /// The stored thumbnails, loading (nil while closed).
    private(set) var thumbnails: PageThumbnails?
    /// Counts openings: each draws its thumbnails under keys of its own (a page changed in between
    /// must not show the texture of its old thumbnail).
    private(set) var opening = 0
    /// Something changed since the last frame.
    var needsFrame = false

    /// A press on the sorter: by the pointer (pen or mouse) or a touch; on which card; what it became.
    struct Press {
        enum Kind { case undecided, scrolling, dragging }
        var pointer: Bool
        var touch: Int?
        var start: Point
        /// When a touch began (the event's seconds); 0 for the pointer.
        var startTime: Double
        var startScroll: Double
        var card: Int?
        var kind: Kind
    }
    private(set) var press: Press?
    /// Where the dragged page is now (window pixels), while a page is dragged.
    private(set) var dragPoint: Point?
    /// When the grid last scrolled by itself under a page held at its top or bottom edge (monotonic s).
    private var autoscrolledAt: Double?

    /// The library's other notebooks, where a dragged page can be dropped (the shelf's rows).
    private(set) var notebooks: [NotebookList.Item] = []
    /// Their covers, read while the shelf shows.
    let covers = NotebookCovers()
    /// How far the shelf's rows are scrolled, window pixels.
    private(set) var shelfScroll = 0.0

    /// Words and digits laid out on the glyph atlas, kept while the sorter is open.
    var labels: [String: GlyphRun?] = [:]

    public init(text: TextRasterizer?) {
        self.text = text
    }

    var layout: PageSorterLayout {
        PageSorterLayout(windowWidth: windowSize.width, windowHeight: windowSize.height, scale: scale, count: pages.count)
    }

    /// Opens on `pages`, `current` highlighted and scrolled into view, thumbnails read from `thumbnails`;
    /// a dragged page can be sent to `notebooks` (the library's others).
    public func open(pages: [PageID], current: Int, thumbnails: PageThumbnails, windowWidth: Int, windowHeight: Int,
                     notebooks: [(path: String, title: String)] = []) {
        isOpen = true
        opening += 1
        self.thumbnails = thumbnails
        self.notebooks = notebooks.map { NotebookList.Item(path: $0.path, title: $0.title) }
        shelfScroll = 0
        covers.forget()
        windowSize = (max(1, windowWidth), max(1, windowHeight))
        scroll = 0
        direction = 1
        press = nil
        dragPoint = nil
        update(pages: pages, current: current, selecting: current)
    }

    func close() {
        isOpen = false
        thumbnails = nil
        notebooks = []
        covers.forget()
        press = nil
        dragPoint = nil
        labels.removeAll()
        needsFrame = true
    }

    /// The notebook's pages after a change, `selecting` (else the selection as near as it was) in view.
    func update(pages: [PageID], current: Int, selecting: Int? = nil) {
        self.pages = pages
        self.current = min(max(0, current), max(0, pages.count - 1))
        selected = min(max(0, selecting ?? selected), max(0, pages.count - 1))
        scroll = layout.scroll(revealing: selected, from: scroll)
        needsFrame = true
    }

    /// Takes thumbnails that finished decoding; true when the sorter must draw again.
    public func takeArrivedThumbnails() -> Bool {
        guard isOpen, let thumbnails else { return false }
        // Both are taken: an arrival left untaken would ask for a frame again later.
        let pages = thumbnails.takeArrived(), covers = covers.takeArrived()
        guard pages || covers else { return false }
        needsFrame = true
        return true
    }

    /// How far the grid scrolls.
    public var maximumScroll: Double { layout.maximumScroll }

    /// How many of the pages in view have no thumbnail (nor its absence) known yet: their cards show
    /// blank until it arrives.
    public var visiblePagesLoading: Int {
        guard let thumbnails else { return 0 }
        return layout.visibleCards(scroll: scroll).clamped(to: 0..<pages.count).filter { thumbnails.thumbnail(of: pages[$0]) == nil }.count
    }

    /// Whether thumbnails are still loading (the run loop looks for them every few milliseconds).
    var isLoading: Bool { isOpen && (thumbnails?.isLoading == true || (shelf != nil && covers.isLoading)) }

    /// Scrolls to `scroll` (clamped), noting the direction for the prefetch.
    public func scroll(to new: Double) {
        let clamped = layout.clamped(new)
        guard clamped != scroll else { return }
        direction = clamped > scroll ? 1 : -1
        scroll = clamped
        needsFrame = true
    }

    /// Asks for the thumbnails of the visible rows and those ahead of the scrolling, nearest first.
    func requestThumbnails() {
        guard let thumbnails else { return }
        let layout = self.layout
        thumbnails.cardSize = (Int(layout.cardSize.width.rounded(.down)), Int(layout.cardSize.height.rounded(.down)))
        let visible = layout.visibleCards(scroll: scroll)
        let around = layout.prefetchPages(scroll: scroll, direction: direction, ahead: Self.prefetchRows)
        let seen = visible.clamped(to: 0..<pages.count)
        let ahead = direction < 0 ? Array(around.lowerBound..<seen.lowerBound).reversed() + Array(seen.upperBound..<around.upperBound)
            : Array(seen.upperBound..<around.upperBound) + Array(around.lowerBound..<seen.lowerBound).reversed()
        thumbnails.request((Array(seen) + ahead).map { pages[$0] })
    }

    /// The window's size at a frame (the grid is laid out in it; the scroll stays within it).
    func fit(windowWidth width: Int, windowHeight height: Int) {
        guard (max(1, width), max(1, height)) != windowSize else { return }
        windowSize = (max(1, width), max(1, height))
        scroll = layout.clamped(scroll)
        needsFrame = true
    }

    /// Takes every input event while open.
    func handle(_ event: WindowEvent) -> Handling {
        guard isOpen else { return .passed }
        switch event {
        case let .resized(width, height):
            fit(windowWidth: width, windowHeight: height)
            return .passed
        case let .key(input):
            return key(input)
        case let .scroll(_, dy, _, _):
            scroll(to: scroll + dy * PageSorterLayout.notch * scale)
            return .taken
        case let .pointerDown(sample, button, _) where press == nil:
            // Only the main button (the pen's tip, the mouse's left) presses cards.
            guard button == 1 else { return .taken }
            begin(at: sample.position, pointer: true, touch: nil)
            return .taken
        case let .pointerMoved(sample) where press?.pointer == true:
            move(to: sample.position)
            return .taken
        case let .pointerUp(sample, button, control) where press?.pointer == true && button == 1:
            return end(at: sample.position, control: control ?? false)
        case let .touchBegan(id, at, time) where press == nil:
            begin(at: at, pointer: false, touch: id, time: time)
            return .taken
        case let .touchMoved(id, at, time) where press?.touch == id:
            move(to: at, time: time)
            return .taken
        case let .touchEnded(id, at, time) where press?.touch == id:
            return end(at: at, time: time)
        case .exposed, .devicesChanged, .deviceGone, .closeRequested:
            return .passed
        default:
            return .taken
        }
    }

    private func key(_ input: KeyInput) -> Handling {
        if let action = KeyTable.action(for: input), action == .quit || action == .toggleFullscreen { return .passed }
        let columns = layout.columns
        switch input.keysym {
        case Keysym.escape, Keysym.f2:
            close()
            return .closed
        case Keysym.delete, Keysym.backspace:
            guard !pages.isEmpty, press == nil else { return .taken }
            return .acted(.remove(selected))
        case Keysym.insert:
            guard press == nil else { return .taken }
            return .acted(.add(at: pages.isEmpty ? 0 : selected + 1))
        case Keysym.returnKey, Keysym.keypadEnter:
            guard !pages.isEmpty else { return .taken }
            close()
            return .acted(.open(selected))
        case Keysym.left: select(selected - 1)
        case Keysym.right: select(selected + 1)
        case Keysym.up: select(selected - columns)
        case Keysym.down: select(selected + columns)
        case Keysym.home: select(0)
        case Keysym.end: select(pages.count - 1)
        case Keysym.pageUp: scroll(to: scroll - Double(windowSize.height) * 0.9)
        case Keysym.pageDown: scroll(to: scroll + Double(windowSize.height) * 0.9)
        default:
            break
        }
        return .taken
    }

    private func select(_ index: Int) {
        guard pages.indices.contains(index) else { return }
        selected = index
        scroll(to: layout.scroll(revealing: index, from: scroll))
        needsFrame = true
    }

    private func begin(at point: Point, pointer: Bool, touch: Int?, time: Double = 0) {
        press = Press(pointer: pointer, touch: touch, start: point, startTime: time, startScroll: scroll,
                      card: layout.card(at: point, scroll: scroll), kind: .undecided)
    }

    private func move(to point: Point, time: Double = 0) {
        guard var held = press else { return }
        if held.kind == .undecided, point.distance(to: held.start) > Self.slop * scale {
            // A pen or mouse dragging a page moves it, and so does a finger that rested on the page
            // first; a finger that moves at once, or a drag from between cards, scrolls.
            let onPage = held.card.map { $0 < pages.count } ?? false
            let rested = !held.pointer && time - held.startTime >= Self.touchHold
            held.kind = (held.pointer || rested) && onPage ? .dragging : .scrolling
        }
        switch held.kind {
        case .undecided: break
        case .scrolling: scroll(to: held.startScroll - (point.y - held.start.y))
        case .dragging:
            dragPoint = point
            needsFrame = true
        }
        press = held
    }

    private func end(at point: Point, time: Double = 0, control: Bool = false) -> Handling {
        move(to: point, time: time)
        guard let held = press else { return .taken }
        let shelf = self.shelf
        press = nil
        dragPoint = nil
        autoscrolledAt = nil
        needsFrame = true
        switch held.kind {
        case .scrolling:
            return .taken
        case .dragging:
            guard let from = held.card, from < pages.count else { return .taken }
            if let shelf, shelf.contains(point) {
                guard let notebook = shelf.notebook(at: point) else { return .taken }
                return .acted(.send(from, toNotebook: notebooks[notebook].path, copy: control))
            }
            let (slot, _, _) = layout.dropSlot(at: point, scroll: scroll)
            guard let to = PageSorterLayout.destination(from: from, slot: slot) else { return .taken }
            return .acted(.move(from: from, to: to))
        case .undecided:
            // A click: on the card it began on, a page opens or the "+" card adds one at the end.
            guard let card = held.card, layout.card(at: point, scroll: scroll) == card else { return .taken }
            if card == pages.count { return .acted(.add(at: pages.count)) }
            close()
            return .acted(.open(card))
        }
    }

    /// Design pixels from the grid's top (under the header) or the window's bottom within which a held
    /// page scrolls the grid, and the fastest it scrolls (design pixels a second, at the very edge).
    static let edge = 48.0, autoscrollSpeed = 1400.0

    /// How fast (window pixels a second, + down) a page held at `point` scrolls the grid: faster the
    /// nearer the edge; 0 away from both.
    func autoscrollVelocity(at point: Point) -> Double {
        let layout = self.layout, band = Self.edge * scale
        let top = layout.headerHeight + band, bottom = Double(windowSize.height) - band
        if point.y < top { return -Self.autoscrollSpeed * scale * min(1, (top - point.y) / band) }
        if point.y > bottom { return Self.autoscrollSpeed * scale * min(1, (point.y - bottom) / band) }
        return 0
    }

    /// Scrolls the grid under a page held at an edge by the time since the last frame (at most a
    /// twentieth of a second's worth); true while it goes on (the window keeps drawing frames).
    @discardableResult
    func autoscroll(now: Double) -> Bool {
        guard let point = dragPoint else {
            autoscrolledAt = nil
            return false
        }
        // Over the shelf, its rows scroll rather than the grid.
        let shelf = self.shelf.flatMap { $0.contains(point) ? $0 : nil }
        let velocity = shelf?.autoscrollVelocity(at: point) ?? autoscrollVelocity(at: point)
        guard velocity != 0 else {
            autoscrolledAt = nil
            return false
        }
        let elapsed = min(0.05, max(0, now - (autoscrolledAt ?? now)))
        autoscrolledAt = now
        let atEnd: Bool
        if let shelf {
            let moved = min(max(0, shelfScroll + velocity * elapsed), shelf.maximumScroll)
            // As `scroll(to:)` does for the grid: a frame only when the rows moved (held at their end, none).
            if moved != shelfScroll { needsFrame = true }
            shelfScroll = moved
            atEnd = velocity < 0 ? shelfScroll <= 0 : shelfScroll >= shelf.maximumScroll
        } else {
            scroll(to: scroll + velocity * elapsed)
            atEnd = velocity < 0 ? scroll <= 0 : scroll >= layout.maximumScroll
        }
        if !atEnd { needsFrame = true }
        return !atEnd
    }

    /// The notebook shelf, while a page is dragged and the library has other notebooks.
    var shelf: PageSorterShelf? {
        guard !notebooks.isEmpty, let press, press.kind == .dragging, let card = press.card, card < pages.count else { return nil }
        return PageSorterShelf(windowWidth: windowSize.width, windowHeight: windowSize.height, top: layout.headerHeight,
                               scale: scale, count: notebooks.count, scroll: shelfScroll)
    }

    /// The shelf's notebook under the dragged page, while it is held over one.
    var shelfTarget: Int? {
        guard let dragPoint, let shelf else { return nil }
        return shelf.notebook(at: dragPoint)
    }

    /// The page being dragged and where its card would drop in the grid (nil while it is over the shelf).
    var drop: (page: Int, slot: (slot: Int, row: Int, column: Int)?)? {
        guard let dragPoint, let press, press.kind == .dragging, let card = press.card, card < pages.count else { return nil }
        if let shelf, shelf.contains(dragPoint) { return (card, nil) }
        return (card, layout.dropSlot(at: dragPoint, scroll: scroll))
    }
}
