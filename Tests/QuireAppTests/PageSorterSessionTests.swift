@testable import QuireApp
import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import XCTest

/// What the page sorter asks for, carried out by the notebook session on a real SQLite notebook: the
/// file's page order after moves, adds and removals (read back read-only, as another program would),
/// the page shown following its page, the notebook never left without one; and its thumbnails decoded
/// off the calling thread, within their budget.
final class PageSorterSessionTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-sorter-session-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func session(pages count: Int) throws -> (NotebookSession, [PageID]) {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Sorted", pages: (0..<count).map { _ in Page() }).close()
        let session = try NotebookSession(library: library, notebook: "Sorted", say: { _ in })
        return (session, session.pageIDs)
    }

    private func fileOrder() throws -> [PageID] {
        let store = try NotebookStore(openingAt: folder + "/Sorted.quire", readOnly: true)
        defer { try? store.close() }
        return try store.pageIDs()
    }

    func testMovesAddsAndRemovesReachTheFileAndThePageShownFollowsItsPage() throws {
        let (session, ids) = try session(pages: 5)
        XCTAssertTrue(try session.perform(.openPage(1)), "another page is shown")
        XCTAssertFalse(try session.perform(.openPage(1)), "the page shown already")
        XCTAssertFalse(try session.perform(.openPage(9)), "no such page")
        // Page 3 before page 1.
        XCTAssertFalse(try session.perform(.movePage(from: 2, to: 0)))
        let moved = [ids[2], ids[0], ids[1], ids[3], ids[4]]
        XCTAssertEqual(session.pageIDs, moved)
        XCTAssertEqual(session.currentPageID, ids[1], "still showing the same page, now third")
        XCTAssertEqual(session.pageIndex, 2)
        session.flushSaves()
        XCTAssertEqual(try fileOrder(), moved)
        // A blank page after the first; page 5 (not shown) removed.
        XCTAssertFalse(try session.perform(.addPage(at: 1)))
        XCTAssertFalse(try session.perform(.removePage(5)))
        XCTAssertFalse(try session.perform(.addPage(at: 99)), "past the end")
        XCTAssertFalse(try session.perform(.movePage(from: 0, to: 9)))
        session.flushSaves()
        let order = try fileOrder()
        XCTAssertEqual(order.count, 5)
        XCTAssertEqual(order, session.pageIDs)
        XCTAssertEqual(Array(order[0...0]) + Array(order[2...]), [ids[2], ids[0], ids[1], ids[3]])
        XCTAssertFalse(ids.contains(order[1]), "the added page is new")
        XCTAssertEqual(session.currentPageID, ids[1])
        session.close()
    }

    func testRemovingTheShownPageShowsTheNextAndTheLastPageIsReplaced() throws {
        let (session, ids) = try session(pages: 2)
        XCTAssertTrue(try session.perform(.removePage(0)), "the shown page went: the next is shown")
        XCTAssertEqual(session.pageIDs, [ids[1]])
        XCTAssertTrue(try session.perform(.removePage(0)))
        XCTAssertEqual(session.pageIDs.count, 1, "a notebook always has a page")
        XCTAssertFalse(ids.contains(session.pageIDs[0]))
        session.flushSaves()
        XCTAssertEqual(try fileOrder(), session.pageIDs)
        session.close()
    }

    func testThumbnailsDecodeOnWorkersAndPagesWithoutACurrentOneShowTheirNumber() throws {
        let (session, ids) = try session(pages: 3)
        session.close()
        let store = try NotebookStore(openingAt: folder + "/Sorted.quire")
        defer { try? store.close() }
        let red = RGBAImage(width: 30, height: 40, pixels: [UInt8]((0..<1200).flatMap { _ in [255, 0, 0, 255] as [UInt8] }))
        try store.saveThumbnail(png: try PNG.encode(red), of: ids[0], inkVersion: try store.inkVersion(of: ids[0]))
        // Page 2's thumbnail is of older ink than the page has: not current.
        try store.saveThumbnail(png: try PNG.encode(red), of: ids[1], inkVersion: "older")
        var reports: [String] = []
        let thumbnails = PageThumbnails(store: store, report: { reports.append($0) })
        XCTAssertNil(thumbnails.thumbnail(of: ids[0]), "nothing before it is asked for")
        thumbnails.request(ids)
        XCTAssertTrue(thumbnails.isLoading)
        thumbnails.waitForLoads()
        XCTAssertTrue(thumbnails.takeArrived())
        XCTAssertFalse(thumbnails.isLoading)
        XCTAssertEqual(thumbnails.thumbnail(of: ids[0]), .image(red))
        XCTAssertEqual(thumbnails.thumbnail(of: ids[1]), PageThumbnails.Thumbnail.none)
        XCTAssertEqual(thumbnails.thumbnail(of: ids[2]), PageThumbnails.Thumbnail.none)
        XCTAssertEqual(reports, [], "a missing thumbnail is no problem to report")
    }

    func testADamagedThumbnailIsReportedAndItsCardShowsTheNumber() throws {
        let (session, ids) = try session(pages: 1)
        session.close()
        let store = try NotebookStore(openingAt: folder + "/Sorted.quire")
        defer { try? store.close() }
        try store.saveThumbnail(png: [0x89, 0x50, 0x4e, 0x47, 1, 2, 3], of: ids[0], inkVersion: try store.inkVersion(of: ids[0]))
        var reports: [String] = []
        let thumbnails = PageThumbnails(store: store, report: { reports.append($0) })
        thumbnails.request(ids)
        thumbnails.waitForLoads()
        XCTAssertTrue(thumbnails.takeArrived())
        XCTAssertEqual(thumbnails.thumbnail(of: ids[0]), PageThumbnails.Thumbnail.none)
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("Sorted.quire") == true, "\(reports)")
    }

    func testThumbnailsStayWithinTheirBudgetAndPagesScrolledPastAreSkipped() throws {
        let (session, ids) = try session(pages: 12)
        session.close()
        let store = try NotebookStore(openingAt: folder + "/Sorted.quire")
        defer { try? store.close() }
        let grey = RGBAImage(width: 50, height: 50, pixels: [UInt8](repeating: 128, count: 50 * 50 * 4))
        let png = try PNG.encode(grey)
        for id in ids { try store.saveThumbnail(png: png, of: id, inkVersion: try store.inkVersion(of: id)) }
        // Room for four.
        let thumbnails = PageThumbnails(store: store, budget: 4 * 50 * 50 * 4, report: { _ in })
        thumbnails.request(ids)
        thumbnails.waitForLoads()
        _ = thumbnails.takeArrived()
        XCTAssertLessThanOrEqual(thumbnails.heldBytes, 4 * 50 * 50 * 4)
        XCTAssertEqual(ids.filter { thumbnails.thumbnail(of: $0) != nil }.count, 4)
        // Asked for, then no longer wanted before any worker reached them: not decoded, asked for again later.
        let later = PageThumbnails(store: store, report: { _ in })
        later.request(Array(ids[0..<6]))
        later.request([])
        later.waitForLoads()
        _ = later.takeArrived()
        XCTAssertFalse(later.isLoading)
        let decoded = ids[0..<6].filter { later.thumbnail(of: $0) != nil }.count
        later.request(Array(ids[0..<6]))
        later.waitForLoads()
        _ = later.takeArrived()
        XCTAssertEqual(ids[0..<6].filter { later.thumbnail(of: $0) != nil }.count, 6, "\(decoded) had been decoded before")
    }
}
