import Foundation
import QuireGeometry
import QuireInk
import QuireRender

/// How the notebook shelf draws while a page is dragged: a panel a shade lighter than the sorter down
/// the right edge, a heading saying what a drop does, then each notebook's cover (its first page's
/// thumbnail, or a plain card) and title; the notebook under the dragged page lit in the accent colour.
extension PageSorter {
    static let shelfColor = InkColor(red: 0.16, green: 0.16, blue: 0.19)
    static let shelfEdge = InkColor(red: 1, green: 1, blue: 1, alpha: 0.12)
    static let shelfTarget = InkColor(red: 0.27, green: 0.47, blue: 0.85, alpha: 0.45)

    func shelfItems(_ shelf: PageSorterShelf) -> [OverlayItem] {
        let s = scale, frame = shelf.frame, target = shelfTarget
        var items: [OverlayItem] = [
            .polygon(corners(frame), color: Self.shelfColor),
            .polygon(corners(Rect(x: frame.minX, y: frame.minY, width: max(1, s), height: frame.height)), color: Self.shelfEdge),
        ]
        let titleWidth = Int(shelf.title(0).width.rounded(.down))
        for index in shelf.visibleRows {
            let row = shelf.row(index), cover = shelf.cover(index)
            if index == target {
                items.append(.polygon(InterfaceShape.roundedRect(row, radius: 8 * s), color: Self.shelfTarget))
                items.append(.polyline(outline(row), width: 2 * s, color: Self.accent))
            }
            items.append(contentsOf: coverItems(of: notebooks[index].path, in: cover))
            let title = shelf.title(index)
            items += words(notebooks[index].title, size: 13 * s, color: Self.textColor,
                           at: Point(title.minX, title.center.y - 9 * s), maximumWidth: titleWidth)
        }
        // The heading over the rows scrolled under it.
        let heading = Rect(x: frame.minX + max(1, s), y: frame.minY, width: frame.width - max(1, s), height: shelf.rowsTop - frame.minY)
        items.append(.polygon(corners(heading), color: Self.shelfColor))
        let left = frame.minX + PageSorterShelf.padding * s, width = Int((frame.width - 2 * PageSorterShelf.padding * s).rounded(.down))
        items += words("Drop on a notebook to move", size: 13 * s, color: Self.textColor, at: Point(left, frame.minY + 10 * s),
                       maximumWidth: width)
        items += words("Hold Ctrl to copy", size: 11.5 * s, color: Self.dimTextColor, at: Point(left, frame.minY + 32 * s),
                       maximumWidth: width)
        return items
    }

    /// A notebook's cover: its first page's thumbnail fitted in `rect`, or a plain card while it is
    /// read or when it has none.
    private func coverItems(of path: String, in rect: Rect) -> [OverlayItem] {
        guard case let .image(image, serial) = covers.cover(of: path), image.width > 0, image.height > 0 else {
            return [.polygon(corners(rect), color: Self.cardColor)]
        }
        let fit = min(rect.width / Double(image.width), rect.height / Double(image.height))
        let (width, height) = (Double(image.width) * fit, Double(image.height) * fit)
        return [.image(key: "sorter-shelf-cover-\(serial)", image: image,
                       rect: Rect(x: rect.center.x - width / 2, y: rect.center.y - height / 2, width: width, height: height),
                       opacity: 1)]
    }
}
