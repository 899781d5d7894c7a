import QuireGeometry

/// Where the notebook list's parts lie in the window: a panel over the whole window (less a margin)
/// with a header (its name, then New, Trash or Back, and Close at the right), a grid of tiles (a cover,
/// the title under it, and the tile's buttons under that), and a footer line for what was refused.
/// Sizes are design pixels × the scale; a window too small for one tile draws smaller (never below
/// half). The grid scrolls: `scroll` is how far down it is, in window pixels.
struct NotebookListLayout: Equatable {
    /// What the list shows: the library's notebooks, or the trash.
    enum Mode: Equatable {
        case library, trash
    }

    /// A header button.
    enum HeaderButton: Equatable, CaseIterable {
        case new, newEndless, trash, back, close

        var label: String {
            switch self {
            case .new: "New"
            case .newEndless: "Endless"
            case .trash: "Trash"
            case .back: "Notebooks"
            case .close: "Close"
            }
        }
    }

    /// A tile's button.
    enum TileAction: Equatable {
        case rename, duplicate, trash, restore

        var label: String {
            switch self {
            case .rename: "Rename"
            case .duplicate: "Duplicate"
            case .trash: "Trash"
            case .restore: "Restore"
            }
        }

        static func actions(in mode: Mode) -> [TileAction] {
            mode == .library ? [.rename, .duplicate, .trash] : [.restore]
        }

        /// Its share of the tile's width: as much as its label needs.
        var share: Double {
            switch self {
            case .rename: 0.32
            case .duplicate: 0.40
            case .trash: 0.28
            case .restore: 1
            }
        }
    }

    /// What a point of the panel is on.
    enum Part: Equatable {
        case header(HeaderButton)
        /// A tile's cover or title (the notebook itself).
        case tile(Int)
        case action(Int, TileAction)
        /// Elsewhere on the panel.
        case panel
    }

    /// One tile's parts.
    struct Tile: Equatable {
        var frame: Rect
        var cover: Rect
        var title: Rect
        var actions: [(TileAction, Rect)]

        static func == (a: Tile, b: Tile) -> Bool {
            a.frame == b.frame && a.cover == b.cover && a.title == b.title
                && a.actions.map(\.0) == b.actions.map(\.0) && a.actions.map(\.1) == b.actions.map(\.1)
        }
    }

    static let margin = 24.0
    static let padding = 20.0
    static let headerHeight = 40.0
    static let headerButtonWidth = 104.0
    static let headerButtonGap = 10.0
    static let footerHeight = 28.0
    static let tileWidth = 176.0
    /// A Letter page's shape: its thumbnail fills the cover.
    static let coverHeight = 228.0
    static let titleGap = 6.0
    static let titleHeight = 26.0
    static let actionGap = 4.0
    static let actionHeight = 28.0
    static let columnGap = 22.0
    static let rowGap = 24.0
    /// Above the first row and below the last, room for the current notebook's ring.
    static let ringRoom = 8.0
    static var tileHeight: Double { coverHeight + titleGap + titleHeight + actionGap + actionHeight }

    let scale: Double
    let mode: Mode
    let panel: Rect
    let header: Rect
    let headerButtons: [(HeaderButton, Rect)]
    /// Where tiles show (they are drawn under the header and footer, which hide what leaves it).
    let grid: Rect
    let footer: Rect
    let columns: Int
    let tiles: [Tile]
    /// How far the grid is scrolled, kept within `maximumScroll`.
    let scroll: Double
    let maximumScroll: Double

    static func == (a: NotebookListLayout, b: NotebookListLayout) -> Bool {
        a.scale == b.scale && a.mode == b.mode && a.panel == b.panel && a.tiles == b.tiles && a.scroll == b.scroll
            && a.headerButtons.map(\.1) == b.headerButtons.map(\.1)
    }

    static func headerButtons(in mode: Mode) -> [HeaderButton] {
        mode == .library ? [.new, .newEndless, .trash, .close] : [.back, .close]
    }

