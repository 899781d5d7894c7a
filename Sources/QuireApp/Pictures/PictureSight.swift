import QuireDocument
import QuireGeometry

/// Which photo scraps on a page the window shows any of: a scrap out of view, or lying wholly under
/// opaque photos above it, shows nothing, and its picture is kept at a thumbnail's size (a page of a
/// hundred photos piled on one another shows a handful; decoding each at its shown size took gigabytes).
///
/// Looked at by sampling: points across the part of each scrap in view, at most `spacing` page pixels
/// apart (and at most `maximumSamples` a side), each seen when it is inside the scrap's outline and in
/// no opaque scrap above. A strip narrower than the spacing may go unnoticed and show from the
/// thumbnail. Only the page's own scraps are looked at (a scrap on a scrap is drawn as it always was),
/// and only photos known to be opaque hide what is under them: a picture not decoded yet, or one with
/// transparent pixels, hides nothing.
enum PictureSight {
    static let spacing = 12.0
    static let maximumSamples = 48

    /// The ids of the page's photo scraps that show some of themselves in `view` (page pixels), from
    /// `items` (bottom first); `isOpaque` says which pictures are known to be opaque.
    static func seen(_ items: [PageItem], in view: Rect, isOpaque: (BlobID) -> Bool) -> Set<ItemID> {
        var above: [Occluder] = []
        var seen: Set<ItemID> = []
        for item in items.reversed() {
            guard case let .scrap(scrap) = item.content, let picture = scrap.image else { continue }
            // A transform that cannot be undone (a scrap squashed flat) cannot be looked into: shown sharp.
            guard let toScrap = scrap.transform.inverted else {
                seen.insert(item.id)
                continue
            }
            let own = Occluder(bounds: scrap.bounds, toScrap: toScrap, outline: PreparedPath(scrap.outline))
            if own.showsSome(in: view, under: above) { seen.insert(item.id) }
            if isOpaque(picture.reference.blob) { above.append(own) }
        }
        return seen
    }

    /// A scrap as the test sees it: where it lies on the page, and its outline in its own coordinates.
    private struct Occluder {
        let bounds: Rect
        let toScrap: Homography
        let outline: PreparedPath

        func covers(_ point: Point) -> Bool {
            guard bounds.contains(point), let local = toScrap.apply(point) else { return false }
            return outline.contains(local, fillRule: .evenOdd)
        }

        /// Whether some sample point in this scrap's part of `view` is inside its outline and outside
        /// every scrap of `above`; true too when no sample lands inside the outline (too small a scrap
        /// to judge by sampling).
        func showsSome(in view: Rect, under above: [Occluder]) -> Bool {
            let area = bounds.intersection(view)
            guard !area.isNull, area.width > 0, area.height > 0 else { return false }
            let columns = min(maximumSamples, max(1, Int((area.width / spacing).rounded(.up))))
            let rows = min(maximumSamples, max(1, Int((area.height / spacing).rounded(.up))))
            var inside = false
            // The scrap that covered the last point most likely covers the next one too.
            var lastCover = 0
            for row in 0..<rows {
                for column in 0..<columns {
                    let point = Point(area.minX + (Double(column) + 0.5) * area.width / Double(columns),
                                      area.minY + (Double(row) + 0.5) * area.height / Double(rows))
                    guard covers(point) else { continue }
                    inside = true
                    if lastCover < above.count, above[lastCover].covers(point) { continue }
                    guard let cover = above.indices.first(where: { above[$0].covers(point) }) else { return true }
                    lastCover = cover
                }
            }
            return !inside
        }
    }
}
