import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// The export pipeline (issue 15 item 1, issue 14 item 4): pages rendered in tiles within a tile limit
/// come out as the same pixels as in one piece, a 2× export scaled down matches the 1× one, pixel
/// buffers and plain memory read the same, and many pages through few read-back slots all arrive.
/// Tiles are made cheaply on a small page by lowering the tile limit.
final class PageExportPipelineTests: XCTestCase {
    private var context: HeadlessGLContext?
    private var folder = ""

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        folder = NSTemporaryDirectory() + "quire-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        context = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke(_ tool: InkTool, color: InkColor = .black, from start: Point, to end: Point, seed: Double = 0) -> Stroke {
        let samples = (0...40).map { i -> InputSample in
            let t = Double(i) / 40
            return InputSample(position: Point(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t + 6 * sin(t * 9 + seed)),
                               pressure: 0.3 + 0.6 * t, time: t, device: .pen)
        }
        return Stroke(samples: samples, style: .defaults(for: tool, color: .rgb(color)))
    }

    /// Ruled paper, pen strokes crossing where tiles meet, a highlighter over them, an eraser through.
    private func page() -> Page {
        Page(size: PageSize(width: 300, height: 200), background: PageBackground(pattern: .ruled, spacing: 24), strokes: [
            stroke(.pen, from: Point(10, 20), to: Point(290, 180)),
            stroke(.pen, color: InkColor(red: 0.8, green: 0.1, blue: 0.1), from: Point(20, 190), to: Point(280, 15), seed: 2),
            stroke(.highlighter, color: InkColor(red: 1, green: 0.9, blue: 0), from: Point(5, 100), to: Point(295, 104)),
            stroke(.eraser, from: Point(150, 5), to: Point(152, 195)),
        ])
    }

    private func export(_ pages: [Page], scale: Double, tileLimit: Int? = nil, slots: Int = 3, pixelBuffers: Bool = true,
                        name: String) throws -> [RGBAImage] {
        let pipeline = PageExportPipeline(scale: scale, brushDirectory: nil, tileLimit: tileLimit, slots: slots,
                                          usesPixelBuffers: pixelBuffers)
        let paths = pages.indices.map { folder + "/\(name)-\($0).png" }
        for (page, path) in zip(pages, paths) { try pipeline.export(page, to: path) }
        try pipeline.finish()
        return try paths.map { try PNG.read(from: $0) }
    }

    /// The largest difference of any channel, and how many pixels differ at all.
    private func difference(_ a: RGBAImage, _ b: RGBAImage) -> (largest: Int, pixels: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var largest = 0, pixels = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var here = 0
            for c in 0..<4 { here = max(here, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
            largest = max(largest, here)
            if here > 0 { pixels += 1 }
        }
        return (largest, pixels)
    }

    func testATiledExportIsTheSameImageAsOneInOnePiece() throws {
        let whole = try export([page()], scale: 2, name: "whole")[0]
        XCTAssertEqual(whole.width, 600)
        XCTAssertEqual(whole.height, 400)
        XCTAssertGreaterThan(whole.inkedCount(x0: 0, y0: 0, x1: 600, y1: 400), 2000, "the strokes are drawn")
        // 250 px tiles: 3 columns and 2 bands, with seams through the strokes.
        XCTAssertEqual(ExportTiling(width: 600, height: 400, tileLimit: 250).tileCount, 6)
        let tiled = try export([page()], scale: 2, tileLimit: 250, name: "tiled")[0]
        let diff = difference(whole, tiled)
        XCTAssertLessThanOrEqual(diff.largest, 2, "tiles differ from the whole by \(diff.largest) at \(diff.pixels) pixels")
        // The eraser took the ink and left the paper (white between the rules) where it passed.
        XCTAssertEqual(tiled[302, 200].luma, 255, accuracy: 3)
    }

    /// A 2× export in tiles, scaled down 2:1, is the 1× export (what "a 20× export matches 1× scaled"
    /// asks, made cheap).
    func testATiledExportScaledDownMatchesTheExportAtOneX() throws {
        let one = try export([page()], scale: 1, name: "one")[0]
        let two = try export([page()], scale: 2, tileLimit: 160, name: "two")[0]
        var total = 0.0, far = 0
        for y in 0..<one.height {
            for x in 0..<one.width {
                var sum = 0.0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] { sum += two[2 * x + dx, 2 * y + dy].luma }
                let d = abs(sum / 4 - one[x, y].luma)
                total += d
                if d > 60 { far += 1 }
            }
        }
        let mean = total / Double(one.width * one.height)
        XCTAssertLessThan(mean, 3, "mean luma difference \(mean)")
        XCTAssertLessThan(Double(far) / Double(one.width * one.height), 0.01, "\(far) pixels differ by over 60")
    }

    func testPixelBuffersAndPlainMemoryReadTheSame() throws {
        let mapped = try export([page()], scale: 1.5, tileLimit: 200, pixelBuffers: true, name: "pbo")[0]
        let plain = try export([page()], scale: 1.5, tileLimit: 200, pixelBuffers: false, name: "plain")[0]
        XCTAssertEqual(mapped, plain)
    }

    /// The pipeline draws what the window's renderer draws: at 1× its image is the page renderer's own,
    /// on a page with an eraser (ink on a clear tile, paper put under) and on one without (ink straight
    /// onto the paper), on tinted ruled paper.
    func testThePipelineDrawsWhatThePageRendererDraws() throws {
        var withoutEraser = page()
        withoutEraser.background.paperColor = InkColor(red: 1, green: 0.97, blue: 0.85)
        let eraserless = Page(size: withoutEraser.size, background: withoutEraser.background,
                              strokes: withoutEraser.strokes.filter { $0.style.tool != .eraser })
        for (name, page) in [("eraser", page()), ("no-eraser", eraserless)] {
            let renderer = try PageRenderer(pageWidth: 300, pageHeight: 200)
            renderer.paperColor = page.background.paperColor
            renderer.paperPattern = PaperPattern(page.background)
            renderer.load(RenderItemBuilder().renderItems(of: page))
            let reference = try renderer.renderPageImage(scale: 1)
            let exported = try export([page], scale: 1, name: name)[0]
            let diff = difference(reference, exported)
            XCTAssertLessThanOrEqual(diff.largest, 2, "\(name): differs by \(diff.largest) at \(diff.pixels) pixels")
            XCTAssertGreaterThan(exported.inkedCount(x0: 0, y0: 0, x1: 300, y1: 200), 500, name)
        }
    }

    /// More pages than read-back slots, in bands: each arrives whole and in its place, and no temporary
    /// file is left behind.
    func testManyPagesThroughOneSlotAllArrive() throws {
        let pages = (0..<5).map { index in
            Page(size: PageSize(width: 120, height: 90), strokes: [stroke(.pen, from: Point(10, 10 + Double(index) * 15),
                                                                           to: Point(110, 10 + Double(index) * 15))])
        }
        let images = try export(pages, scale: 1, tileLimit: 40, slots: 1, name: "many")
        for (index, image) in images.enumerated() {
            let y = 10 + index * 15
            XCTAssertGreaterThan(image.inkedCount(x0: 20, y0: y - 4, x1: 100, y1: y + 5), 60, "page \(index)'s line")
            XCTAssertEqual(image.inkedCount(x0: 0, y0: 0, x1: 120, y1: 90) - image.inkedCount(x0: 0, y0: y - 12, x1: 120, y1: y + 12), 0,
                           "page \(index) has only its own line")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [])
    }

    /// An image of an opaque page is stored as RGB (colour type 2), so no alpha is compressed.
    func testAnOpaquePageIsWrittenAsRGB() throws {
        _ = try export([page()], scale: 1, name: "rgb")
        XCTAssertEqual(try colorType(of: "rgb-0"), 2)
    }

    /// Black and grey ink (an eraser through it) on white paper is stored gray (colour type 0), the
    /// same pixels as the page renderer's image; in bands too, known gray from what it draws.
    func testAGrayPageIsStoredGrayWithTheRenderersPixels() throws {
        let page = Page(size: PageSize(width: 300, height: 200), strokes: [
            stroke(.pen, from: Point(10, 20), to: Point(290, 180)),
            stroke(.pen, color: InkColor(red: 0.5, green: 0.5, blue: 0.5), from: Point(20, 190), to: Point(280, 15), seed: 2),
            stroke(.eraser, from: Point(150, 5), to: Point(152, 195)),
        ])
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 200)
        renderer.load(RenderItemBuilder().renderItems(of: page))
        let reference = try renderer.renderPageImage(scale: 2)
        let gray = try export([page], scale: 2, name: "gray")[0]
        XCTAssertEqual(try colorType(of: "gray-0"), 0)
        let diff = difference(reference, gray)
        XCTAssertLessThanOrEqual(diff.largest, 2, "differs by \(diff.largest) at \(diff.pixels) pixels")
        XCTAssertGreaterThan(gray.inkedCount(x0: 0, y0: 0, x1: 600, y1: 400), 2000, "the strokes are drawn")

        let banded = try export([page], scale: 2, tileLimit: 150, name: "banded")[0]
        XCTAssertEqual(try colorType(of: "banded-0"), 0, "known gray from its ink, it is stored gray a band at a time")
        XCTAssertLessThanOrEqual(difference(gray, banded).largest, 2)
    }

    /// IHDR's colour type byte of an exported file.
    private func colorType(of name: String) throws -> UInt8 {
        try Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).png"))[25]
    }

    /// A page with one coloured stroke, or gray ink on ruled paper with blue rules, is written in
    /// bands as RGB, its colours kept: drawing only gray is told from every stroke, the rules and pictures.
    func testAPageWithAnyColourIsStoredInColourInBands() throws {
        let inked = Page(size: PageSize(width: 300, height: 200), strokes: [
            stroke(.pen, from: Point(10, 20), to: Point(290, 180)),
            stroke(.pen, color: InkColor(red: 0.1, green: 0.2, blue: 0.8), from: Point(20, 190), to: Point(280, 15), seed: 2),
        ])
        let coloured = try export([inked], scale: 2, tileLimit: 150, name: "colour")[0]
        XCTAssertEqual(try colorType(of: "colour-0"), 2)
        XCTAssertTrue((0..<coloured.height).contains { y in (0..<coloured.width).contains { x in
            let p = coloured[x, y]
            return Int(p.b) - Int(p.r) > 100
        } }, "the blue stroke is blue")

        var ruled = Page(size: PageSize(width: 300, height: 200), strokes: [stroke(.pen, from: Point(10, 20), to: Point(290, 180))])
        ruled.background = PageBackground(pattern: .ruled)
        _ = try export([ruled], scale: 2, tileLimit: 150, name: "ruled")
        XCTAssertEqual(try colorType(of: "ruled-0"), 2)
    }
}
