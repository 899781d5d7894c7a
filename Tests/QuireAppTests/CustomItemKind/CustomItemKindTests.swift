import Foundation
import GRDB
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireRender
import QuireStorage
import QuireTestSupport
import XCTest

/// Issue 35: an item kind is one type per layer and one registration. `Sticker`, made in this test
/// target, is stored in a notebook and read back, undone and redone across a reopening (its steps keep
/// it by value), found under the pen and moved, refused with a message naming the notebook when its row
/// is damaged, and drawn by the renderer and in a PDF (on the page and carried by a scrap) — with no
/// file of Quire's touched to add it.
final class CustomItemKindTests: XCTestCase {
    private var folder = ""
    private let red = InkColor(red: 0.9, green: 0.1, blue: 0.1)

    override func setUpWithError() throws {
        try CustomItemKinds.register(Sticker.self)
        folder = NSTemporaryDirectory() + "quire-custom-kind-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func sticker(at x: Double, _ y: Double, side: Double = 80, border: Double = 20, underlined: Bool = false) -> PageItem {
        PageItem(.custom(CustomItem(Sticker(rect: Rect(x: x, y: y, width: side, height: side), border: border, color: red,
                                            underlined: underlined))))
    }

    /// A page, its store and its history, edited as the app's editor does.
    private struct Editor {
        let store: NotebookStore
        var page: Page
        var history: PageHistory
        let clock = StepClock()

        init(_ store: NotebookStore, page id: PageID) throws {
            self.store = store
            page = try store.loadPage(id)
            history = try store.history(of: page)
        }

        mutating func apply(_ edit: PageEdit) throws {
            try page.apply(edit)
            let stamp = clock.next()
            try store.apply(edit, to: page.id, history: .record(label: nil, stamp: stamp))
            history.record(edit, stamp: stamp)
        }

        mutating func undo() throws -> String? {
            guard let move = try history.nextUndo(on: page.items, stamp: clock.next()) else { return nil }
            try page.apply(move.edit)
            try store.apply(move.edit, to: page.id, history: .undo(kept: move.kept))
            history.commit(move)
            return move.label
        }

        mutating func redo() throws -> String? {
            guard let move = try history.nextRedo(on: page.items, stamp: clock.next()) else { return nil }
            try page.apply(move.edit)
            try store.apply(move.edit, to: page.id, history: .redo(kept: move.kept))
            history.commit(move)
            return move.label
        }
    }

    func testAStickerIsStoredMovedUndoneAndRedoneAcrossReopenings() throws {
        let path = folder + "/Stickers.quire"
        var store = try NotebookStore.create(at: path, title: "Stickers")
        let id = try store.pageIDs()[0]
        var editor = try Editor(store, page: id)
        let item = sticker(at: 100, 100)
        try editor.apply(editor.page.adding([item]))
        let added = editor.page
        try editor.apply(try XCTUnwrap(editor.page.transforming([item.id], by: Homography(AffineTransform.translation(50, 0)))))
        let moved = editor.page
        try store.close()

        store = try NotebookStore(openingAt: path)
        editor = try Editor(store, page: id)
        XCTAssertEqual(editor.page, moved, "read back as it was stored, moved")
        XCTAssertEqual(editor.page.items.first?.itemKind, .custom("test-sticker"))
        XCTAssertEqual(try store.summary().pages[0].itemCounts, ["test-sticker": 1])
        XCTAssertEqual(editor.history.done.map(\.label), ["sticker added", "sticker changed"], "named by its display name")
        // Its own hit test: the frame (now x 150–230) is under the pen, its open middle is not.
        XCTAssertEqual(editor.page.topItem(at: Point(160, 140)), item.id)
        XCTAssertNil(editor.page.topItem(at: Point(190, 140)))
        XCTAssertNil(editor.page.topItem(at: Point(120, 140)), "where it was before the move")

        XCTAssertEqual(try editor.undo(), "sticker changed")
        XCTAssertEqual(editor.page, added)
        XCTAssertEqual(try editor.undo(), "sticker added")
        XCTAssertTrue(editor.page.items.isEmpty)
        try store.close()

        // The undone steps hold the sticker by value (the history's own codec): redo brings it back
        // after a reopening, where it was and then moved.
        store = try NotebookStore(openingAt: path)
        editor = try Editor(store, page: id)
        XCTAssertTrue(editor.page.items.isEmpty)
        XCTAssertEqual(editor.history.undone.count, 2)
        XCTAssertEqual(try editor.redo(), "sticker added")
        XCTAssertEqual(editor.page, added)
        XCTAssertEqual(try editor.redo(), "sticker changed")
        XCTAssertEqual(editor.page, moved)
        XCTAssertEqual(try store.loadPage(id), moved)
        try store.close()
    }

