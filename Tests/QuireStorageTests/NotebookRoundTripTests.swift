import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// Everything written comes back the same from a real SQLite file, through a fresh open.
final class NotebookRoundTripTests: StorageTestCase {
    func testPagesBackgroundsAndEveryToolsStrokesRoundTrip() throws {
        let path = folder + "/A.quire"
        let ruled = PageBackground(pattern: .ruled, paperColor: InkColor(red: 1, green: 0.98, blue: 0.9),
                                   lineColor: InkColor(red: 0.5, green: 0.6, blue: 1), spacing: 28)
        var first = Page(size: .a4, background: ruled)
        for (i, tool) in InkTool.allCases.enumerated() {
            try first.apply(first.adding(Ink.stroke(tool, from: Point(50, 100 + Double(i) * 60), seed: Double(i),
                                                    color: .cmyk(CMYKColor(cyan: 0.1, magenta: 0.2, yellow: 0.3, black: 0.4)))))
        }
        let second = Page(size: PageSize.letter.turned(to: .landscape), background: PageBackground(pattern: .dotted, spacing: 20))
        let third = Page(background: PageBackground(pattern: .grid))

        try NotebookStore.create(at: path, title: "Physics", pages: [first, second, third]).close()
        let store = try NotebookStore(openingAt: path)
        XCTAssertNil(store.readOnlyReason)
        XCTAssertEqual(try store.title, "Physics")
        XCTAssertEqual(try store.pageIDs(), [first.id, second.id, third.id])
        XCTAssertEqual(try store.loadPage(first.id), Ink.stored(first))
        XCTAssertEqual(try store.loadPage(second.id), second)
        XCTAssertEqual(try store.loadPage(second.id).orientation, .landscape)
        XCTAssertEqual(try store.loadPage(third.id).background.pattern, .grid)
        // One style row per distinct style, however many strokes use it.
        try store.append(Ink.stroke(.pen, seed: 9), to: third.id)
        try store.append(Ink.stroke(.pen, seed: 10), to: third.id)
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM style") }, InkTool.allCases.count + 1)
    }

    func testAppendedStrokesSurviveReopeningInDrawingOrder() throws {
        let path = folder + "/B.quire"
        let store = try NotebookStore.create(at: path, title: "B")
        let page = try store.pageIDs()[0]
        let strokes = (0..<25).map { Ink.stroke(.pen, from: Point(Double($0) * 10, 50), count: 10 + $0, seed: Double($0)) }
        for stroke in strokes { try store.append(stroke, to: page) }
        try store.close()
        let reopened = try NotebookStore(openingAt: path)
        XCTAssertEqual(try reopened.loadPage(page).strokes, strokes.map(Ink.stored))
        XCTAssertThrowsError(try reopened.append(strokes[0], to: PageID("nope"))) {
            XCTAssertEqual($0 as? NotebookFileError, .noSuchPage(path: path, page: "nope"))
        }
    }

    func testSummaryCountsStrokesAndBoundsPerPageWithoutLoadingInk() throws {
        let path = folder + "/C.quire"
        let store = try NotebookStore.create(at: path, title: "Counts", pages: [Page(), Page()])
        let ids = try store.pageIDs()
        let a = Ink.stroke(.pen, from: Point(10, 20), count: 5)
        let b = Ink.stroke(.marker, from: Point(300, 400), count: 5)
        try store.append(a, to: ids[0])
        try store.append(b, to: ids[0])
        let summary = try store.summary()
        XCTAssertEqual(summary.title, "Counts")
        XCTAssertEqual(summary.pages.map(\.strokeCount), [2, 0])
        let expected = Ink.stored(a).bounds.union(Ink.stored(b).bounds)
        XCTAssertEqual(summary.pages[0].inkBounds.minX, expected.minX, accuracy: 1e-3)
        XCTAssertEqual(summary.pages[0].inkBounds.maxY, expected.maxY, accuracy: 1e-3)
        XCTAssertTrue(summary.pages[1].inkBounds.isNull)
    }

