import Foundation
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireText
import QuireX11

/// The notebook list (F3): every notebook of the library as a tile with its cover and title, the
/// current one marked. A tap on a tile switches to it; New makes a notebook (and its title is then
/// typed); a tile's buttons rename it in place, duplicate it or move it to the trash; the Trash view
/// lists trashed notebooks to restore. Pen, mouse and touch act on release over the part they pressed
/// (a press that moves scrolls the grid instead), the wheel scrolls, Escape cancels a rename or closes
/// the list. While open it takes every input, bar Ctrl+Q and F11. The list only asks: the run loop
/// carries out its `Request`s and shows it the library again (`show`).
final class NotebookList {
    /// What the list asks the run loop to do.
    enum Request: Equatable {
        case open(path: String)
        /// A new notebook (`endless`: its pages grow as ink comes near their edge).
        case create(endless: Bool)
        case rename(path: String, title: String)
        case duplicate(path: String)
        case trash(path: String)
        case restore(trashedPath: String)
    }

    /// What an input event was to the list.
    enum Handling: Equatable {
        case passed
        case taken
        case closed
        case request(Request)
    }

    /// One tile's notebook.
    struct Item: Equatable {
        var path: String
        var title: String
    }

    /// A press that moves this far (design pixels) scrolls rather than presses.
    static let dragSlop = 8.0
    /// Window pixels one wheel step scrolls (× the scale).
    static let wheelStep = 60.0

    let text: TextRasterizer?
    let covers = NotebookCovers()
    var scale = 1.0 {
        didSet { changed = true }
    }
    private(set) var isOpen = false
    private(set) var mode = NotebookListLayout.Mode.library
    private(set) var notebooks: [Item] = []
    private(set) var trashed: [Item] = []
    /// The notebook the window shows.
    private(set) var current = ""
    private(set) var entry: TitleEntry?
    /// What was refused last (a title, the last notebook's trashing), shown in the footer.
    private(set) var message: String?
    private(set) var scroll = 0.0
    private var windowSize = (width: 1, height: 1)
    /// The press in progress: whose it is, what it began on, where, and the scroll then.
    private var press: (pointer: Bool, touch: Int?, part: NotebookListLayout.Part?, start: Point, scroll: Double, dragging: Bool)?
    /// Something shown changed since the last frame.
    private(set) var changed = false
    /// Words laid out on the glyph atlas, by their text, size and room.
    var labels: [String: GlyphRun?] = [:]

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// The tiles shown now: the library's notebooks or the trash's.
    var items: [Item] { mode == .library ? notebooks : trashed }

    var layout: NotebookListLayout {
        NotebookListLayout(count: items.count, mode: mode, windowWidth: windowSize.width, windowHeight: windowSize.height,
                           scale: scale, scroll: scroll)
    }

    /// Opens the list on the library (covers read afresh: pages were drawn since). While it is open no
    /// page is drawn, and a path's cover stays its own: a restored notebook has its file back, and a
    /// new or copied one a path of its own.
    func open() {
        isOpen = true
        mode = .library
        entry = nil
        message = nil
        scroll = 0
        covers.forget()
        changed = true
    }

    func close() {
        isOpen = false
        entry = nil
        press = nil
        message = nil
        labels.removeAll()
        changed = true
    }

    /// Shows the library as it is now: its notebooks (by title), the trash's, and the current one.
    func show(notebooks: [Item], trashed: [Item], current: String) {
        self.notebooks = notebooks
        self.trashed = trashed
        self.current = current
        if let entry, !notebooks.contains(where: { $0.path == entry.path }) { self.entry = nil }
        scroll = layout.scroll
        changed = true
    }

    /// Starts typing a new title for the notebook at `path` (after New), scrolled into view.
    func beginRenaming(_ path: String) {
        guard let index = notebooks.firstIndex(where: { $0.path == path }) else { return }
        mode = .library
        entry = TitleEntry(path: path, title: notebooks[index].title)
        message = nil
        scroll = layout.scroll(showing: index)
        changed = true
    }

    func resize(width: Int, height: Int) {
        guard (width, height) != windowSize else { return }
        windowSize = (max(1, width), max(1, height))
        scroll = layout.scroll
        changed = true
    }

    /// The list as it is was drawn.
    func markDrawn() { changed = false }

    /// Whether a frame is wanted: the list changed, or covers arrived.
    func needsFrame() -> Bool {
        // Asked more than once a frame: an arrival is kept as a change until the frame draws it.
        if covers.takeArrived(), isOpen { changed = true }
        // Closing wants a frame too: the one that takes the list away.
        return changed
    }

