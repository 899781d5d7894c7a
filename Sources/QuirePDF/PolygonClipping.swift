import CPolygonClipping
import QuireGeometry

/// Boolean operations on polygons through Clipper (`CPolygonClipping`, Debian's libpolyclipping): a
/// scanline clipper that takes outlines crossing and folding over themselves as they are and answers in
/// clean polygons, in a few milliseconds where QuireGeometry's exact curve booleans take a second for
/// a page of erasers (their outlines meet themselves hundreds of times). Curves are flattened first.
enum PolygonClipping {
    /// Clipper works in integers: page pixels are counted in 1/1024ths, far finer than any tolerance.
    static let unitsPerPixel = 1024.0
    /// Farther out than this (in page pixels) a point is refused rather than rounded: pages are at
    /// most 16,000 pixels, and Clipper's range is ±2^62 units.
    static let largestCoordinate = 1e9

    /// `area` less what `shape` fills (non-zero), the shape's curves flattened within `tolerance`: the
    /// rings of the answer, outer ones wound one way and holes the other, so that filled non-zero (or
    /// taken as a clip) they are exactly that region. Empty when the shape covers the area; nil when a
    /// point is not finite or is out of range, or Clipper refuses.
    static func area(_ area: Rect, less shape: BezierPath, tolerance: Double) -> [[Point]]? {
        let frame = [Point(area.minX, area.minY), Point(area.maxX, area.minY), Point(area.maxX, area.maxY), Point(area.minX, area.maxY)]
        let rings = shape.flattened(tolerance: tolerance).map(\.points).filter { $0.count > 2 }
        guard let subject = IntegerPolygons([frame]), let clip = IntegerPolygons(rings) else { return nil }
        var answer = quire_polygons()
        let status = subject.withSet { subjectSet in clip.withSet { quire_polygons_difference(subjectSet, $0, &answer) } }
        defer { quire_polygons_free(&answer) }
        guard status == 0 else { return nil }
        var result: [[Point]] = []
        var at = 0
        for k in 0..<answer.count {
            let size = answer.sizes[k]
            result.append((0..<size).map { i in
                Point(Double(answer.xy[2 * (at + i)]) / unitsPerPixel, Double(answer.xy[2 * (at + i) + 1]) / unitsPerPixel)
            })
            at += size
        }
        return result
    }

    /// Rings in Clipper's integer units, laid out as `quire_polygon_set` wants them.
    private struct IntegerPolygons {
        var xy: [Int64] = []
        var sizes: [Int] = []

        init?(_ rings: [[Point]]) {
            for ring in rings {
                for point in ring {
                    guard point.x.isFinite, point.y.isFinite, abs(point.x) <= largestCoordinate, abs(point.y) <= largestCoordinate else {
                        return nil
                    }
                    xy.append(Int64((point.x * unitsPerPixel).rounded()))
                    xy.append(Int64((point.y * unitsPerPixel).rounded()))
                }
                sizes.append(ring.count)
            }
        }

        func withSet<T>(_ body: (quire_polygon_set) -> T) -> T {
            xy.withUnsafeBufferPointer { points in
                sizes.withUnsafeBufferPointer { counts in
                    body(quire_polygon_set(xy: points.baseAddress, sizes: counts.baseAddress, count: counts.count))
                }
            }
        }
    }
}
