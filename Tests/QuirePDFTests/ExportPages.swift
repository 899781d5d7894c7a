import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF

/// Pages, strokes and pictures for the export tests, and reading back what was written.
enum ExportPages {
    /// A stroke through `points` at constant pressure, in `style`.
    static func stroke(_ points: [Point], style: StrokeStyle, pressure: Double = 1) -> Stroke {
        Stroke(samples: points.enumerated().map { index, point in
            InputSample(position: point, pressure: pressure, time: Double(index) / 100, device: .pen)
        }, style: style)
    }

    /// Points every 2 pixels along the straight line from `a` to `b`.
    static func line(_ a: Point, _ b: Point) -> [Point] {
        let steps = max(1, Int((a.distance(to: b) / 2).rounded(.up)))
        return (0...steps).map { a + (b - a) * (Double($0) / Double(steps)) }
    }

    /// A pen of fixed `width` in `color`.
    static func pen(_ color: InkColor, width: Double) -> StrokeStyle {
        var style = StrokeStyle.defaults(for: .pen, color: .rgb(color))
        style.minimumWidth = width
        style.maximumWidth = width
        return style
    }

    static func eraser(width: Double) -> StrokeStyle {
        var style = StrokeStyle.defaults(for: .eraser)
        style.minimumWidth = width
        style.maximumWidth = width
        return style
    }

    /// A blob id made from `byte` (64 hex digits).
    static func blobID(_ byte: Int) -> BlobID {
        BlobID(hex: String(repeating: String(format: "%02x", byte), count: 32))!
    }

    /// A picture scrap showing `reference` over `frame` of the page.
    static func scrap(_ reference: ImageReference, at frame: Rect, items: [PageItem] = []) -> Scrap {
        let size = Rect(x: 0, y: 0, width: Double(reference.pixelWidth), height: Double(reference.pixelHeight))
        let placement = AffineTransform.scale(frame.width / size.width, frame.height / size.height)
            .concatenating(.translation(frame.minX, frame.minY))
        return Scrap(outline: BezierPath(rect: size), transform: Homography(placement),
                     image: ScrapImage(reference: reference, rect: size), items: items)
    }

    static func temporaryPath(_ suffix: String) -> String {
        NSTemporaryDirectory() + "quire-export-\(UUID().uuidString)\(suffix)"
    }

    /// Writes `pages` to a new PDF and returns its path.
    static func writePDF(_ pages: [Page], blobs: [BlobID: [UInt8]] = [:]) throws -> String {
        let path = temporaryPath(".pdf")
        let writer = try PDFExportWriter(path: path, pictures: { id in
            guard let bytes = blobs[id] else { throw CocoaError(.fileNoSuchFile) }
            return bytes
        }, report: { _ in })
        for (index, page) in pages.enumerated() { try writer.add(page, number: index + 1) }
        try writer.finish()
        return path
    }

    /// How many times `needle` occurs in `haystack`.
    static func count(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
        var found = 0
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) {
                found += 1
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }
}
