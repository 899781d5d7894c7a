import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText

/// How the page sorter draws: the window dimmed to the toolbar's dark grey, a header naming the
/// notebook's page count and what the pointer does, then only the cards in view (a 500-page notebook
/// draws the same few dozen as a 20-page one): each page's stored thumbnail fitted on a white card, or
/// its number on a plain card until (or unless) it has one; the shown page ringed in the accent
/// colour, the selected one in white; the page's number under each card; the "+" card; while a page
/// is dragged, its card under the pointer and a bar where it will land, and the shelf of the library's
/// other notebooks it can be dropped on.
extension PageSorter {
    static let background = InkColor(red: 0.11, green: 0.11, blue: 0.13)
    static let cardColor = InkColor(red: 0.96, green: 0.96, blue: 0.97)
    static let accent = InkColor(red: 0.27, green: 0.47, blue: 0.85)
    static let selectedColor = InkColor(red: 0.93, green: 0.93, blue: 0.95)
    static let faint = InkColor(red: 1, green: 1, blue: 1, alpha: 0.25)
    static let textColor: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (225, 225, 230, 255)
    static let dimTextColor: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (150, 150, 160, 255)
    static let numberOnCardColor: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (120, 120, 128, 255)

    /// The sorter's items in window pixels, top last; asks for the thumbnails it will need next.
    public func overlay() -> [OverlayItem] {
        guard isOpen else { return [] }
        needsFrame = false
        // A page held at the top or bottom edge scrolls the grid a little each frame.
        autoscroll(now: Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
        requestThumbnails()
        let layout = self.layout, s = scale
        let window = Rect(x: 0, y: 0, width: Double(windowSize.width), height: Double(windowSize.height))
        var items: [OverlayItem] = [.polygon(corners(window), color: Self.background)]
        let drop = self.drop
        for index in layout.visibleCards(scroll: scroll) {
            let rect = layout.cardRect(index, scroll: scroll)
            if index == pages.count {
                items += plusCard(rect)
                continue
            }
            items += card(index, in: rect, opacity: drop?.page == index ? 0.35 : 1)
            if index == current {
                items.append(.polyline(outline(rect.outsetBy(4 * s)), width: 3 * s, color: Self.accent))
            } else if index == selected {
                items.append(.polyline(outline(rect.outsetBy(4 * s)), width: 2 * s, color: Self.selectedColor))
            }
            if index == selected && index == current {
                items.append(.polyline(outline(rect.outsetBy(8.5 * s)), width: 1.5 * s, color: Self.selectedColor))
            }
            let label = layout.labelRect(index, scroll: scroll)
            items += centred(number: index + 1, size: 13 * s, color: index == current ? Self.textColor : Self.dimTextColor,
                             in: Rect(x: label.minX, y: label.minY + 4 * s, width: label.width, height: label.height - 4 * s))
        }
        // The header over the cards scrolled under it.
        let header = Rect(x: 0, y: 0, width: window.width, height: layout.headerHeight)
        items.append(.polygon(corners(header), color: Self.background))
        let count = pages.count == 1 ? "1 page" : "\(pages.count) pages"
        items += words(count, size: 17 * s, color: Self.textColor, at: Point(layout.left, 18 * s))
        items += words("Click a page to open it · drag to move it · Insert adds · Delete removes · Esc closes", size: 12 * s,
                       color: Self.dimTextColor, at: Point(layout.left + 110 * s, 22 * s))
        items += scrollbar(layout, window: window)
        if let shelf { items += shelfItems(shelf) }
        if let drop, let point = dragPoint {
            if let slot = drop.slot {
                let bar = layout.dropIndicator(row: slot.row, column: slot.column, scroll: scroll)
                items.append(.polygon(InterfaceShape.roundedRect(bar, radius: bar.width / 2), color: Self.accent))
            }
            // Over the shelf the card is carried at half size, so the notebook it would go to shows round it.
            let size = layout.cardSize, shrink = drop.slot == nil ? 0.5 : 1
            let lifted = Rect(x: point.x - size.width * shrink / 2, y: point.y - size.height * shrink / 2,
                              width: size.width * shrink, height: size.height * shrink)
            items += card(drop.page, in: lifted, opacity: 0.85)
            items.append(.polyline(outline(lifted.outsetBy(2 * s)), width: 2 * s, color: Self.accent))
        }
        return items
    }

    /// A page's card: its thumbnail (the page's own paper) fitted and centred in it, a page of another
    /// shape than Letter leaving bands of the background; or its number on the plain card. (No card
    /// under a thumbnail: each filled shape is a stencil pass, which a software rasteriser feels.)
    private func card(_ index: Int, in rect: Rect, opacity: Float) -> [OverlayItem] {
        let page = pages[index]
        if case let .image(image)? = thumbnails?.thumbnail(of: page), image.width > 0, image.height > 0 {
            var fit = min(rect.width / Double(image.width), rect.height / Double(image.height))
            // Shrunk to the card already (`PageThumbnails.cardSize`): drawn at its own size on whole
            // pixels, each texel one pixel, wherever the scroll has left the card.
            let exact = abs(fit - 1) < 0.01
            if exact { fit = 1 }
            let width = Double(image.width) * fit, height = Double(image.height) * fit
            var origin = Point(rect.minX + (rect.width - width) / 2, rect.minY + (rect.height - height) / 2)
            if exact { origin = Point(origin.x.rounded(), origin.y.rounded()) }
            return [.image(key: "sorter-\(opening)-\(page.rawValue)", image: image,
                           rect: Rect(x: origin.x, y: origin.y, width: width, height: height), opacity: opacity)]
        }
        let paper = InkColor(red: Self.cardColor.red, green: Self.cardColor.green, blue: Self.cardColor.blue, alpha: opacity)
        return [.polygon(corners(rect), color: paper)]
            + centred(number: index + 1, size: 30 * scale, color: Self.numberOnCardColor,
                      in: Rect(x: rect.minX, y: rect.center.y - 20 * scale, width: rect.width, height: 40 * scale), opacity: opacity)
    }

    /// The "+" card: a faint outline with a plus in it.
    private func plusCard(_ rect: Rect) -> [OverlayItem] {
        let s = scale, c = rect.center, arm = 18 * s, thick = 2 * s
        return [
            .polygon(InterfaceShape.roundedRect(rect, radius: 8 * s), color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.06)),
            .polyline(outline(rect), width: 1.5 * s, color: Self.faint),
            .polygon(corners(Rect(x: c.x - arm, y: c.y - thick, width: 2 * arm, height: 2 * thick)), color: Self.selectedColor),
            .polygon(corners(Rect(x: c.x - thick, y: c.y - arm, width: 2 * thick, height: 2 * arm)), color: Self.selectedColor),
        ]
    }