    /// Takes an input event while open (every one, bar Ctrl+Q and F11).
    func handle(_ event: WindowEvent) -> Handling {
        guard isOpen else { return .passed }
        switch event {
        case let .key(key):
            return type(key)
        case let .resized(width, height):
            resize(width: width, height: height)
            return .passed
        case let .pointerDown(sample, button, _) where press == nil || press?.pointer == true:
            // Only the first button (the pen's tip, the mouse's left) acts; another's press is taken.
            guard button == 1 else { return .taken }
            begin(at: sample.position, pointer: true, touch: nil)
            return .taken
        case let .pointerMoved(sample) where press?.pointer == true:
            dragged(to: sample.position)
            return .taken
        case let .pointerUp(sample, _, _) where press?.pointer == true:
            return released(at: sample.position)
        case let .touchBegan(id, at, _) where press == nil:
            begin(at: at, pointer: false, touch: id)
            return .taken
        case let .touchMoved(id, at, _) where press?.touch == id:
            dragged(to: at)
            return .taken
        case let .touchEnded(id, at, _) where press?.touch == id:
            return released(at: at)
        case let .scroll(_, dy, _, _):
            scrolled(to: scroll + dy * Self.wheelStep * layout.scale)
            return .taken
        case .deviceGone:
            press = nil
            return .passed
        case .pointerDown, .pointerMoved, .pointerUp, .touchBegan, .touchMoved, .touchEnded:
            return .taken
        default:
            return .passed
        }
    }

    private func type(_ key: KeyInput) -> Handling {
        // Quitting and fullscreen still work; other keys (tools, pages) would act on a page not shown.
        let action = KeyTable.action(for: key)
        if action == .quit || action == .toggleFullscreen { return .passed }
        if var typing = entry {
            switch typing.type(key) {
            case .editing:
                entry = typing
                message = typing.refusal
            case .cancelled:
                entry = nil
                message = nil
            case let .entered(title):
                entry = nil
                message = nil
                changed = true
                return .request(.rename(path: typing.path, title: title))
            }
            changed = true
            return .taken
        }
        if key.keysym == Keysym.escape || key.keysym == Keysym.f3 {
            close()
            return .closed
        }
        return .taken
    }

    private func begin(at point: Point, pointer: Bool, touch: Int?) {
        press = (pointer, touch, layout.part(at: point), point, scroll, false)
    }

    private func dragged(to point: Point) {
        guard var held = press else { return }
        if !held.dragging, point.distance(to: held.start) > Self.dragSlop * layout.scale { held.dragging = true }
        press = held
        if held.dragging { scrolled(to: held.scroll - (point.y - held.start.y)) }
    }

    private func scrolled(to wanted: Double) {
        let before = scroll
        scroll = NotebookListLayout(count: items.count, mode: mode, windowWidth: windowSize.width, windowHeight: windowSize.height,
                                    scale: scale, scroll: wanted).scroll
        if scroll != before { changed = true }
    }

    /// A release acts when it is over the part its press began on and the press did not scroll.
    private func released(at point: Point) -> Handling {
        guard let held = press else { return .taken }
        press = nil
        guard !held.dragging, let part = held.part, layout.part(at: point) == part else { return .taken }
        return act(on: part)
    }

    /// What pressing `part` does.
    func act(on part: NotebookListLayout.Part) -> Handling {
        changed = true
        // A press anywhere but the field being typed in puts the typing away (Enter applies it).
        let typing = entry
        entry = nil
        message = nil
        switch part {
        case .panel:
            return .taken
        case let .header(button):
            switch button {
            case .new: return .request(.create(endless: false))
            case .newEndless: return .request(.create(endless: true))
            case .trash, .back:
                mode = button == .trash ? .trash : .library
                scroll = 0
                return .taken
            case .close:
                close()
                return .closed
            }
        case let .tile(index):
            guard items.indices.contains(index), mode == .library else { return .taken }
            if typing?.path == items[index].path {
                entry = typing
                return .taken
            }
            return .request(.open(path: items[index].path))
        case let .action(index, action):
            guard items.indices.contains(index) else { return .taken }
            let path = items[index].path
            switch action {
            case .rename:
                entry = TitleEntry(path: path, title: items[index].title)
                return .taken
            case .duplicate:
                return .request(.duplicate(path: path))
            case .trash:
                guard notebooks.count > 1 else {
                    message = "the last notebook cannot go to the trash; make another first"
                    return .taken
                }
                return .request(.trash(path: path))
            case .restore:
                return .request(.restore(trashedPath: path))
            }
        }
    }
}