    func testADamagedOrUnknownStickerRowIsRefusedNamingTheNotebookAndThePageStillHasTheRest() throws {
        let path = folder + "/Damaged.quire"
        let store = try NotebookStore.create(at: path, title: "Damaged")
        let id = try store.pageIDs()[0]
        var editor = try Editor(store, page: id)
        let item = sticker(at: 10, 10)
        try editor.apply(editor.page.adding([item]))
        try store.close()

        func refusal(setting sql: String) throws -> String {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: sql) }
            try queue.close()
            let reopened = try NotebookStore(openingAt: path, readOnly: true)
            defer { try? reopened.close() }
            do {
                _ = try reopened.loadPage(id)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        let wide = Sticker(rect: Rect(x: 10, y: 10, width: 80, height: 80), border: 500, color: red)
        let tooWide = try refusal(setting: "UPDATE item SET data = '\(String(decoding: try JSONEncoder().encode(wide), as: UTF8.self))'")
        XCTAssertTrue(tooWide.contains(path) && tooWide.contains("its 80.0×80.0 px frame cannot be 500.0 px wide"), tooWide)
        let unreadable = try refusal(setting: #"UPDATE item SET data = '{"border":"wide"}'"#)
        XCTAssertTrue(unreadable.contains(path) && unreadable.contains("does not read"), unreadable)
        let stranger = try refusal(setting: "UPDATE item SET kind = 'comet-tail'")
        XCTAssertTrue(stranger.contains(path) && stranger.contains("(comet-tail)") && stranger.contains("a kind this Quire does not know"),
                      stranger)
    }

    /// A kind that was never registered could not be read back: the store refuses to write it, and the
    /// file keeps what it had.
    func testAnUnregisteredKindIsRefusedAndNothingIsWritten() throws {
        struct Unregistered: CustomItemContent {
            static let kindName = "test-never-registered"
            var bounds: Rect { Rect(x: 0, y: 0, width: 1, height: 1) }
            func transformed(by map: Homography) -> Unregistered? { self }
            var problem: String? { nil }
        }
        let path = folder + "/Refused.quire"
        let store = try NotebookStore.create(at: path, title: "Refused")
        defer { try? store.close() }
        let id = try store.pageIDs()[0]
        var editor = try Editor(store, page: id)
        try editor.apply(editor.page.adding([sticker(at: 10, 10)]))
        let stranger = PageItem(.custom(CustomItem(Unregistered())))
        XCTAssertThrowsError(try store.apply(editor.page.adding([stranger]), to: id)) {
            XCTAssertTrue("\($0)".contains("\"test-never-registered\", which is not registered"), "\($0)")
        }
        XCTAssertEqual(try store.loadPage(id), editor.page)
        XCTAssertEqual(try store.history(of: editor.page), editor.history)
    }

    func testRegistrationRefusesBadBuiltInAndTakenNames() {
        struct Spaced: CustomItemContent {
            static let kindName = "Test Sticker"
            var bounds: Rect { .null }
            func transformed(by map: Homography) -> Spaced? { self }
            var problem: String? { nil }
        }
        struct Shadowing: CustomItemContent {
            static let kindName = "scrap"
            var bounds: Rect { .null }
            func transformed(by map: Homography) -> Shadowing? { self }
            var problem: String? { nil }
        }
        struct Impostor: CustomItemContent {
            static let kindName = "test-sticker"
            var bounds: Rect { .null }
            func transformed(by map: Homography) -> Impostor? { self }
            var problem: String? { nil }
        }
        XCTAssertThrowsError(try CustomItemKinds.register(Spaced.self)) {
            XCTAssertEqual($0 as? CustomItemKinds.RegistrationError, .badName("Test Sticker"))
        }
        XCTAssertThrowsError(try CustomItemKinds.register(Shadowing.self)) {
            XCTAssertEqual($0 as? CustomItemKinds.RegistrationError, .builtInName("scrap"))
        }
        XCTAssertThrowsError(try CustomItemKinds.register(Impostor.self)) {
            XCTAssertEqual($0 as? CustomItemKinds.RegistrationError, .nameTaken("test-sticker"))
        }
        XCTAssertNoThrow(try CustomItemKinds.register(Sticker.self), "registering the same type again is harmless")
        XCTAssertEqual(ItemKind(rawValue: "test-sticker")?.name, "sticker")
        XCTAssertNil(ItemKind(rawValue: "Test Sticker"))
    }

    /// Drawn by the renderer (the window's and PNG export's) and in a PDF, each filling its frame
    /// even-odd (the middle open), on the page and carried by a scrap.
    func testAStickerIsDrawnOnScreenAndInAPDFOnThePageAndOnAScrap() throws {
        let context: HeadlessGLContext
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)"); return }
        _ = context
        // On the page at (40, 40)–(120, 120); a second on a scrap moved 200 px right: (220, 40)–(300, 120).
        let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 150, height: 150)),
                          transform: Homography(AffineTransform.translation(200, 0)), items: [sticker(at: 20, 40, underlined: true)])
        let page = Page(size: PageSize(width: 400, height: 200), items: [sticker(at: 40, 40), PageItem(.scrap(scrap))])

        let renderer = try PageRenderer(pageWidth: 400, pageHeight: 200)
        renderer.load(RenderItemBuilder().renderItems(of: page))
        let screen = try renderer.renderPageImage(scale: 1)

        let pdfPath = folder + "/stickers.pdf"
        let writer = try PDFExportWriter(path: pdfPath, pictures: { _ in throw CocoaError(.fileNoSuchFile) }, report: { _ in })
        try writer.add(page, number: 1)
        try writer.finish()
        let pdf = try PDFDocument(contentsOf: pdfPath).render(page: 0, scale: 1 / PDFExportWriter.pointsPerPixel)

        for (image, name) in [(screen, "on screen"), (pdf, "in the PDF")] {
            XCTAssertEqual(image.width, 400, name)
            func isRed(_ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.r > 200 && p.g < 60 && p.b < 60 }
            func isPaper(_ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.r > 240 && p.g > 240 && p.b > 240 }
            XCTAssertTrue(isRed(50, 80) && isRed(110, 80) && isRed(80, 50), "the page's sticker's frame \(name): \(image[50, 80])")
            XCTAssertTrue(isPaper(80, 80), "its open middle \(name) (even-odd): \(image[80, 80])")
            XCTAssertTrue(isPaper(30, 80) && isPaper(130, 80), "nothing past it \(name)")
            XCTAssertTrue(isRed(230, 80) && isRed(290, 80), "the scrap's sticker, carried onto the page \(name): \(image[230, 80])")
            XCTAssertTrue(isPaper(260, 80), "its open middle \(name): \(image[260, 80])")
            XCTAssertFalse(isRed(25, 80), "and not where the scrap's own coordinates would put it \(name)")
            func isInk(_ x: Int, _ y: Int) -> Bool { let p = image[x, y]; return p.r < 90 && p.g < 90 && p.b < 90 }
            XCTAssertTrue(isInk(240, 130) && isInk(280, 130), "its underline, drawn as ink \(name): \(image[240, 130])")
            XCTAssertTrue(isPaper(240, 140) && isPaper(240, 124), "as thin as the pen \(name): \(image[240, 140]), \(image[240, 124])")
            XCTAssertFalse(isInk(60, 130), "the page's sticker has none \(name)")
        }
    }
}
