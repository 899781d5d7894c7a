import Dispatch
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireRender
import QuireStorage
import QuireX11

/// The scrap tray at the window's right edge: a column of the tray's scraps as thumbnails, newest on
/// top, scrolled by the wheel. A scrap pressed there and dragged onto the page is taken out of the tray
/// there (`dropped`); a scrap dragged with the select tool onto the right edge goes into it (the edge
/// lights up while it would). Shown while the tray holds something and the toolbar shows (Tab hides
/// both); the edge takes a scrap even then.
///
/// Thumbnails are drawn with cairo on another thread (a 12-megapixel photo takes a tenth of a second to
/// decode), each once per entry; a card stands in for one still being drawn.
final class ScrapTrayPanel {
    /// Design pixels: the column's width, a thumbnail's side, the gap round it.
    static let width = 112.0, thumbnailSide = 88.0, gap = 12.0
    /// How near the window's right edge a dragged scrap goes into the tray when the column is hidden.
    static let edgeReach = 36.0
    /// The column starts below the status line, which sits at the window's top right.
    static let top = 44.0

    var scale = 1.0
    private(set) var entries: [ScrapTray.Entry] = []
    private var revision = -1
    /// Scrolled down this far (interface pixels).
    private var scroll = 0.0
    /// A scrap dragged out of the column: which, and where the pointer (or finger) is.
    private var drag: (entry: ScrapTray.Entry, at: Point, touch: Int?)?
    /// A scrap on the page is being dragged over the edge: it would go into the tray.
    var takesDrop = false {
        didSet { if takesDrop != oldValue { changed = true } }
    }
    private var changed = false
    /// Something shown changed (a thumbnail drawn meanwhile included).
    var needsFrame: Bool { changed || thumbnails.arrived }
    private var windowSize = (width: 0.0, height: 0.0)
    private let thumbnails = TrayThumbnails()

    enum Handling: Equatable {
        case passed, taken
        /// A scrap dragged out of the tray and let go over the page at this window point.
        case dropped(ScrapTray.EntryID, at: Point)
    }

    /// The tray's contents (read when its revision moves on).
    func follow(_ tray: ScrapTray, pictures: (PageItem) -> [BlobID: [UInt8]]) {
        guard tray.revision != revision else { return }
        revision = tray.revision
        entries = tray.entries
        thumbnails.keep(only: Set(entries.map(\.id)))
        for entry in entries { thumbnails.request(entry, pictures: pictures) }
        scroll = min(scroll, maximumScroll)
        changed = true
    }

    var isShown: Bool { !entries.isEmpty }

    /// Whether thumbnails are still being drawn (the loop looks in again soon).
    var isLoading: Bool { thumbnails.isLoading }

    private var columnWidth: Double { Self.width * scale }

    /// The column, when shown.
    func column(windowWidth: Double, windowHeight: Double) -> Rect {
        Rect(x: windowWidth - columnWidth, y: Self.top * scale, width: columnWidth, height: max(0, windowHeight - Self.top * scale))
    }

    /// Whether a scrap let go at window point `point` goes into the tray.
    func takesScrap(at point: Point, interfaceShown: Bool) -> Bool {
        point.x >= windowSize.width - (interfaceShown && isShown ? columnWidth : Self.edgeReach * scale)
    }

    private var cell: Double { (Self.thumbnailSide + Self.gap) * scale }

    private var maximumScroll: Double {
        max(0, Double(entries.count) * cell + (Self.gap + Self.top) * scale - windowSize.height)
    }

    /// The thumbnail's square for entry number `index` (0 on top).
    private func square(_ index: Int) -> Rect {
        let side = Self.thumbnailSide * scale
        return Rect(x: windowSize.width - columnWidth + (columnWidth - side) / 2, y: (Self.top + Self.gap) * scale + Double(index) * cell - scroll,
                    width: side, height: side)
    }

    func handle(_ event: WindowEvent, interfaceShown: Bool, windowWidth: Int, windowHeight: Int) -> Handling {
        windowSize = (Double(windowWidth), Double(windowHeight))
        if let drag {
            switch event {
            case let .pointerMoved(sample) where drag.touch == nil:
                self.drag?.at = sample.position
            case let .touchMoved(id, at, _) where drag.touch == id:
                self.drag?.at = at
            case let .pointerUp(sample, _, _) where drag.touch == nil:
                return finish(drag.entry, at: sample.position)
            case let .touchEnded(id, at, _) where drag.touch == id:
                return finish(drag.entry, at: at)
            default:
                return .passed
            }
            changed = true
            return .taken
        }
        guard interfaceShown, isShown else { return .passed }
        let column = column(windowWidth: windowSize.width, windowHeight: windowSize.height)
        switch event {
        case let .pointerDown(sample, button, _) where column.contains(sample.position):
            if button == 1 { begin(at: sample.position, touch: nil) }
            return .taken
        case let .touchBegan(id, at, _) where column.contains(at):
            begin(at: at, touch: id)
            return .taken
        case let .scroll(_, dy, at, _) where column.contains(at):
            scroll = min(maximumScroll, max(0, scroll + dy * cell / 2))
            changed = true
            return .taken
        default:
            return .passed
        }
    }

