import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuireRender
import QuireTestSupport
import XCTest
@testable import QuireApp

/// The canvas's work reaching a real renderer (headless GL): edits find their items by id and keep the
/// renderer's list the page's, and an edit naming an item the renderer does not hold is reported
/// instead of drawn wrong.
final class RenderWorkPerformerTests: XCTestCase {
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
    }

    override func tearDown() { context = nil }

    private func drag(_ canvas: CanvasController, y: Double) {
        _ = canvas.handle(.pointerDown(InputSample(position: Point(10, y), time: 0), button: 1))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(60, y), time: 0.05)))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(110, y), time: 0.1), button: 1))
    }

    /// A PDF page's picture is rendered in the background and arrives after the page is shown: the
    /// page's layers are kept clear for it from the start (no paper in them), so its arrival redraws
    /// none of them; a page of plain paper has the paper in its layers.
    func testAPDFPageKeepsItsLayersClearForThePictureStillToCome() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let size = PageSize(width: 200, height: 200)
        let pdf = PDFPageItem(document: BlobID(hex: String(repeating: "5d", count: 32))!, pageIndex: 0,
                              rect: Rect(x: 0, y: 0, width: 200, height: 200))
        var rendered: RGBAImage?
        let builder = RenderItemBuilder(pdfPage: { _, _ in rendered })
        let ink = Stroke(samples: (0..<20).map { InputSample(position: Point(Double(10 + $0 * 5), 40), pressure: 0.5, time: Double($0) / 100) },
                         style: .defaults(for: .pen))
        let annotated = Page(size: size, items: [PageItem(.pdfPage(pdf)), PageItem(.stroke(ink))])

        renderer.load(annotated, building: builder)
        XCTAssertNil(renderer.paperImage, "not rendered yet")
        XCTAssertNil(renderer.layerBackdrop, "layers clear while the PDF page is rendered")
        rendered = RGBAImage(width: 4, height: 4, fill: (30, 50, 230, 255))
        renderer.paperImage = builder.paperImage(of: annotated)
        XCTAssertNotNil(renderer.paperImage)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: try RenderTarget(width: 200, height: 200))
        XCTAssertNil(renderer.layerBackdrop, "still clear once it came")

        // Loaded with the paper it goes on: held in the layers from the first, no redraw waiting.
        renderer.load(Page(size: size, items: [PageItem(.stroke(ink))]), building: builder)
        XCTAssertNotNil(renderer.layerBackdrop, "plain paper held in the layers")
        XCTAssertEqual(renderer.layerBackdrop, renderer.paperBackdrop)
    }

    func testEditsFindTheirItemsByIDAndAStrangerIsReported() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let canvas = CanvasController(page: Page(size: PageSize(width: 200, height: 200)))
        let builder = RenderItemBuilder(registry: canvas.registry)
        for y in [20.0, 40, 60] { drag(canvas, y: y) }
        XCTAssertTrue(renderer.perform(canvas.takeRenderWork(), building: builder))
        XCTAssertEqual(renderer.count, 3)
        // A move and a removal in the middle, then their undo: the renderer follows every step.
        canvas.editor.apply(try XCTUnwrap(canvas.page.moving(canvas.page.items[0].id, to: 2)))
        canvas.editor.apply(try XCTUnwrap(canvas.page.removing([canvas.page.items[1].id])))
        canvas.undo()
        XCTAssertTrue(renderer.perform(canvas.takeRenderWork(), building: builder))
        XCTAssertEqual(renderer.items.map(\.bounds), builder.renderItems(of: canvas.page).map(\.bounds))
        // An edit made for another order of the page (its positions out of date) still finds its items:
        // the one it names goes, wherever it is, and only it.
        let (bottom, top) = (canvas.page.items[0], canvas.page.items[2])
        let stale = PageEdit.combined([.remove([PlacedItem(bottom, at: 2)]),
                                       .reorder(top.id, from: 0, to: 0)])
        XCTAssertTrue(renderer.perform([.edit(stale)], building: builder))
        XCTAssertEqual(renderer.itemIDs, [top.id, canvas.page.items[1].id].map(RenderItemID.init))
        XCTAssertEqual(renderer.refusedEdits, 0)
        // An item the renderer does not hold is refused and reported.
        let foreign = PageEdit.remove([PlacedItem(.stroke(canvas.page.strokes[0]), at: 0)])
        XCTAssertFalse(renderer.perform([.edit(foreign)], building: builder))
        XCTAssertEqual(renderer.count, 2, "nothing was removed")
        XCTAssertEqual(renderer.lastRefusedEdit?.hasPrefix("remove of \(foreign.steps[0].removedID!)"), true,
                       renderer.lastRefusedEdit ?? "")
        // And so is an item put in twice: the renderer would draw it twice.
        XCTAssertFalse(renderer.perform([.edit(.insert([PlacedItem(top, at: 2)]))], building: builder))
        XCTAssertEqual(renderer.count, 2, "nothing was added")
    }
}