    /// The layout of `count` tiles in a window `windowWidth` × `windowHeight`, scrolled `scroll` down.
    init(count: Int, mode: Mode, windowWidth: Int, windowHeight: Int, scale wanted: Double, scroll wantedScroll: Double = 0) {
        let (width, height) = (Double(max(1, windowWidth)), Double(max(1, windowHeight)))
        let needed = 2 * (Self.margin + Self.padding) + Self.headerHeight + Self.footerHeight + Self.tileHeight + Self.rowGap
        let neededWidth = 2 * (Self.margin + Self.padding) + Self.tileWidth
        let s = max(wanted / 2, min(wanted, height / needed, width / neededWidth))
        scale = s
        self.mode = mode
        panel = Rect(x: Self.margin * s, y: Self.margin * s, width: max(1, width - 2 * Self.margin * s),
                     height: max(1, height - 2 * Self.margin * s))
        let inner = Rect(x: panel.minX + Self.padding * s, y: panel.minY + Self.padding * s,
                         width: max(1, panel.width - 2 * Self.padding * s), height: max(1, panel.height - 2 * Self.padding * s))
        header = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: Self.headerHeight * s)
        var right = inner.maxX
        var buttons: [(HeaderButton, Rect)] = []
        for button in Self.headerButtons(in: mode).reversed() {
            let rect = Rect(x: right - Self.headerButtonWidth * s, y: header.minY + 4 * s, width: Self.headerButtonWidth * s,
                            height: header.height - 8 * s)
            buttons.insert((button, rect), at: 0)
            right = rect.minX - Self.headerButtonGap * s
        }
        headerButtons = buttons
        footer = Rect(x: inner.minX, y: inner.maxY - Self.footerHeight * s, width: inner.width, height: Self.footerHeight * s)
        grid = Rect(x: inner.minX, y: header.maxY + 12 * s, width: inner.width, height: max(1, footer.minY - header.maxY - 12 * s))
        let (tileWidth, tileHeight) = (Self.tileWidth * s, Self.tileHeight * s)
        let (columnGap, rowGap) = (Self.columnGap * s, Self.rowGap * s)
        columns = max(1, Int((grid.width + columnGap) / (tileWidth + columnGap)))
        let rows = (max(0, count) + columns - 1) / columns
        let contentHeight = rows == 0 ? 0 : Double(rows) * tileHeight + Double(rows - 1) * rowGap + 2 * Self.ringRoom * s
        maximumScroll = max(0, contentHeight - grid.height)
        scroll = wantedScroll.isFinite ? min(maximumScroll, max(0, wantedScroll)) : 0
        let used = Double(columns) * tileWidth + Double(columns - 1) * columnGap
        let left = grid.minX + (grid.width - used) / 2
        let actions = TileAction.actions(in: mode)
        var tiles: [Tile] = []
        for index in 0..<max(0, count) {
            let (row, column) = (index / columns, index % columns)
            let frame = Rect(x: left + Double(column) * (tileWidth + columnGap),
                             y: grid.minY + Self.ringRoom * s - scroll + Double(row) * (tileHeight + rowGap), width: tileWidth,
                             height: tileHeight)
            let cover = Rect(x: frame.minX, y: frame.minY, width: tileWidth, height: Self.coverHeight * s)
            let title = Rect(x: frame.minX, y: cover.maxY + Self.titleGap * s, width: tileWidth, height: Self.titleHeight * s)
            let actionY = title.maxY + Self.actionGap * s
            let gap = 4 * s
            let room = tileWidth - gap * Double(actions.count - 1)
            var placed: [(TileAction, Rect)] = []
            var x = frame.minX
            for action in actions {
                placed.append((action, Rect(x: x, y: actionY, width: room * action.share, height: Self.actionHeight * s)))
                x += room * action.share + gap
            }
            tiles.append(Tile(frame: frame, cover: cover, title: title, actions: placed))
        }
        self.tiles = tiles
    }

    /// Whether a tile's part at `rect` can be seen (and pressed): inside the grid, not under the header
    /// or footer.
    func isVisible(_ rect: Rect) -> Bool {
        rect.maxY > grid.minY && rect.minY < grid.maxY
    }

    /// The part under `point` (window pixels), or nil off the panel.
    func part(at point: Point) -> Part? {
        guard panel.contains(point) else { return nil }
        if let button = headerButtons.first(where: { $0.1.contains(point) }) { return .header(button.0) }
        guard grid.contains(point) else { return .panel }
        for (index, tile) in tiles.enumerated() where tile.frame.contains(point) {
            if tile.cover.contains(point) || tile.title.contains(point) { return .tile(index) }
            if let action = tile.actions.first(where: { $0.1.contains(point) }) { return .action(index, action.0) }
        }
        return .panel
    }

    /// The scroll that brings tile `index` wholly into the grid, from `scroll` (unchanged when it shows).
    func scroll(showing index: Int) -> Double {
        guard tiles.indices.contains(index) else { return scroll }
        let frame = tiles[index].frame
        if frame.minY < grid.minY { return min(maximumScroll, max(0, scroll - (grid.minY - frame.minY))) }
        if frame.maxY > grid.maxY { return min(maximumScroll, max(0, scroll + (frame.maxY - grid.maxY))) }
        return scroll
    }
}
