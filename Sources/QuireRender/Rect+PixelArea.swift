import QuireGeometry

/// Rectangles of whole pixels, as the scissor and the overlay's layer take them.
extension Rect {
    /// This rectangle less `other`, both in whole pixels: at most four rectangles, none empty, none
    /// sharing a pixel — the strips above and below `other`, then those left and right of it between
    /// them; this rectangle itself when they share none.
    func pixels(outside other: Rect) -> [Rect] {
        guard sharesPixels(with: other) else { return [self] }
        var parts: [Rect] = []
        func add(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            if x1 > x0, y1 > y0 { parts.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        }
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        add(minX, minY, maxX, top)
        add(minX, bottom, maxX, maxY)
        add(minX, top, max(minX, other.minX), bottom)
        add(min(maxX, other.maxX), top, maxX, bottom)
        return parts
    }

    /// Whether the two overlap by more than an edge.
    func sharesPixels(with other: Rect) -> Bool {
        !isNull && !other.isNull && other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }
}
