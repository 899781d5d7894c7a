/// An axis-aligned rectangle. `minX/minY` is its corner nearest the origin; width and height are never
/// negative. The empty rect (`.null`) is the identity for `union`, so bounds can be accumulated.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var minX: Double
    public var minY: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        minX = width < 0 ? x + width : x
        minY = height < 0 ? y + height : y
        self.width = abs(width)
        self.height = abs(height)
    }

    public init(from a: Point, to b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// No area and no position: the starting value for accumulating bounds.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var isNull: Bool { minX.isInfinite || minY.isInfinite }
    public var isEmpty: Bool { isNull || width == 0 || height == 0 }
    public var maxX: Double { minX + width }
    public var maxY: Double { minY + height }
    public var center: Point { Point(minX + width / 2, minY + height / 2) }

    public func contains(_ p: Point) -> Bool {
        !isNull && p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    public func intersects(_ other: Rect) -> Bool {
        !isNull && !other.isNull && minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func union(_ p: Point) -> Rect { union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }

    public func intersection(_ other: Rect) -> Rect {
        guard intersects(other) else { return .null }
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// Grown by `d` on every side (shrunk for negative `d`, never below zero size).
    public func insetBy(_ d: Double) -> Rect {
        if isNull { return self }
        return Rect(x: minX + d, y: minY + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }

    public func outsetBy(_ d: Double) -> Rect { insetBy(-d) }

    public var description: String { "Rect(\(minX), \(minY), \(width)×\(height))" }
}
