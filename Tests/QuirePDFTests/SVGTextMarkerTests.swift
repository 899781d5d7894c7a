import CCairo
import QuireDocument
import QuireGeometry
@testable import QuirePDF
import XCTest

/// The stream that swaps text markers for `<text>` elements (`SVGStream`, `SVGTextMarker`), fed the
/// way cairo feeds it — in pieces of any size, a marker split anywhere — with markers as cairo 1.16 and
/// later cairos write them.
final class SVGTextMarkerTests: XCTestCase {
    private let item = TextItem(text: "Heading", origin: Point(0, 0), fontSize: 20)

    /// A marker's element as cairo writes it, for box `index` drawn at `frame` moved by `offset`.
    private func marker(_ index: Int, frame: TextFrame, offset: Point = Point(0, 0), laterCairo: Bool = false) -> String {
        let rect = SVGTextMarker.localRect(of: item, scale: frame.scale)
        let (c, s) = (cos(frame.angle) * frame.scale, sin(frame.angle) * frame.scale)
        func place(_ x: Double, _ y: Double) -> String {
            // To 1/256 of a pixel, printed to six places, as cairo does.
            let px = ((frame.origin.x + c * x - s * y + offset.x) * 256).rounded() / 256
            let py = ((frame.origin.y + s * x + c * y + offset.y) * 256).rounded() / 256
            return String(format: "%.6f %.6f", px, py)
        }
        let d = "M \(place(rect.minX, rect.minY)) L \(place(rect.maxX, rect.minY)) L \(place(rect.maxX, rect.maxY)) "
            + "L \(place(rect.minX, rect.maxY)) L \(place(rect.minX - item.fontSize, rect.center.y)) Z M \(place(rect.minX, rect.minY)) "
        let red = String(format: "%g", SVGTextMarker.red(numbering: index) * 100)
        return laterCairo
            ? "<path fill-rule=\"nonzero\" fill=\"rgb(\(red)%, 3.14159%, 2.71828%)\" fill-opacity=\"1\" d=\"\(d)\"/>\n"
            : "<path style=\" stroke:none;fill-rule:nonzero;fill:rgb(\(red)%,3.14159%,2.71828%);fill-opacity:1;\" d=\"\(d)\"/>\n"
    }

    private func streamed(_ input: String, texts: [(item: TextItem, frame: TextFrame)], piece: Int) -> String {
        var out: [UInt8] = []
        let stream = SVGStream(texts: texts) { out.append(contentsOf: $0); return true }
        let bytes = Array(input.utf8)
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + piece)
            let status = bytes[at..<end].withUnsafeBufferPointer { SVGStream.cairoWrite(stream.cairoClosure, $0.baseAddress, UInt32($0.count)) }
            XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
            at = end
        }
        XCTAssertTrue(stream.finish())
        return String(decoding: out, as: UTF8.self)
    }

    func testMarkersBecomeTextInPlaceWhateverPiecesTheyComeIn() {
        let first = TextFrame(origin: Point(100, 150), angle: 0, scale: 1)
        let turned = TextFrame(origin: Point(300, 200), angle: .pi / 6, scale: 2.5)
        let texts = [(item, first), (item, turned)]
        let ink = "<path style=\" stroke:none;fill-rule:nonzero;fill:rgb(0%,0%,0%);fill-opacity:1;\" d=\"M 1 2 L 3 4 Z\"/>\n"
        // The second box inside a group cairo moved by (-40, -30), as a pushed group's surface may be.
        let input = "<svg><g id=\"surface1\">\n" + ink + marker(0, frame: first) + ink + "<g clip-path=\"url(#clip1)\">\n"
            + marker(1, frame: turned, offset: Point(-40, -30), laterCairo: true) + "</g>\n" + ink + "</g>\n</svg>\n"
        let moved = TextFrame(origin: Point(260, 170), angle: .pi / 6, scale: 2.5)
        let expected = "<svg><g id=\"surface1\">\n" + ink + SVGTextElements.element(item, frame: first) + "\n" + ink
            + "<g clip-path=\"url(#clip1)\">\n" + SVGTextElements.element(item, frame: moved) + "\n</g>\n" + ink + "</g>\n</svg>\n"
        for piece in [1, 2, 3, 7, 64, 100_000] {
            XCTAssertEqual(streamed(input, texts: texts, piece: piece), expected, "in pieces of \(piece) bytes")
        }
    }

    func testOnlyAMarkersColourAndRectangleAreTakenForOne() {
        let frame = TextFrame(origin: Point(10, 20), angle: 0, scale: 1)
        // Ink of a colour near the marker's, a marker numbering a box the page does not have, and one
        // whose path is not its rectangle: the ink is kept, the others dropped, never a wrong text.
        let nearly = "<path style=\" stroke:none;fill-rule:nonzero;fill:rgb(0.0001%,3.1416%,2.71828%);fill-opacity:1;\" d=\"M 1 2 L 3 4 Z\"/>\n"
        let unknown = marker(5, frame: frame)
        let bent = marker(0, frame: frame).replacingOccurrences(of: "d=\"M", with: "d=\"M 0 0 L 500 7 L")
        let out = streamed("<g>\n" + nearly + unknown + bent + "</g>\n", texts: [(item, frame)], piece: 5)
        XCTAssertEqual(out, "<g>\n" + nearly + "\n\n</g>\n")
        // A marker cairo turned into a paint of the whole surface: the text as drawn, no marker left.
        let painted = "<rect x=\"0\" y=\"0\" width=\"234\" height=\"36\" style=\"fill:rgb(0.0001%,3.14159%,2.71828%);fill-opacity:1;stroke:none;\"/>\n"
        XCTAssertEqual(streamed(painted, texts: [(item, frame)], piece: 3), SVGTextElements.element(item, frame: frame) + "\n")
        XCTAssertEqual(SVGTextMarker.numbering("fill:rgb(0.0001%,3.14159%,2.71828%)"), 0)
        XCTAssertEqual(SVGTextMarker.numbering("fill:rgb(99.9999%,3.14159%,2.71828%)"), SVGTextMarker.limit - 1)
        XCTAssertNil(SVGTextMarker.numbering("fill:rgb(100%,3.14159%,2.71828%)"), "past the last box")
        XCTAssertNil(SVGTextMarker.numbering("fill:rgb(0%,3.14159%,2.71828%)"), "red 0 numbers nothing")
    }
}