private extension PageEditStep {
    var removedID: ItemID? {
        if case let .remove(id, _) = self { id } else { nil }
    }
}

/// A scissors cut reaching the renderer: its many steps drawn once, the picture its pieces share kept on
/// the GPU rather than let go with the scrap and uploaded again, and the result the same pixels as the
/// cut page drawn afresh.
final class CutRenderingTests: XCTestCase {
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
    }

    override func tearDown() { context = nil }

    func testACutIsDrawnAsTheCutPageIsAndKeepsItsPictureUploaded() throws {
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "c3", count: 32)))
        var picture = RGBAImage(width: 120, height: 80, fill: (200, 30, 30, 255))
        for y in 0..<80 { for x in 60..<120 { picture[x, y] = .init(r: 30, g: 30, b: 200, a: 255) } }
        let builder = RenderItemBuilder(image: { id, _ in id == blob ? picture : nil })
        let pen = StrokeStyle.defaults(for: .pen)
        let ink = PageItem.stroke(Stroke(samples: (0...30).map { InputSample(position: Point(5 + Double($0) * 4, 60), pressure: 0.7, time: Double($0) * 0.01) },
                                         style: pen))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 120, height: 80)),
                                          transform: Homography(.translation(30, 30)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 120, pixelHeight: 80),
                                                            rect: Rect(x: 0, y: 0, width: 120, height: 80)),
                                          items: [.stroke(Stroke(samples: (0...20).map { InputSample(position: Point(10 + Double($0) * 5, 40), pressure: 0.6, time: Double($0) * 0.01) }, style: pen))])))
        var page = Page(size: PageSize(width: 200, height: 160), items: [ink, scrap])
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 160)
        let target = try RenderTarget(width: 200, height: 160)
        renderer.load(page, building: builder)
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        XCTAssertEqual(renderer.imageUploads, 1)
        XCTAssertGreaterThan(target.readPixels()[85, 95].r, 150, "the picture's red where the cut will go")

        let cut = page.cutting(along: try ScissorsPath(points: [Point(70, 10), Point(95, 150)], closingReach: 4))
        let edit = try XCTUnwrap(cut.edit, "\(cut)")
        try page.apply(edit)
        XCTAssertTrue(renderer.perform([.edit(edit)], building: builder))
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        XCTAssertEqual(renderer.imageUploads, 1, "the pieces show the scrap's picture without uploading it again")
        let cutPixels = target.readPixels()

        let fresh = try PageRenderer(pageWidth: 200, pageHeight: 160)
        fresh.load(page, building: builder)
        let freshTarget = try RenderTarget(width: 200, height: 160)
        fresh.drawView(width: 200, height: 160, pageToWindow: .identity, into: freshTarget)
        let freshPixels = freshTarget.readPixels()
        XCTAssertEqual(cutPixels.pixels, freshPixels.pixels, "the cut drawn in place matches the cut page drawn afresh: "
                       + "\(cutPixels.saveForInspection(named: "cut-in-place")) \(freshPixels.saveForInspection(named: "cut-fresh"))")
        // And it is a cut: the pieces pushed apart leave no picture on the line they were cut along.
        let onCut = cutPixels[85, 95]
        XCTAssertLessThan(Int(onCut.r) - Int(min(onCut.g, onCut.b)), 60,
                          "no red left on the cut: \(onCut)")
    }
}

