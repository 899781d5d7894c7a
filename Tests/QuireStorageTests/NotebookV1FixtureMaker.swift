import Foundation
import GRDB
import QuireDocument
@testable import QuireStorage
import XCTest

final class NotebookV1FixtureMaker: XCTestCase {
    func testWriteTheV1Fixture() throws {
        guard ProcessInfo.processInfo.environment["QUIRE_WRITE_V1_FIXTURE"] == "1" else { throw XCTSkip("writes the fixture") }
        let path = NotebookV1Fixture.path
        try? FileManager.default.removeItem(atPath: path)
        let pages = NotebookV1Fixture.pages
        var second = pages[1]
        let last = NotebookV1Fixture.secondStrokes[1]
        second = Page(id: second.id, size: second.size, background: second.background, strokes: [NotebookV1Fixture.secondStrokes[0]])
        let store = try NotebookStore.create(at: path, title: NotebookV1Fixture.title, pages: [pages[0], second])
        try store.saveView(NotebookV1Fixture.view)
        try store.saveThumbnail(png: NotebookV1Fixture.firstThumbnail, of: pages[0].id, inkVersion: try store.inkVersion(of: pages[0].id))
        try store.saveThumbnail(png: NotebookV1Fixture.secondThumbnail, of: second.id, inkVersion: try store.inkVersion(of: second.id))
        try store.append(last, to: second.id)
        try store.close()
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; VACUUM") }
        try raw.close()
    }
}
