import QuireGeometry

/// The order an overlay's items are drawn in, and where. Most items are drawn straight into the frame,
/// premultiplied "over": pictures, colour fields, text, and polygons that are upright rectangles (the
/// sorter's background and cards, panels' plain parts), whose even-odd fill is the rectangle itself.
/// Only the items that need a stencil (other polygons, polylines) go on the scratch layer, in batches:
/// a batch's area of the scratch is cleared, its items drawn there, and that area alone joined over the
/// frame. So a full-window opaque background costs one fill, not a clear, two stencil passes and a
/// full-window composite, and a ring around a card costs a layer the size of the ring.
///
/// Overlapping items keep their order: a batch is joined before anything drawn straight into the
/// frame over its area, and gathered text is drawn before anything over it (text is gathered so that
/// a frame's text takes one draw call per atlas page). Over is associative, so drawing a translucent
/// item straight in gives what the layer gave, to the rounding of the layer's 8 bits.
struct OverlayPlan {
    enum Step: Equatable {
        /// Item `index` straight into the frame.
        case direct(Int)
        /// Text item `index` gathered for the next `drawTexts`.
        case text(Int)
        /// The text gathered so far, into the frame.
        case drawTexts
        /// A batch begins: the scratch cleared (colour and stencil) over `layerRects[rects]`.
        case beginLayer(Range<Int>)
        /// Item `index` drawn on the scratch, through its stencil.
        case onLayer(Int)
        /// The batch ends: the scratch joined over the frame within `layerRects[rects]`.
        case joinLayer(Range<Int>)
    }

    /// A batch's rectangles past this many are joined into their bounding box: each costs a clear and
    /// a quad, and a toolbar's row of separate buttons would otherwise cost one each.
    static let rectanglesPerBatch = 6

    private(set) var steps: [Step] = []
    /// The batches' rectangles in whole pixels, none overlapping another of its batch (each pixel of
    /// the scratch is cleared and joined once).
    private(set) var layerRects: [Rect] = []
    /// The open batch's rectangles.
    private var open: [Rect] = []

    /// Plans `overlay` for the window area `area` (items wholly outside it are left out: the scissor
    /// would clip them away). Reuses its storage from frame to frame.
    mutating func make(for overlay: [OverlayItem], within area: Rect) {
        steps.removeAll(keepingCapacity: true)
        layerRects.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        var layerStart = -1
        var texts = Rect.null
        for (index, item) in overlay.enumerated() {
            let bounds = item.bounds
            guard !bounds.isNull, bounds.outsetBy(1).intersects(area) else { continue }
            switch item.placement {
            case .text:
                if layerTouches(bounds) { joinLayer(start: &layerStart) }
                texts = texts.union(bounds)
                steps.append(.text(index))
            case .direct:
                if bounds.intersects(texts) { drawTexts(&texts) }
                if layerTouches(bounds) { joinLayer(start: &layerStart) }
                steps.append(.direct(index))
            case .layer:
                if bounds.intersects(texts) { drawTexts(&texts) }
                if layerStart < 0 {
                    layerStart = steps.count
                    steps.append(.beginLayer(0..<0))
                }
                addToLayer(bounds, within: area)
                steps.append(.onLayer(index))
            }
        }
        // Gathered text and an open batch never overlap (each was ended before the other reached it).
        drawTexts(&texts)
        joinLayer(start: &layerStart)
    }

    /// The scratch area the plan clears and joins, in pixels (tests check that it stays small).
    var layerArea: Double {
        layerRects.reduce(0) { $0 + $1.width * $1.height }
    }

    private func layerTouches(_ bounds: Rect) -> Bool {
        open.contains { $0.intersects(bounds) }
    }

    private mutating func drawTexts(_ texts: inout Rect) {
        guard !texts.isNull else { return }
        steps.append(.drawTexts)
        texts = .null
    }

    /// Adds an item's area to the open batch: a pixel beyond its bounds, whole pixels, within `area`,
    /// merged with the rectangles it overlaps so none overlap.
    private mutating func addToLayer(_ bounds: Rect, within area: Rect) {
        let near = bounds.outsetBy(1).intersection(area)
        guard !near.isNull, !near.isEmpty else { return }
        let x0 = near.minX.rounded(.down), y0 = near.minY.rounded(.down)
        var merged = Rect(x: x0, y: y0, width: near.maxX.rounded(.up) - x0, height: near.maxY.rounded(.up) - y0)
        var index = 0
        while index < open.count {
            if open[index].intersects(merged) {
                merged = merged.union(open.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        open.append(merged)
        if open.count > Self.rectanglesPerBatch {
            let box = open.reduce(Rect.null) { $0.union($1) }
            open.removeAll(keepingCapacity: true)
            open.append(box)
        }
    }

    private mutating func joinLayer(start: inout Int) {
        guard start >= 0 else { return }
        let rects = layerRects.count..<(layerRects.count + open.count)
        layerRects.append(contentsOf: open)
        steps[start] = .beginLayer(rects)
        steps.append(.joinLayer(rects))
        open.removeAll(keepingCapacity: true)
        start = -1
    }
}

extension OverlayItem {
    enum Placement {
        case direct, text, layer
    }

    /// Where the item is drawn (see `OverlayPlan`).
    var placement: Placement {
        switch self {
        case let .polygon(points, _):
            return Self.uprightRectangle(points) == nil ? .layer : .direct
        case .polyline:
            return .layer
        case .image, .colorField:
            return .direct
        case .text:
            return .text
        }
    }

    /// The rectangle a polygon is when its corners go round one with edges along the axes (a closing
    /// point equal to the first allowed), else nil.
    static func uprightRectangle(_ points: [Point]) -> Rect? {
        guard points.count == 4 || (points.count == 5 && points[4] == points[0]) else { return nil }
        let (a, b, c, d) = (points[0], points[1], points[2], points[3])
        let horizontalFirst = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let verticalFirst = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard horizontalFirst || verticalFirst else { return nil }
        return Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }
}

extension Rect {
    /// Whether every edge lies on a pixel boundary.
    var isWholePixels: Bool {
        minX.rounded() == minX && minY.rounded() == minY && maxX.rounded() == maxX && maxY.rounded() == maxY
    }
}
