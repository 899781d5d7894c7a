import Foundation
import QuireGeometry
import QuireInk
import QuireRender
import QuireText
import QuireX11

/// Ctrl+F: a bar at the top of the window to type words into; Enter finds them in the notebook (text
/// boxes and PDF pages) and turns to the next place, Shift+Enter to the one before; Escape closes it.
/// The place shown is marked on the page. While open it takes every key.
final class FindBar {
    static let textSize = 14.0
    /// Longer words are not looked for (`quire find` holds the same limit).
    static let maximumLength = 1_000
    var scale = 1.0
    private let text: TextRasterizer?
    private(set) var isOpen = false
    private(set) var query = ""
    /// The places found for `searched`, and which is shown.
    private(set) var places: [FoundText] = []
    private(set) var current: Int?
    private(set) var searched: String?
    private var laidOut: (label: String, scale: Double, run: GlyphRun)?

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// What a key asked for.
    enum Outcome: Equatable {
        case editing
        /// Enter: the next place (or the one before), searching first when the words changed.
        case find(String, backwards: Bool)
        case closed
    }

    /// Opens empty: new words are typed (the last search's places are kept until others are asked for).
    func open() {
        isOpen = true
        query = ""
    }

    func close() {
        isOpen = false
        current = nil
    }

    func type(_ key: KeyInput) -> Outcome {
        switch key.keysym {
        case Keysym.escape:
            close()
            return .closed
        case Keysym.returnKey, Keysym.keypadEnter:
            let words = query.trimmingCharacters(in: .whitespaces)
            return words.isEmpty ? .editing : .find(words, backwards: key.shift)
        case Keysym.backspace:
            if !query.isEmpty { query.removeLast() }
        default:
            let typed = TextEntryKeys.typed(by: key)
            if !typed.isEmpty, !key.control, !key.alt, query.count + typed.count <= Self.maximumLength { query += typed }
        }
        return .editing
    }

    /// The places found for `words`; none shown yet.
    func found(_ places: [FoundText], for words: String) {
        self.places = places
        searched = words
        current = nil
    }

    /// Steps to the next place (the one before when `backwards`), round the end; nil when none.
    func step(backwards: Bool) -> FoundText? {
        guard !places.isEmpty else { return nil }
        if let current {
            self.current = (current + (backwards ? places.count - 1 : 1)) % places.count
        } else {
            current = backwards ? places.count - 1 : 0
        }
        return places[self.current!]
    }

    /// The bar (at the top, in the middle) and, on `page` (1-based) seen through `pageToWindow`, the mark
    /// round the place shown.
    func overlay(windowWidth: Int, page: Int, pageToWindow: QuireGeometry.AffineTransform) -> [OverlayItem] {
        guard isOpen else { return [] }
        var items: [OverlayItem] = []
        if let current, places.indices.contains(current), places[current].page == page {
            let place = places[current]
            let rect = Rect(x: place.x, y: place.y, width: place.width, height: place.height).outsetBy(3)
            let corners = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)]
                .map(pageToWindow.apply)
            items.append(.polygon(corners, color: InkColor(red: 1, green: 0.85, blue: 0.1, alpha: 0.4)))
            items.append(.polyline(corners + [corners[0]], width: 2, color: InkColor(red: 0.9, green: 0.55, blue: 0, alpha: 0.9)))
        }
        guard let text else { return items }
        let label = "Find: \(query)▏" + status
        if laidOut?.label != label || laidOut?.scale != scale {
            guard let run = try? text.run(label, size: Self.textSize * scale, maximumWidth: max(80, windowWidth - 40)) else { return items }
            laidOut = (label, scale, run)
        }
        guard let run = laidOut?.run else { return items }
        let padding = 10 * scale
        let (width, height) = (Double(run.layout.width), Double(run.layout.height))
        let band = Rect(x: ((Double(windowWidth) - width) / 2 - padding).rounded(), y: (12 * scale).rounded(),
                        width: width + 2 * padding, height: height + padding)
        items.append(.polygon(InterfaceShape.roundedRect(band, radius: 8 * scale), color: InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 0.9)))
        items.append(.text(run, at: Point(band.minX + padding, band.minY + padding / 2), color: (235, 235, 240, 255)))
        return items
    }

    /// "   2 of 5 (Enter: next, Shift+Enter: back)", or what the last search found.
    private var status: String {
        guard let searched, searched == query.trimmingCharacters(in: .whitespaces) else { return "   (Enter finds; Escape closes)" }
        if places.isEmpty { return "   nowhere in this notebook" }
        let place = current.map { "\($0 + 1) of \(places.count)" } ?? "\(places.count) found"
        return "   \(place) (Enter: next, Shift+Enter: back)"
    }
}