    /// A thin bar at the right edge: how much of the grid shows and where (nothing when it all fits).
    private func scrollbar(_ layout: PageSorterLayout, window: Rect) -> [OverlayItem] {
        guard layout.maximumScroll > 0 else { return [] }
        let s = scale
        let track = Rect(x: window.maxX - 10 * s, y: layout.headerHeight, width: 4 * s, height: window.height - layout.headerHeight - 8 * s)
        let shown = window.height / layout.contentHeight
        let length = max(24 * s, track.height * shown)
        let y = track.minY + (track.height - length) * (scroll / layout.maximumScroll)
        return [.polygon(InterfaceShape.roundedRect(Rect(x: track.minX, y: y, width: track.width, height: length), radius: 2 * s),
                         color: Self.faint)]
    }

    /// `number` centred in `rect`.
    private func centred(number: Int, size: Double, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), in rect: Rect,
                         opacity: Float = 1) -> [OverlayItem] {
        guard let run = laidOut("\(number)", size: size) else { return [] }
        let origin = Point((rect.center.x - Double(run.layout.width) / 2).rounded(), (rect.center.y - Double(run.layout.height) / 2).rounded())
        return [.text(run, at: origin, color: color, opacity: Double(opacity))]
    }

    /// `text` with its top left at `point`, cut short with an ellipsis past `maximumWidth` pixels.
    func words(_ text: String, size: Double, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), at point: Point,
               maximumWidth: Int? = nil) -> [OverlayItem] {
        guard let run = laidOut(text, size: size, maximumWidth: maximumWidth) else { return [] }
        return [.text(run, at: Point(point.x.rounded(), point.y.rounded()), color: color)]
    }

    /// The words laid out on the glyph atlas once and kept (a few hundred numbers at most are drawn
    /// while scrolling; past that many they are laid out again when they come back).
    private func laidOut(_ text: String, size: Double, maximumWidth: Int? = nil) -> GlyphRun? {
        guard let rasterizer = self.text else { return nil }
        let room = max(1, maximumWidth ?? windowSize.width)
        let key = "\(text)-\(size)-\(room)"
        if let known = labels[key] { return known }
        if labels.count > 600 { labels.removeAll() }
        let run = try? rasterizer.run(text, size: size, maximumWidth: room)
        labels[key] = run
        return run
    }

    func corners(_ rect: Rect) -> [Point] {
        [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)]
    }

    func outline(_ rect: Rect) -> [Point] {
        let points = corners(rect)
        return points + [points[0]]
    }
}