    func testPagesAreAddedDeletedAndReorderedByOneRowEach() throws {
        let store = try NotebookStore.create(at: folder + "/D.quire", title: "D", pages: [])
        let pages = (0..<4).map { _ in Page() }
        for page in pages { try store.insertPage(page) }
        let ids = pages.map(\.id)
        XCTAssertEqual(try store.pageIDs(), ids)
        try store.movePage(ids[3], to: 0)
        XCTAssertEqual(try store.pageIDs(), [ids[3], ids[0], ids[1], ids[2]])
        try store.movePage(ids[3], to: 2)
        XCTAssertEqual(try store.pageIDs(), [ids[0], ids[1], ids[3], ids[2]])
        try store.movePage(ids[0], to: 99)
        XCTAssertEqual(try store.pageIDs(), [ids[1], ids[3], ids[2], ids[0]])
        let inserted = Page()
        try store.insertPage(inserted, at: 1)
        XCTAssertEqual(try store.pageIDs(), [ids[1], inserted.id, ids[3], ids[2], ids[0]])
        try store.append(Ink.stroke(), to: ids[3])
        try store.deletePage(ids[3])
        XCTAssertEqual(try store.pageIDs(), [ids[1], inserted.id, ids[2], ids[0]])
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") }, 0, "the page's ink went with it")
        // Many moves between the same two neighbours run out of halvings; the order must still hold.
        for _ in 0..<80 { try store.movePage(ids[0], to: 1); try store.movePage(ids[1], to: 1) }
        XCTAssertEqual(Set(try store.pageIDs()), Set([ids[1], inserted.id, ids[2], ids[0]]))
        XCTAssertEqual(try store.pageIDs().count, 4)
    }

    func testMoveAndCopyPagesBetweenNotebooksInkAndAll() throws {
        let source = try NotebookStore.create(at: folder + "/S.quire", title: "S", pages: [Page(), Page(background: PageBackground(pattern: .ruled))])
        let target = try NotebookStore.create(at: folder + "/T.quire", title: "T")
        let ids = try source.pageIDs()
        let ink = [Ink.stroke(.pen), Ink.stroke(.highlighter, seed: 3)]
        for stroke in ink { try source.append(stroke, to: ids[1]) }

        let copied = try source.transferPage(ids[1], to: target, at: 0, move: false)
        XCTAssertNotEqual(copied, ids[1])
        XCTAssertEqual(try source.pageIDs(), ids)
        XCTAssertEqual(try target.pageIDs().first, copied)
        XCTAssertEqual(try target.loadPage(copied).strokes, ink.map(Ink.stored))
        XCTAssertEqual(try target.loadPage(copied).background.pattern, .ruled)

        let moved = try source.transferPage(ids[1], to: target, move: true)
        XCTAssertEqual(moved, ids[1])
        XCTAssertEqual(try source.pageIDs(), [ids[0]])
        XCTAssertEqual(try target.pageIDs().count, 3)
        XCTAssertEqual(try target.pageIDs().last, ids[1])
        XCTAssertEqual(try target.loadPage(ids[1]).strokes, ink.map(Ink.stored))
    }

    func testTitleViewAndThumbnailRoundTripAndThumbnailsGoStale() throws {
        let path = folder + "/E.quire"
        let store = try NotebookStore.create(at: path, title: "Old")
        let page = try store.pageIDs()[0]
        try store.rename(to: "New title")
        let view = NotebookView(pageID: page, pageToWindow: AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: -40, ty: 12))
        try store.saveView(view)
        try store.markOpened(at: Date(timeIntervalSince1970: 1234))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try store.saveThumbnail(png: png, of: page, inkVersion: try store.inkVersion(of: page))
        try store.close()

        let reopened = try NotebookStore(openingAt: path)
        XCTAssertEqual(try reopened.title, "New title")
        XCTAssertEqual(try reopened.view(), view)
        XCTAssertEqual(try reopened.view()?.transform, view.transform)
        XCTAssertEqual(try reopened.lastOpened(), 1234)
        XCTAssertEqual(try reopened.thumbnail(of: page)?.png, png)
        XCTAssertEqual(try reopened.thumbnail(of: page)?.isCurrent, true)
        try reopened.append(Ink.stroke(), to: page)
        XCTAssertEqual(try reopened.thumbnail(of: page)?.isCurrent, false)
    }
}
