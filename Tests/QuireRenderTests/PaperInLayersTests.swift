import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// On plain opaque paper the ink and baked layers hold the paper under their ink (`layerBackdrop`): the
/// view at 100 % copies the ink layer as it is, and erasers paint the paper back. The pixels must be the
/// ones the same page gives on paper that shows through clear layers (the same colour printed over the
/// whole page as a picture), through every way the layers change; and a change of paper between the two
/// kinds must redraw the layers with what the new paper shows.
final class PaperInLayersTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private let paper = InkColor(red: 0.93, green: 0.87, blue: 0.71)
    /// The paper's colour as 8-bit pixels.
    private let paperPixel = (r: 237, g: 222, b: 181)
    private let (windowWidth, windowHeight) = (260, 230)
    /// The page's place in the window: whole pixels (the view shows it pixel for pixel), desk around it.
    private let pageToWindow = QuireGeometry.AffineTransform.translation(30, 20)

    /// The paper's colour printed over the whole 200 × 200 page: the same look, but the layers must stay
    /// clear for it to show through.
    private var paperPrint: SceneImage {
        SceneImage(imageKey: "paper-print", image: F.solid(UInt8(paperPixel.r), UInt8(paperPixel.g), UInt8(paperPixel.b)),
                   corners: Quadrilateral(Rect(x: 0, y: 0, width: 200, height: 200)))
    }

    /// Mixed items (ink, a picture, a scrap with an eraser of its own, a highlighter, a page eraser)
    /// and two more page erasers, one across the scrap (which keeps its picture).
    private var items: [RenderItem] {
        F.mixedItems() + [.stroke(F.line(Point(10, 30), Point(190, 170), diameter: 12, style: F.eraser)),
                          .stroke(F.line(Point(40, 60), Point(160, 60), diameter: 5, color: InkColor(red: 0.1, green: 0.3, blue: 0.9)))]
    }

    private func renderer(printed: Bool) throws -> PageRenderer {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.paperColor = paper
        if printed { renderer.paperImage = paperPrint }
        renderer.deskColor = InkColor(red: 0.2, green: 0.4, blue: 0.6)
        // Most of the page baked, erasers among it, so baked and recent ink are both there.
        renderer.undoWindow = 3
        return renderer
    }

    private func view(of renderer: PageRenderer, into window: RenderTarget, onlyWhatChanged: Bool = false) -> RGBAImage {
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: pageToWindow, into: window,
                          onlyWhatChanged: onlyWhatChanged)
        renderer.finishSharpening()
        return window.readPixels()
    }

    func testErasersOnPaperHeldInTheLayersLookAsOnPaperShowingThrough() throws {
        var shown: [RGBAImage] = []
        for printed in [false, true] {
            let renderer = try renderer(printed: printed)
            let window = try RenderTarget(width: windowWidth, height: windowHeight)
            renderer.load(items)
            renderer.finishBaking()
            _ = view(of: renderer, into: window)
            // A live eraser across page ink (erased on the layer as it goes), then one over the scrap
            // (the area drawn again in order, from vectors, as it goes), each kept when the pen lifts.
            for (a, b) in [(Point(20, 100), Point(90, 80)), (Point(100, 150), Point(180, 110))] {
                renderer.beginLiveStroke(F.eraser)
                let sprites = F.line(a, b, diameter: 9, style: F.eraser).sprites
                for part in stride(from: 0, to: sprites.count, by: 40) {
                    renderer.appendToLiveStroke(sprites[part..<min(part + 40, sprites.count)])
                    _ = view(of: renderer, into: window, onlyWhatChanged: true)
                }
                renderer.endLiveStroke()
            }
            // An edit under the baked boundary (the baked layer redrawn there), one among the recent
            // items, and an eraser put in under them.
            XCTAssertNotNil(renderer.remove(at: 0))
            XCTAssertNotNil(renderer.remove(at: renderer.count - 2))
            XCTAssertTrue(renderer.insert(.stroke(F.line(Point(30, 170), Point(170, 20), diameter: 7, style: F.eraser)),
                                          at: renderer.count - 1))
            renderer.finishBaking()
            _ = view(of: renderer, into: window, onlyWhatChanged: true)
            shown.append(view(of: renderer, into: window, onlyWhatChanged: true))
        }
        let (held, through) = (shown[0], shown[1])
        // The two differ by 8-bit rounding alone: ink blended onto the paper a dab at a time rounds
        // against the paper, ink blended on a clear layer against itself, and the soft edges of lines
        // of dabs half a pixel apart gather a few steps of it. An eraser that took the paper, a copy from
        // the wrong place or a layer cleared to nothing differs by far more, over far more pixels.
        var worst = 0, beyondRounding = 0
        for y in 0..<held.height {
            for x in 0..<held.width {
                let a = held[x, y], b = through[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                worst = max(worst, d)
                if d > 1 { beyondRounding += 1 }
            }
        }
        let detail = "\(held.saveForInspection(named: "paper-held")) against \(through.saveForInspection(named: "paper-through"))"
        XCTAssertLessThanOrEqual(worst, 8, "paper in the layers against paper showing through: \(detail)")
        XCTAssertLessThan(beyondRounding, 200 * 200 / 20, "pixels differing by more than 1: \(detail)")
        // Not two blank windows: paper where ink was erased, ink, and the desk beside the page.
        let erased = held[30 + 60, 20 + 100]
        XCTAssertEqual([Int(erased.r), Int(erased.g), Int(erased.b)], [paperPixel.r, paperPixel.g, paperPixel.b],
                       "paper where the page eraser took the ink (\(erased))")
        XCTAssertLessThan(held[30 + 150, 20 + 150].luma, 150, "ink at (150, 150)")
        XCTAssertEqual(Int(held[10, 100].b), Int((0.6 * 255 as Float).rounded()), "desk")
    }

    func testChangingThePaperRedrawsTheLayersWithWhatItShows() throws {
        let renderer = try renderer(printed: false)
        let window = try RenderTarget(width: windowWidth, height: windowHeight)
        renderer.load(items)
        renderer.finishBaking()
        _ = view(of: renderer, into: window)
        // The scrap held up and carried, as a drag does: it must stay out of the layers redrawn.
        let scrap = items.firstIndex { if case .group = $0 { true } else { false } }!
        let carried = Homography(QuireGeometry.AffineTransform.translation(12, -9))
        XCTAssertTrue(renderer.lift(at: scrap))
        renderer.moveLifted(by: carried)

        let ruled = PaperPattern(kind: .ruled, lineColor: InkColor(red: 0.2, green: 0.3, blue: 0.9), spacing: 24)
        let blue = SceneImage(imageKey: "print", image: F.solid(30, 50, 230),
                              corners: Quadrilateral(Rect(x: 40, y: 40, width: 120, height: 120)))
        let papers: [(String, PaperPattern, SceneImage?, InkColor)] = [
            ("ruled", ruled, nil, paper), ("printed", .blank, blue, paper), ("plain white", .blank, nil, .white),
            ("ruled white", ruled, nil, .white), ("plain tinted", .blank, nil, paper),
        ]
        for (what, pattern, print, color) in papers {
            renderer.paperPattern = pattern
            renderer.paperImage = print
            renderer.paperColor = color
            let changed = view(of: renderer, into: window, onlyWhatChanged: true)
            // The same page opened afresh on that paper, the scrap held and carried alike.
            let fresh = try PageRenderer(pageWidth: 200, pageHeight: 200)
            fresh.paperPattern = pattern
            fresh.paperImage = print
            fresh.paperColor = color
            fresh.deskColor = renderer.deskColor
            fresh.undoWindow = renderer.undoWindow
            fresh.load(items)
            fresh.finishBaking()
            let freshWindow = try RenderTarget(width: windowWidth, height: windowHeight)
            _ = view(of: fresh, into: freshWindow)
            XCTAssertTrue(fresh.lift(at: scrap))
            fresh.moveLifted(by: carried)
            F.assertSame(changed, view(of: fresh, into: freshWindow), "after changing to \(what) paper")
        }
    }
}
