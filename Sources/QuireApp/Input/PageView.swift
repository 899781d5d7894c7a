import QuireGeometry

/// How the page sits in the window: a zoom between 0.25× and 8× and a pan, in window pixels. Zooming
/// keeps the page point under the pointer (or the window's centre) where it was, as people expect.
public struct PageView: Equatable, Sendable {
    public static let zoomRange: ClosedRange<Double> = 0.25...8
    public private(set) var zoom: Double = 1
    /// Where the page's top-left corner is, in window pixels.
    public private(set) var offset = Point.zero

    public init() {}

    /// The view a saved page-to-window transform describes (its scale clamped to the zoom range;
    /// anything not finite gives the default view).
    public init(restoring transform: AffineTransform) {
        let scale = abs(transform.determinant).squareRoot()
        guard scale.isFinite, scale > 0, transform.tx.isFinite, transform.ty.isFinite else { return }
        zoom = min(Self.zoomRange.upperBound, max(Self.zoomRange.lowerBound, scale))
        offset = Point(transform.tx, transform.ty)
    }

    public var pageToWindow: AffineTransform {
        AffineTransform.scale(zoom, zoom).concatenating(.translation(offset.x, offset.y))
    }

    /// Multiplies the zoom by `factor` (clamped to the range) keeping `anchor` (window pixels) fixed.
    public mutating func zoom(by factor: Double, around anchor: Point) {
        guard factor.isFinite, factor > 0 else { return }
        let newZoom = min(Self.zoomRange.upperBound, max(Self.zoomRange.lowerBound, zoom * factor))
        let pagePoint = (anchor - offset) / zoom
        zoom = newZoom
        offset = anchor - pagePoint * zoom
    }

    public mutating func pan(by delta: Point) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        offset += delta
    }

    public mutating func reset() {
        self = PageView()
    }
}
