import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest

/// The scrap tray's file: entries newest first across reopening, pictures stored once and dropped with
/// their last entry, links moving entries as page edits take linked items off and on pages, and a
/// damaged file kept aside.
final class ScrapTrayTests: StorageTestCase {
    private var path: String { folder + "/tray/tray.sqlite" }
    private let photo = BlobBytes(Scene.photo, kind: .png)

    func testEntriesAndPicturesSurviveReopeningAndPicturesGoWithTheirLastEntry() throws {
        let first = Scene.scrap(showing: photo.id), second = Scene.scrap(showing: photo.id)
        do {
            let (tray, problem) = try ScrapTray.open(at: path)
            XCTAssertNil(problem)
            try tray.add(first, blobs: [photo])
            try tray.add(second, blobs: [photo])
            XCTAssertEqual(tray.entries.map(\.item.id), [second.id, first.id], "newest first")
        }
        let (tray, _) = try ScrapTray.open(at: path)
        XCTAssertEqual(tray.entries.map(\.item), [second, first].map(Ink.stored), "read back as they went in")
        XCTAssertEqual(try tray.blobs(of: first).map(\.bytes), [Scene.photo])
        try tray.remove(tray.entries[0].id)
        XCTAssertEqual(try tray.blobs(of: first).map(\.bytes), [Scene.photo], "still shown by the other entry")
        try tray.remove(tray.entries[0].id)
        XCTAssertTrue(tray.entries.isEmpty)
        XCTAssertThrowsError(try tray.blobs(of: first), "the picture went with its last entry")
    }

    func testLinkedItemsMoveBetweenPageAndTrayAsEditsTakeThemOffAndPutThemOn() throws {
        let (tray, _) = try ScrapTray.open(at: path)
        let scrap = Scene.scrap(showing: photo.id), stroke = PageItem.stroke(Ink.stroke())
        let entry = ScrapTray.EntryID()
        try tray.link(scrap.id, to: entry)
        // Taken off its page (the move into the tray): in; an unlinked stroke erased beside it is not.
        try tray.itemsLeftPage([scrap, stroke]) { _ in [self.photo] }
        XCTAssertEqual(tray.entries.map(\.id), [entry])
        // Put back (the undo): out again; and in once more with the redo, after reopening.
        try tray.itemsJoinedPage([scrap])
        XCTAssertTrue(tray.entries.isEmpty)
        let (reopened, _) = try ScrapTray.open(at: path)
        XCTAssertEqual(reopened.entry(linkedTo: scrap.id), entry, "links are kept in the file")
        try reopened.itemsLeftPage([scrap]) { _ in [self.photo] }
        XCTAssertEqual(reopened.entries.map(\.id), [entry])
    }

    func testATrayReadsAgainWhatAnotherWindowChangedAndKeepsItsOwnWhenThatIsDamaged() throws {
        let (mine, _) = try ScrapTray.open(at: path)
        let (theirs, _) = try ScrapTray.open(at: path)
        XCTAssertFalse(try mine.readAgainIfChangedElsewhere(), "nothing changed")
        let scrap = Scene.scrap(showing: photo.id)
        let entry = try theirs.add(scrap, blobs: [photo])
        let revision = mine.revision
        XCTAssertTrue(try mine.readAgainIfChangedElsewhere(), "the other window's scrap")
        XCTAssertEqual(mine.entries.map(\.id), [entry])
        XCTAssertGreaterThan(mine.revision, revision, "what the window's tray follows")
        XCTAssertEqual(try mine.blobs(of: scrap).map(\.bytes), [Scene.photo])
        XCTAssertFalse(try mine.readAgainIfChangedElsewhere(), "read once")
        // Its own changes are its own: nothing to read again.
        try mine.remove(entry)
        XCTAssertFalse(try mine.readAgainIfChangedElsewhere())
        // Links made elsewhere are followed too: the other window's undo moves the scrap here.
        let linked = ScrapTray.EntryID()
        try theirs.link(scrap.id, to: linked)
        XCTAssertTrue(try mine.readAgainIfChangedElsewhere())
        XCTAssertEqual(mine.entry(linkedTo: scrap.id), linked)
        // Another program writing an entry that does not read: an error, the tray as it was.
        try mine.add(scrap, blobs: [photo])
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO entry(id, position, item) VALUES ('bad', 99, x'7b7b7b')") }
        XCTAssertThrowsError(try mine.readAgainIfChangedElsewhere())
        XCTAssertEqual(mine.entries.count, 1, "kept as it was")
        XCTAssertFalse(try mine.readAgainIfChangedElsewhere(), "not read again until the file changes again")
        try queue.write { db in try db.execute(sql: "DELETE FROM entry WHERE id = 'bad'") }
        XCTAssertTrue(try mine.readAgainIfChangedElsewhere(), "mended elsewhere: read")
        XCTAssertEqual(mine.entries.count, 1)
    }

    func testADamagedFileIsKeptAsideAndAnEmptyTrayBegun() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tray", withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        let (tray, problem) = try ScrapTray.open(at: path, now: Date(timeIntervalSince1970: 0))
        XCTAssertTrue(tray.entries.isEmpty)
        let aside = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder + "/tray").first { $0.contains(".damaged-") })
        XCTAssertEqual(FileManager.default.contents(atPath: folder + "/tray/" + aside), garbage)
        XCTAssertTrue(problem?.contains(aside) == true, problem ?? "no problem said")

        // An entry whose picture was taken out of the file behind the tray's back: damage too.
        try tray.add(Scene.scrap(showing: photo.id), blobs: [photo])
        try DatabaseQueue(path: path).write { try $0.execute(sql: "DELETE FROM blob") }
        let (again, secondProblem) = try ScrapTray.open(at: path, now: Date(timeIntervalSince1970: 60))
        XCTAssertTrue(again.entries.isEmpty)
        XCTAssertTrue(secondProblem?.contains("lacks") == true, secondProblem ?? "no problem said")
    }
}
