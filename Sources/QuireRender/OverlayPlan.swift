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

    /// A batch covered by more rectangles than this takes its bounding box: each costs a clear and a
    /// quad (`cover`).
    static let rectanglesPerBatch = 48
    /// A polyline's layer follows its line in pieces this long at most: a long slanted side's own
    /// bounding box would be most of the frame it belongs to.
    static let polylinePiece = 128.0
    /// A polyline in more pieces than this (a long wavy line) takes its bounding box.
    static let piecesPerPolyline = 32

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
                if case let .polyline(points, lineWidth, _) = item, case let pieces = Self.pieces(of: points, width: lineWidth),
                   pieces.count <= Self.piecesPerPolyline {
                    for piece in pieces { addToLayer(piece, within: area) }
                } else {
                    addToLayer(bounds, within: area)
                }
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

    /// Adds an item's area to the open batch: a pixel beyond its bounds, whole pixels, within `area`.
    private mutating func addToLayer(_ bounds: Rect, within area: Rect) {
        let near = bounds.outsetBy(1).intersection(area)
        guard !near.isNull, !near.isEmpty else { return }
        let x0 = near.minX.rounded(.down), y0 = near.minY.rounded(.down)
        open.append(Rect(x: x0, y: y0, width: near.maxX.rounded(.up) - x0, height: near.maxY.rounded(.up) - y0))
        // A batch of hundreds (a scissors loop's dashes) would be worked out slice by slice for nothing:
        // it takes its bounding box, as `cover` would give it.
        if open.count > 4 * Self.rectanglesPerBatch {
            let box = open.reduce(Rect.null) { $0.union($1) }
            open.removeAll(keepingCapacity: true)
            open.append(box)
        }
    }

    /// The area the batch's `rects` (whole pixels) cover, exactly, as rectangles none of which overlap:
    /// cut across at every rectangle's top and bottom, the rectangles in each slice joined where they
    /// meet along it, and runs alike in consecutive slices joined down. A frame's four sides stay four
    /// thin strips rather than the frame's bounding box. Past `rectanglesPerBatch` (a long slanted
    /// line's staircase) the batch takes its bounding box.
    static func cover(_ rects: [Rect]) -> [Rect] {
        let bounds = rects.reduce(Rect.null) { $0.union($1) }
        guard rects.count > 1, !bounds.isNull else { return rects }
        let edges = Set(rects.flatMap { [$0.minY, $0.maxY] }).sorted()
        var cover: [Rect] = []
        /// Runs reaching the last slice's bottom, by their left and right, for joining down.
        var reaching: [Pair: Int] = [:]
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            let spans = rects.filter { $0.minY < bottom && $0.maxY > top }.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
            var runs: [(Double, Double)] = []
            for span in spans {
                if let last = runs.last, span.0 <= last.1 {
                    runs[runs.count - 1].1 = max(last.1, span.1)
                } else {
                    runs.append(span)
                }
            }
            var next: [Pair: Int] = [:]
            for (left, right) in runs {
                let key = Pair(left: left, right: right)
                if let above = reaching[key] {
                    cover[above] = Rect(x: left, y: cover[above].minY, width: right - left, height: bottom - cover[above].minY)
                    next[key] = above
                } else {
                    cover.append(Rect(x: left, y: top, width: right - left, height: bottom - top))
                    next[key] = cover.count - 1
                }
            }
            reaching = next
            if cover.count > rectanglesPerBatch { return [bounds] }
        }
        return cover
    }

    /// A run's left and right edges.
    private struct Pair: Hashable {
        let left: Double, right: Double
    }

    /// The rectangles a polyline of `width` is drawn within: each segment's box, a segment longer than
    /// `polylinePiece` cut into pieces, widened as `OverlayItem.bounds` widens the whole line (half the
    /// line, for its round ends and joins, and a pixel for its smoothed edge).
    static func pieces(of points: [Point], width: Double) -> [Rect] {
        let margin = max(0, width.isFinite ? width : 0) / 2 + 1
        var rects: [Rect] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            guard length.isFinite else { continue }
            let count = max(1, min(piecesPerPolyline + 1, Int((length / polylinePiece).rounded(.up))))
            for k in 0..<count {
                let p = a + (b - a) * (Double(k) / Double(count)), q = a + (b - a) * (Double(k + 1) / Double(count))
                rects.append(Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y)).outsetBy(margin))
            }
        }
        if points.count == 1, let only = points.first { rects.append(Rect(x: only.x, y: only.y, width: 0, height: 0).outsetBy(margin)) }
        return rects
    }

    private mutating func joinLayer(start: inout Int) {
        guard start >= 0 else { return }
        let cover = Self.cover(open)
        let rects = layerRects.count..<(layerRects.count + cover.count)
        layerRects.append(contentsOf: cover)
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
