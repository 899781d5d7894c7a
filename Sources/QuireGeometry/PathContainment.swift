/// A path made ready for many point-in-path tests: its segments and their bounds worked out once,
/// where `BezierPath.contains` works them out (arc lengths and all) on every call, and sorted into
/// horizontal bands, so a test looks only at the segments that reach its point's height. Splitting
/// strokes among the pieces of a cut asks tens of thousands of times of the same few outlines, and a
/// loop the pen drew round page ink has hundreds of segments, nearly all of them above or below any
/// one point (cutting ink out with a 900-point loop took 1.17-1.26 × as long without the bands).
public struct PathContainment: Sendable {
    private let geometry: PathGeometry
    /// The lines closing the open subpaths (containment treats every subpath as closed).
    private let closingLines: [BezierCurve]
    /// For each band, the segments whose box reaches into it: indices into the geometry's segments,
    /// then past them into `closingLines`. Empty when the path is not finite (every test then looks
    /// at every segment).
    private let bands: [[Int]]
    private let top: Double
    private let bandHeight: Double

    /// Bands at most: past a few segments each, more bands save little.
    static let maximumBands = 256

    public init(_ path: BezierPath) {
        let geometry = PathGeometry(path)
        let closingLines = geometry.subpaths.compactMap { geometry.closingLine(of: $0) }
        (self.geometry, self.closingLines) = (geometry, closingLines)
        let boxes = geometry.segments.map(\.box) + closingLines.map(\.controlBounds)
        let extent = boxes.reduce(Rect.null) { $0.union($1) }
        guard geometry.isFinite, !boxes.isEmpty, !extent.isNull, extent.minY.isFinite, extent.maxY.isFinite,
              extent.height > 0 else {
            (bands, top, bandHeight) = ([], 0, 1)
            return
        }
        let count = min(Self.maximumBands, max(1, boxes.count / 4))
        let height = extent.height / Double(count)
        var bands = [[Int]](repeating: [], count: count)
        func band(_ y: Double) -> Int { min(count - 1, max(0, Int((y - extent.minY) / height))) }
        for (index, box) in boxes.enumerated() {
            for k in band(box.minY)...band(box.maxY) { bands[k].append(index) }
        }
        (self.bands, top, bandHeight) = (bands, extent.minY, height)
    }

    /// Whether `point` is inside the path by `fillRule` (what `BezierPath.contains` answers).
    public func contains(_ point: Point, fillRule: FillRule = .nonZero) -> Bool {
        fillRule.holds(winding: winding(at: point))
    }

    /// The winding number round `point`: what `PathGeometry.winding` counts, from the segments of the
    /// point's band only (every other segment lies wholly above or below it, and counts nothing).
    func winding(at point: Point) -> Int {
        guard !bands.isEmpty, point.y.isFinite else { return geometry.winding(at: point) }
        let offset = (point.y - top) / bandHeight
        guard offset >= 0, offset <= Double(bands.count) else { return 0 }
        let segments = geometry.segments.count
        var w = 0
        for index in bands[min(bands.count - 1, Int(offset))] {
            w += index < segments ? geometry.crossings(of: index, at: point) : closingLines[index - segments].winding(at: point)
        }
        return w
    }
}
