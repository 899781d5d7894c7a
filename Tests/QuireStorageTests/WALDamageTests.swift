import Foundation
import QuireDocument
@testable import QuireStorage
import XCTest

/// Issue 14, item 11: SQLite drops every WAL frame after one whose checksum fails, by design. When
/// complete commits follow the damage, the notebook says so (`walDamage`) instead of silently showing
/// fewer strokes; a write torn at the WAL's end (a crash mid-commit) is not damage and says nothing.
final class WALDamageTests: StorageTestCase {
    private let pageSize = Int(NotebookSchema.pageSize)

    /// A copy (file and `-wal`) of a notebook with five strokes saved in its WAL, taken while it was open
    /// so nothing was checkpointed into the file.
    private func copyWithStrokesInTheWAL() throws -> (path: String, page: PageID) {
        let original = folder + "/W.quire"
        let store = try NotebookStore.create(at: original, title: "W", pages: [Page()])
        let page = try store.pageIDs()[0]
        for seed in 0..<5 { _ = try store.append(Ink.stroke(.pen, seed: Double(seed)), to: page) }
        let copy = folder + "/copy.quire"
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: copy + "-wal")
        try store.close()
        return (copy, page)
    }

    private func walFrames(_ path: String) throws -> Int {
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        return (size - 32) / (24 + pageSize)
    }

    private func flipByte(inFrame frame: Int, of path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path + "-wal"))
        defer { try? handle.close() }
        let offset = UInt64(32 + (frame - 1) * (24 + pageSize) + 24 + 100)
        try handle.seek(toOffset: offset)
        let byte = try XCTUnwrap(handle.read(upToCount: 1))
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data([byte[0] ^ 0x5A]))
    }

    func testAnIntactWALSaysNothing() throws {
        let (path, page) = try copyWithStrokesInTheWAL()
        XCTAssertGreaterThan(try walFrames(path), 2)
        let store = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertNil(store.walDamage)
        XCTAssertEqual(try store.loadPage(page).items.count, 5)
        try store.close()
    }

    func testADamagedFrameWithCommitsAfterItIsSaidOnce() throws {
        let (path, page) = try copyWithStrokesInTheWAL()
        try flipByte(inFrame: 2, of: path)
        let damage = try XCTUnwrap(WriteAheadLogCheck.damage(ofWALAt: path + "-wal"), "the damage is not seen")
        XCTAssertTrue(damage.contains("write-ahead log (copy.quire-wal) is damaged at frame 2"), damage)
        let store = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(store.walDamage, damage)
        XCTAssertLessThan(try store.loadPage(page).items.count, 5, "SQLite read past the damage after all")
        try store.close()
    }

    func testAWriteTornAtTheEndIsNotDamage() throws {
        let (path, _) = try copyWithStrokesInTheWAL()
        try flipByte(inFrame: try walFrames(path), of: path)
        XCTAssertNil(WriteAheadLogCheck.damage(ofWALAt: path + "-wal"))
        // Cut in the middle of the last frame, as a crash during its write() would leave it.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path + "-wal"))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size - UInt64(pageSize / 2))
        try handle.close()
        XCTAssertNil(WriteAheadLogCheck.damage(ofWALAt: path + "-wal"))
    }

    func testADamagedHeaderLosesEverythingAndIsSaid() throws {
        let (path, _) = try copyWithStrokesInTheWAL()
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path + "-wal"))
        try handle.seek(toOffset: 12)
        try handle.write(contentsOf: Data([0xFF, 0xFF, 0xFF, 0xFF])) // the checkpoint sequence number
        try handle.close()
        XCTAssertTrue(WriteAheadLogCheck.damage(ofWALAt: path + "-wal")?.contains("has a damaged header") == true)
    }
}