/// An item held up by a gesture: drawn over the page each frame, the page's layers redrawn only when it
/// is picked up and put down, and the page the same pixels as one that never held it.
final class LiftedItemTests: XCTestCase {
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
    }

    override func tearDown() { context = nil }

    func testAHeldScrapMovesOverThePageAndLandsAsIfDrawnInPlace() throws {
        let pen = StrokeStyle.defaults(for: .pen)
        // Page ink at y 100, x 10…60, under an opaque grey photo scrap at (20, 80)–(80, 120) whose
        // own ink runs at page y 90.
        let ink = PageItem.stroke(Stroke(samples: (0...10).map { InputSample(position: Point(10 + Double($0) * 5, 100), pressure: 0.8, time: Double($0) * 0.01) },
                                         style: pen))
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "d4", count: 32)))
        let grey = RGBAImage(width: 60, height: 40, fill: (160, 160, 160, 255))
        let paper = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                          transform: Homography(.translation(20, 80)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 60, pixelHeight: 40),
                                                            rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                          items: [.stroke(Stroke(samples: (0...10).map { InputSample(position: Point(5 + Double($0) * 5, 10), pressure: 0.8, time: Double($0) * 0.01) }, style: pen))])))
        let page = Page(size: PageSize(width: 200, height: 160), items: [ink, paper])
        let builder = RenderItemBuilder(image: { id, _ in id == blob ? grey : nil })
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 160)
        let target = try RenderTarget(width: 200, height: 160)
        renderer.load(page, building: builder)
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        XCTAssertGreaterThan(target.readPixels()[40, 100].r, 120, "the photo covers the page's ink")

        // Picked up, moved 90 right in three steps: the page's ink where the scrap was shows again at
        // once, and the scrap's ink shows where it is now (drawn over the page, not in its layers).
        // As the app sends it: the item updated for when it is put down, and the map its picture is
        // drawn through meanwhile.
        XCTAssertTrue(renderer.perform([.lift(paper.id, at: 1)], building: builder))
        var shown = paper
        for dx in [30.0, 60, 90] {
            let map = Homography(.translation(dx, 0))
            let moved = try XCTUnwrap(paper.transformed(by: map))
            XCTAssertTrue(renderer.perform([.edit(.update([ItemUpdate(index: 1, before: shown, after: moved)])), .moveLifted(map)],
                                           building: builder))
            shown = moved
        }
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        let held = target.readPixels()
        XCTAssertLessThan(held[40, 100].r, 100, "the page's ink, uncovered")
        XCTAssertLessThan(held[140, 90].r, 100, "the scrap's ink where it was carried")
        XCTAssertEqual(held[140, 105].r, 160, "on its photo")
        // The page's own layers do not have it while it is held (so moving it redraws none of them).
        XCTAssertGreaterThan(try renderer.renderPageImage()[140, 105].r, 200, "held off the ink layer")

        XCTAssertTrue(renderer.perform([.drop], building: builder))
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        let landed = target.readPixels()
        let fresh = try PageRenderer(pageWidth: 200, pageHeight: 160)
        let freshTarget = try RenderTarget(width: 200, height: 160)
        var after = page
        try after.apply(.update([ItemUpdate(index: 1, before: paper, after: shown)]))
        fresh.load(after, building: builder)
        fresh.drawView(width: 200, height: 160, pageToWindow: .identity, into: freshTarget)
        XCTAssertEqual(landed.pixels, freshTarget.readPixels().pixels, "put down, the page is as if the scrap had always been there")
        // Held, its picture drawn through the map looked the same, to within one level in any channel (texel rounding).
        let differences = zip(held.pixels, landed.pixels).map { abs(Int($0) - Int($1)) }
        XCTAssertLessThanOrEqual(differences.max() ?? 0, 2, "held: \(held.saveForInspection(named: "held")) landed: \(landed.saveForInspection(named: "landed"))")
    }
    /// A scrap let go over the scrap tray: the select tool puts it back where it was and drops it, and
    /// the tray takes it off the page, all in one batch of work. It is not put down into the layers
    /// first (its picture drawn there only to be taken out again): the page is drawn without it, and
    /// builds nothing. Dropped without being taken off, it is put down as always.
    func testAScrapCarriedOffThePageInTheSameBatchIsNotPutDownFirst() throws {
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "f6", count: 32)))
        let grey = RGBAImage(width: 60, height: 40, fill: (160, 160, 160, 255))
        let paper = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                          transform: Homography(.translation(20, 80)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 60, pixelHeight: 40),
                                                            rect: Rect(x: 0, y: 0, width: 60, height: 40)))))
        let page = Page(size: PageSize(width: 200, height: 160), items: [paper])
        let builder = RenderItemBuilder(image: { id, _ in id == blob ? grey : nil })
        for takenOff in [true, false] {
            let renderer = try PageRenderer(pageWidth: 200, pageHeight: 160)
            let target = try RenderTarget(width: 200, height: 160)
            renderer.load(page, building: builder)
            renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
            let map = Homography(.translation(90, 0))
            let moved = try XCTUnwrap(paper.transformed(by: map))
            XCTAssertTrue(renderer.perform([.lift(paper.id, at: 0), .edit(.update([ItemUpdate(index: 0, before: paper, after: moved)])),
                                            .moveLifted(map)], building: builder))
            renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
            let redraws = renderer.layerAreasRedrawn
            var work: [RenderWork] = [.edit(.update([ItemUpdate(index: 0, before: moved, after: paper)])), .drop]
            if takenOff { work.append(.edit(.remove([PlacedItem(paper, at: 0)]))) }
            XCTAssertTrue(renderer.perform(work, building: builder))
            renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
            if takenOff {
                XCTAssertEqual(renderer.layerAreasRedrawn, redraws, "nothing put down, nothing taken out")
                XCTAssertEqual(renderer.count, 0)
                XCTAssertGreaterThan(target.readPixels()[40, 100].r, 200, "paper where it was")
                XCTAssertGreaterThan(target.readPixels()[130, 100].r, 200, "and where it was carried")
            } else {
                XCTAssertEqual(renderer.layerAreasRedrawn, redraws + 1, "put down where it was")
                XCTAssertEqual(target.readPixels()[40, 100].r, 160, "back where it was")
            }
        }
    }

    /// A drag updates the held item every frame; while frames draw its picture, only the update it lands
    /// with is built (its pictures looked up, its ink inked, its sprites sent to the GPU): once, when it
    /// is put down, or when something needs its vectors (a view its picture was not taken for, a read).
    func testAHeldItemIsBuiltOnlyWhenItsVectorsAreNeeded() throws {
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "e5", count: 32)))
        let grey = RGBAImage(width: 60, height: 40, fill: (160, 160, 160, 255))
        let pen = StrokeStyle.defaults(for: .pen)
        let paper = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                          transform: Homography(.translation(20, 80)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 60, pixelHeight: 40),
                                                            rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                          items: [.stroke(Stroke(samples: (0...10).map { InputSample(position: Point(5 + Double($0) * 5, 10), pressure: 0.8, time: Double($0) * 0.01) }, style: pen))])))
        let page = Page(size: PageSize(width: 200, height: 160), items: [paper])
        final class Count: @unchecked Sendable { var builds = 0 }
        let count = Count()
        // A scrap's picture is looked up once each time its render item is built.
        let builder = RenderItemBuilder(image: { id, _ in
            count.builds += 1
            return id == blob ? grey : nil
        })
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 160)
        let target = try RenderTarget(width: 200, height: 160)
        renderer.load(page, building: builder)
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        XCTAssertTrue(renderer.perform([.lift(paper.id, at: 0)], building: builder))
        count.builds = 0
        let uploaded = renderer.strokeBytesUploaded
        var shown = paper
        func drag(to dx: Double) throws {
            let map = Homography(.translation(dx, dx / 3))
            let moved = try XCTUnwrap(paper.transformed(by: map))
            XCTAssertTrue(renderer.perform([.edit(.update([ItemUpdate(index: 0, before: shown, after: moved)])), .moveLifted(map)],
                                           building: builder))
            shown = moved
            renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        }
        for dx in stride(from: 5.0, through: 60, by: 5) { try drag(to: dx) }
        XCTAssertEqual(count.builds, 0, "twelve frames drawn from its picture, nothing built")
        XCTAssertEqual(renderer.strokeBytesUploaded, uploaded, "and no ink sent to the GPU")

        // Read back: built then, as it is now.
        XCTAssertEqual(renderer.items, [builder.renderItem(shown)])
        XCTAssertEqual(count.builds, 2, "once for the read, once for the comparison")
        try drag(to: 70)
        // A view its picture was not taken for draws it from its vectors: built for that.
        count.builds = 0
        renderer.drawView(width: 200, height: 160, pageToWindow: .scale(1.5, 1.5), into: target)
        XCTAssertEqual(count.builds, 1)
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        try drag(to: 80)
        try drag(to: 90)
        count.builds = 0
        XCTAssertTrue(renderer.perform([.drop], building: builder))
        XCTAssertEqual(count.builds, 1, "put down: the last update built, once")
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        let fresh = try PageRenderer(pageWidth: 200, pageHeight: 160)
        let freshTarget = try RenderTarget(width: 200, height: 160)
        fresh.load(Page(size: PageSize(width: 200, height: 160), items: [shown]), building: builder)
        fresh.drawView(width: 200, height: 160, pageToWindow: .identity, into: freshTarget)
        XCTAssertEqual(target.readPixels().pixels, freshTarget.readPixels().pixels, "it lands where the last update put it")
    }
}