    private func begin(at point: Point, touch: Int?) {
        guard let index = entries.indices.first(where: { square($0).contains(point) }) else { return }
        drag = (entries[index], point, touch)
        changed = true
    }

    private func finish(_ entry: ScrapTray.Entry, at point: Point) -> Handling {
        drag = nil
        changed = true
        return point.x < windowSize.width - columnWidth ? .dropped(entry.id, at: point) : .taken
    }

    /// The column, its thumbnails, a dragged one under the pointer; the lit edge while a scrap would drop.
    func overlay(interfaceShown: Bool, windowWidth: Int, windowHeight: Int) -> [OverlayItem] {
        changed = false
        thumbnails.arrived = false
        windowSize = (Double(windowWidth), Double(windowHeight))
        var items: [OverlayItem] = []
        let light = InkColor(red: 0.25, green: 0.55, blue: 0.95, alpha: 0.35)
        if interfaceShown && isShown {
            let column = column(windowWidth: windowSize.width, windowHeight: windowSize.height)
            items.append(.polygon(Quadrilateral(column).corners, color: takesDrop ? light : InkColor(red: 0.93, green: 0.93, blue: 0.92, alpha: 0.92)))
            for (index, entry) in entries.enumerated() {
                let square = square(index)
                guard square.minY >= column.minY - 1, square.minY < windowSize.height else { continue }
                items += thumbnail(entry, in: square, opacity: drag?.entry.id == entry.id ? 0.35 : 1)
            }
        } else if takesDrop {
            let edge = Rect(x: windowSize.width - Self.edgeReach * scale, y: 0, width: Self.edgeReach * scale, height: windowSize.height)
            items.append(.polygon(Quadrilateral(edge).corners, color: light))
        }
        if let drag {
            let side = Self.thumbnailSide * scale
            items += thumbnail(drag.entry, in: Rect(x: drag.at.x - side / 2, y: drag.at.y - side / 2, width: side, height: side), opacity: 0.85)
        }
        return items
    }

    private func thumbnail(_ entry: ScrapTray.Entry, in square: Rect, opacity: Float) -> [OverlayItem] {
        guard let (image, version) = thumbnails.image(of: entry.id), image.width > 0, image.height > 0 else {
            return [.polygon(Quadrilateral(square.insetBy(8 * scale)).corners, color: InkColor(red: 0.8, green: 0.8, blue: 0.78, alpha: opacity))]
        }
        // The picture's shape in the square, centred.
        let fit = min(square.width / Double(image.width), square.height / Double(image.height))
        let w = Double(image.width) * fit, h = Double(image.height) * fit
        return [.image(key: "tray-\(entry.id.rawValue)-\(version)", image: image,
                       rect: Rect(x: square.center.x - w / 2, y: square.center.y - h / 2, width: w, height: h), opacity: opacity)]
    }
}

/// The tray's thumbnails, drawn on another thread, each once for what its entry holds (an entry back in
/// the tray after a change on a page is drawn again, under a new version: the overlay's texture key).
private final class TrayThumbnails: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [ScrapTray.EntryID: (item: PageItem, image: RGBAImage, version: Int)] = [:]
    private var pending: Set<ScrapTray.EntryID> = []
    private var versions = 0
    private var arrivedUnseen = false
    /// A thumbnail was drawn since this was last set false.
    var arrived: Bool {
        get { lock.lock(); defer { lock.unlock() }; return arrivedUnseen }
        set { lock.lock(); arrivedUnseen = newValue; lock.unlock() }
    }
    private let queue = DispatchQueue(label: "quire.tray-thumbnails", qos: .userInitiated)

    var isLoading: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !pending.isEmpty
    }

    func image(of entry: ScrapTray.EntryID) -> (RGBAImage, version: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return images[entry].map { ($0.image, $0.version) }
    }

    func keep(only entries: Set<ScrapTray.EntryID>) {
        lock.lock()
        images = images.filter { entries.contains($0.key) }
        lock.unlock()
    }

    /// Draws `entry`'s thumbnail unless drawn or under way; `pictures` gives the bytes of what it shows.
    func request(_ entry: ScrapTray.Entry, pictures: (PageItem) -> [BlobID: [UInt8]]) {
        lock.lock()
        let known = images[entry.id]?.item == entry.item || pending.contains(entry.id)
        if !known { pending.insert(entry.id) }
        lock.unlock()
        guard !known else { return }
        let item = entry.item
        let bytes = pictures(item)
        queue.async { [self] in
            let side = ScrapTrayPanel.thumbnailSide * 2
            let image = CopiedItemPictures([item]) { bytes[$0] ?? [] }.flatMap { try? $0.image(fitting: side) }
            lock.lock()
            versions += 1
            images[entry.id] = (item, image ?? RGBAImage(width: 0, height: 0, pixels: []), versions)
            pending.remove(entry.id)
            arrivedUnseen = true
            lock.unlock()
        }
    }
}
