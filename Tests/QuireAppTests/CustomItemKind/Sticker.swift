import QuireDocument
import QuireGeometry
import QuireInk

/// Issue 35: an item kind made outside Quire's sources, one file per layer it needs — this one the
/// model (what every item answers), `Sticker+Drawn.swift` the window and page images,
/// `Sticker+Vector.swift` PDF and SVG — and one registration (`CustomItemKinds.register(Sticker.self)`).
/// Nothing of Quire's own is touched to add it.
///
/// A sticker is a square frame of colour with its middle left open: its outline is two subpaths wound
/// the same way, so the open middle shows only where both layers fill even-odd, as they promise.
struct Sticker: CustomItemContent {
    static let kindName = "test-sticker"
    static let displayName = "sticker"

    var rect: Rect
    /// How wide the frame is; the open middle is `rect` inset by it.
    var border: Double
    var color: InkColor
    /// Drawn with a pen line 10 px under it, as ink is (the other part a kind can draw with).
    var underlined = false

    var bounds: Rect { underlined ? rect.union(underline.bounds.outsetBy(4)) : rect }

    var outline: BezierPath {
        BezierPath(rect: rect).appending(BezierPath(rect: rect.insetBy(border)))
    }

    var underline: Stroke {
        let y = rect.maxY + 10
        return Stroke(samples: stride(from: rect.minX, through: rect.maxX, by: 4).map {
            InputSample(position: Point($0, y), pressure: 1, time: ($0 - rect.minX) / 400, device: .pen)
        }, style: .defaults(for: .pen))
    }

    /// Stickers stay upright: moved and scaled by the map at two corners.
    func transformed(by map: Homography) -> Sticker? {
        guard let a = map.apply(Point(rect.minX, rect.minY)), let b = map.apply(Point(rect.maxX, rect.maxY)) else { return nil }
        var moved = self
        moved.rect = Rect(from: a, to: b)
        return moved
    }

    /// On the frame, not in its open middle.
    func contains(_ point: Point, tolerance: Double) -> Bool {
        rect.outsetBy(tolerance).contains(point) && !rect.insetBy(border + tolerance).contains(point)
    }

    var problem: String? {
        let values = [rect.minX, rect.minY, rect.width, rect.height, border]
        guard values.allSatisfy({ $0.isFinite && abs($0) <= ItemLimits.maximumCoordinate }) else {
            return "its rect or border is not a finite number within ±\(Int(ItemLimits.maximumCoordinate)) px"
        }
        guard rect.width >= 0, rect.height >= 0, border >= 0, border <= min(rect.width, rect.height) / 2 else {
            return "its \(rect.width)×\(rect.height) px frame cannot be \(border) px wide"
        }
        return nil
    }
}
