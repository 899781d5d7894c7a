import CDeflateLevel
import CZlib
import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuirePDF
import XCTest

/// The bytes of exported PDFs' content streams: stroked ink's points on an eighth-of-a-point grid, so
/// cairo prints them in at most three decimals that are all needed, and streams deflated at
/// `PDFExportWriter.deflateLevel` on the writer's thread only.
final class PDFContentStreamTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Handwriting-like ink: pen strokes along waves at odd coordinates, their pressure (and so width)
    /// changing all along, so they are drawn as many stroked runs of lines and curves.
    private func handwritingPage() -> Page {
        let strokes = (0..<6).map { row in
            let samples = (0..<120).map { step in
                let t = Double(step)
                return InputSample(position: Point(31.37 + t * 2.913, 47.11 + Double(row) * 53.7 + 13.3 * sin(t / 7.1)),
                                   pressure: 0.3 + 0.6 * (0.5 + 0.5 * sin(t / 5.3)), time: t / 100, device: .pen)
            }
            return Stroke(samples: samples, style: StrokeStyle.defaults(for: .pen, color: .rgb(.black)))
        }
        return Page(size: .letter, strokes: strokes)
    }

    /// Every stream of the file that inflates, with the zlib header's two bytes.
    private func deflatedStreams(of bytes: [UInt8]) -> [(header: (UInt8, UInt8), text: String)] {
        let start = Array("stream\n".utf8)
        var streams: [(header: (UInt8, UInt8), text: String)] = []
        var i = 0
        while i + start.count + 2 < bytes.count {
            guard bytes[i..<(i + start.count)].elementsEqual(start), i == 0 || bytes[i - 1] != UInt8(ascii: "d") else {
                i += 1
                continue
            }
            let data = Array(bytes[(i + start.count)...])
            var size = uLongf(16 << 20)
            var out = [UInt8](repeating: 0, count: Int(size))
            var used = uLong(data.count)
            if uncompress2(&out, &size, data, &used) == Z_OK {
                streams.append(((data[0], data[1]), String(decoding: out[..<Int(size)], as: UTF8.self)))
            }
            i += start.count
        }
        return streams
    }

    private func export(_ pages: [Page]) throws -> [UInt8] {
        let path = try ExportPages.writePDF(pages)
        paths.append(path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testStrokedInkPointsLieOnAnEighthOfAPointAndPrintInAtMostThreeDecimals() throws {
        let streams = deflatedStreams(of: try export([handwritingPage()]))
        // cairo's page stream starts by turning its downward y into PDF's: the page is still 612 × 792 points.
        let page = try XCTUnwrap(streams.first { $0.text.hasPrefix("1 0 0 -1 0 792 cm") }, "the page's content stream")
        let tokens = page.text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var operands: [Substring] = [], checked = 0, offGrid: [Substring] = []
        for token in tokens {
            guard ["m", "l", "c"].contains(token) else {
                if token.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true { operands.append(token) } else { operands = [] }
                continue
            }
            let count = token == "c" ? 6 : 2
            XCTAssertGreaterThanOrEqual(operands.count, count, "operands of \(token)")
            for number in operands.suffix(count) {
                let value = try XCTUnwrap(Double(number), "\(number) is a number")
                let decimals = number.split(separator: ".").dropFirst().first?.count ?? 0
                if (value * 8).rounded() != value * 8 || decimals > 3 { offGrid.append(number) }
                checked += 1
            }
            operands = []
        }
        XCTAssertGreaterThan(checked, 500, "the strokes are drawn as paths of many points")
        XCTAssertEqual(offGrid, [], "every point on the 1/8-point grid")
        XCTAssertTrue(page.text.contains(" S\n"), "the ink is stroked")
    }

    func testStreamsAreDeflatedAtTheWritersLevelAndOtherDeflatingKeepsZlibsDefault() throws {
        let streams = deflatedStreams(of: try export([handwritingPage(), Page(size: .a4)]))
        XCTAssertGreaterThanOrEqual(streams.count, 2, "both pages' content streams")
        XCTAssertEqual(PDFExportWriter.deflateLevel, 1)
        // zlib's header says the level: FLEVEL 0 (the top two bits of the second byte) is levels 0 and 1.
        for stream in streams {
            XCTAssertEqual(stream.header.0, 0x78)
            XCTAssertEqual(stream.header.1 >> 6, 0, "deflated at level 1: \(String(stream.header.1, radix: 16))")
        }
        // Once the writer is done, this thread deflates at zlib's own default again (level 6: FLEVEL 2).
        XCTAssertEqual(quire_default_deflate_level(), -1)
        let input = [UInt8](repeating: 7, count: 1000)
        var size = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        XCTAssertEqual(compress(&out, &size, input, uLong(input.count)), Z_OK)
        XCTAssertEqual(out[0], 0x78)
        XCTAssertEqual(out[1] >> 6, 2, "zlib's default level outside the writer")
    }

    /// A page with erasers is deflated at `erasedPageDeflateLevel` (zlib's 6: FLEVEL 2), its groups'
    /// streams included, where the file's size is what gives out first; plain pages stay at level 1.
    func testAPageWithErasersIsDeflatedAtTheErasedPagesLevel() throws {
        let eraser = Stroke(samples: (0..<60).map { step in
            InputSample(position: Point(40 + Double(step) * 4, 60 + Double(step) * 3), pressure: 0.6, time: Double(step) / 100, device: .pen)
        }, style: .defaults(for: .eraser))
        let erased = Page(size: .letter, strokes: handwritingPage().strokes + [eraser])
        let streams = deflatedStreams(of: try export([erased, handwritingPage()]))
        XCTAssertEqual(PDFExportWriter.erasedPageDeflateLevel, 6)
        let levels = streams.map { $0.header.1 >> 6 }
        XCTAssertGreaterThanOrEqual(levels.filter { $0 == 2 }.count, 2, "the erased page and its group at level 6: \(levels)")
        XCTAssertEqual(levels.filter { $0 == 0 }.count, 1, "the plain page at level 1: \(levels)")
    }
}
