import QuireGeometry

/// Which item lies under a point: what a tool is given when a gesture begins (the select tool picks
/// it up, scissors start on it, ink lands on the scrap under the pen).
extension Page {
    /// The topmost item that draws at `point` (page pixels), within `tolerance` pixels of its ink,
    /// among those `included` lets through (the select tool picks up scraps and pictures only).
    public func topItem(at point: Point, tolerance: Double = 2, where included: (PageItem) -> Bool = { _ in true }) -> ItemID? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        return items.last { included($0) && $0.contains(point, tolerance: tolerance) }?.id
    }
}

extension PageItem {
    /// Whether the item draws at `point`, or within `tolerance` of it.
    public func contains(_ point: Point, tolerance: Double) -> Bool {
        guard bounds.outsetBy(tolerance).contains(point) else { return false }
        switch content {
        case let .stroke(stroke):
            let reach = stroke.style.maximumWidth / 2 + tolerance
            let positions = stroke.storedSamples.positions
            guard let first = positions.first else { return false }
            if positions.count == 1 { return first.distance(to: point) <= reach }
            return zip(positions, positions.dropFirst()).contains { point.distance(toSegment: $0, $1) <= reach }
        case let .scrap(scrap):
            guard let local = scrap.transform.inverted?.apply(point) else { return false }
            return scrap.outline.contains(local, fillRule: .evenOdd)
        case let .image(image):
            return BezierPath(polygon: image.corners.corners).contains(point)
        case let .pdfPage(pdf):
            return pdf.rect.contains(point)
        case let .text(text):
            return text.contains(point, tolerance: tolerance)
        case let .custom(custom):
            return custom.contains(point, tolerance: tolerance)
        }
    }
}
