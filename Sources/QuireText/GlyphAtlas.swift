/// Glyph coverage kept for drawing text on the GPU: each glyph rasterized once per (font, pixel size,
/// glyph index) into single-channel pages packed in shelves (`ShelfPacker`). A full page opens another;
/// with `maximumPages` full, everything is dropped and packing starts again on new pages (the atlas is
/// bounded: at most `maximumPages` × `pageWidth` × `maximumPageHeight` bytes). Page ids are never
/// reused, so a page's pixels under a given id and rectangle never change: anything drawn from an
/// older page (a snapshot of its `Page`) stays right. Not for use from two threads at once.
public final class GlyphAtlas {
    /// Which glyph: the font file, the size in pixels per em, and the font's glyph index.
    public struct Key: Hashable, Sendable {
        public var font: String
        public var size: Double
        public var glyph: UInt32

        public init(font: String, size: Double, glyph: UInt32) {
            self.font = font
            self.size = size
            self.glyph = glyph
        }
    }

    /// Where a glyph's coverage lies: in the page with id `page`, at `slot`.
    public struct Entry: Equatable, Sendable {
        public var page: Int
        public var slot: ShelfPacker.Slot
    }

    /// One page's coverage, row by row (`width` bytes a row), 0 transparent … 255 covered. `version`
    /// rises whenever glyphs are added, so an uploaded copy knows it is old.
    public struct Page: Sendable {
        public let id: Int
        public fileprivate(set) var version: Int
        public let width: Int
        public fileprivate(set) var height: Int
        public fileprivate(set) var coverage: [UInt8]
    }

    public let pageWidth: Int
    public let maximumPageHeight: Int
    public let maximumPages: Int
    /// The pages in use, oldest first.
    public private(set) var pages: [Page] = []
    /// How many times the atlas was emptied to make room.
    public private(set) var resets = 0
    private var packers: [ShelfPacker] = []
    private var entries: [Key: Entry] = [:]
    private var nextPageID = 1
    private let initialPageHeight: Int

    /// Glyphs held now.
    public var count: Int { entries.count }

    public init(pageWidth: Int = 1024, initialPageHeight: Int = 128, maximumPageHeight: Int = 1024, maximumPages: Int = 4) {
        self.pageWidth = max(16, pageWidth)
        self.maximumPageHeight = max(16, maximumPageHeight)
        self.initialPageHeight = min(max(1, initialPageHeight), self.maximumPageHeight)
        self.maximumPages = max(1, maximumPages)
    }

    /// The glyph's place, if it is held.
    public func entry(for key: Key) -> Entry? {
        entries[key]
    }

    /// The page with this id, if it is still in use.
    public func page(id: Int) -> Page? {
        pages.first { $0.id == id }
    }

    /// Adds a glyph's coverage (`width` × `rows` bytes, row by row) and says where it went; nil when it
    /// is empty or larger than a page (such a glyph is not drawn). A glyph already held is not added
    /// again.
    public func add(_ key: Key, width: Int, rows: Int, coverage: [UInt8]) -> Entry? {
        if let entry = entries[key] { return entry }
        guard width > 0, rows > 0, coverage.count == width * rows else { return nil }
        var placed: (index: Int, slot: ShelfPacker.Slot)?
        for index in packers.indices {
            if let slot = packers[index].place(width: width, height: rows) {
                placed = (index, slot)
                break
            }
        }
        if placed == nil {
            if pages.count == maximumPages { empty() }
            var packer = ShelfPacker(width: pageWidth, initialHeight: initialPageHeight, maximumHeight: maximumPageHeight)
            guard let slot = packer.place(width: width, height: rows) else { return nil }
            packers.append(packer)
            pages.append(Page(id: nextPageID, version: 0, width: pageWidth, height: 0, coverage: []))
            nextPageID += 1
            placed = (pages.count - 1, slot)
        }
        guard let (index, slot) = placed else { return nil }
        copy(coverage, width: width, rows: rows, to: slot, page: index)
        let entry = Entry(page: pages[index].id, slot: slot)
        entries[key] = entry
        return entry
    }

    private func copy(_ coverage: [UInt8], width: Int, rows: Int, to slot: ShelfPacker.Slot, page index: Int) {
        let height = packers[index].height
        if pages[index].height < height {
            // Rows are whole page widths: growing appends blank rows at the bottom.
            pages[index].coverage.append(contentsOf: repeatElement(0, count: (height - pages[index].height) * pageWidth))
            pages[index].height = height
        }
        pages[index].coverage.withUnsafeMutableBufferPointer { target in
            coverage.withUnsafeBufferPointer { source in
                for row in 0..<rows {
                    let from = row * width, to = (slot.y + row) * pageWidth + slot.x
                    for column in 0..<width { target[to + column] = source[from + column] }
                }
            }
        }
        pages[index].version += 1
    }

    /// Drops every glyph and page (their ids are not used again).
    private func empty() {
        pages.removeAll()
        packers.removeAll()
        entries.removeAll()
        resets += 1
    }
}
