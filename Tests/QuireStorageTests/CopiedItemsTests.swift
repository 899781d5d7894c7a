import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest

/// Copied items as another Quire reads them off the clipboard: exactly what was copied, pictures
/// included, and every kind of damage a clipboard owner could hand over refused with a message.
final class CopiedItemsTests: StorageTestCase {
    private func copied() throws -> CopiedItems {
        let store = try NotebookStore.create(at: folder + "/Source.quire", title: "Source")
        defer { try? store.close() }
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        let page = try store.pageIDs()[0]
        try store.apply(Page().adding([Scene.scrap(showing: photo), Scene.text]), to: page)
        return try store.copying(try store.loadPage(page).items)
    }

    func testItemsAndTheirPicturesRoundTripExactly() throws {
        let copy = try copied()
        XCTAssertEqual(copy.blobs.count, 1, "the scrap's photo comes with it")
        XCTAssertEqual(copy.blobs.first?.bytes, Scene.photo)
        let read = try CopiedItems(decoding: try copy.encoded())
        XCTAssertEqual(read.items, copy.items, "outline, transform, picture, ink and text as they were")
        XCTAssertEqual(read.blobs.map(\.bytes), [Scene.photo])
        XCTAssertEqual(read.blobs.map(\.kind), [.png])

        // Pasted into another notebook: the photo is stored there and the page holds the copy.
        let target = try NotebookStore.create(at: folder + "/Target.quire", title: "Target")
        defer { try? target.close() }
        for blob in read.blobs { try target.storeBlob(blob.bytes, kind: blob.kind) }
        let page = try target.pageIDs()[0]
        let (edit, ids) = try XCTUnwrap(Page().pasting(read.items, by: .identity))
        try target.apply(edit, to: page)
        let stored = try target.loadPage(page)
        XCTAssertEqual(stored.items.map(\.id), ids)
        XCTAssertTrue(Set(ids).isDisjoint(with: copy.items.map(\.id)), "a paste is a copy, with ids of its own")
        guard case let .scrap(scrap) = stored.items[0].content, case let .scrap(original) = copy.items[0].content else {
            return XCTFail("the scrap did not arrive")
        }
        XCTAssertEqual(scrap.outline, original.outline)
        XCTAssertEqual(scrap.transform, original.transform)
        XCTAssertEqual(scrap.image, original.image)
        XCTAssertEqual(scrap.items.map { $0.stroke?.samples }, original.items.map { $0.stroke?.samples })
        XCTAssertTrue(Set(scrap.items.map(\.id)).isDisjoint(with: original.items.map(\.id)), "the copy's ink is its own")
        XCTAssertEqual(try target.blob(try XCTUnwrap(scrap.image?.reference.blob)), Scene.photo)
    }

    private func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try CopiedItems(decoding: bytes)
            XCTFail("damaged bytes were read", file: file, line: line)
            return ""
        } catch {
            XCTAssertTrue(error is CopiedItems.Problem, "\(error)", file: file, line: line)
            return "\(error)"
        }
    }

    func testDamageIsRefusedWithAMessageNeverATrap() throws {
        let good = try copied().encoded()
        let headerLength = good[14..<18].reversed().reduce(0) { $0 << 8 | Int($1) }
        XCTAssertTrue(refusal([]).contains("do not start"))
        XCTAssertTrue(refusal(Array("GIF89a".utf8) + good).contains("do not start"))
        // Cut short anywhere: in the header, in the picture.
        XCTAssertTrue(refusal(Array(good.prefix(30))).contains("cut short"))
        XCTAssertTrue(refusal(Array(good.dropLast(10))).contains("cut short"))
        // A header length of 4 GB: refused before anything is allocated from it.
        var huge = good
        huge.replaceSubrange(14..<18, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertTrue(refusal(huge).contains("cut short"))
        // Bytes past the end, a picture whose bytes changed.
        XCTAssertTrue(refusal(good + [1, 2, 3]).contains("past their end"))
        var changed = good
        changed[changed.count - 1] ^= 0xFF
        XCTAssertTrue(refusal(changed).contains("not the one"))
        // JSON that is not items, and an item whose numbers cannot be drawn.
        let json = String(decoding: good[18..<(18 + headerLength)], as: UTF8.self)
        let rebuilt = { (header: String) -> [UInt8] in
            Array("QUIRE-ITEMS 1\n".utf8) + withUnsafeBytes(of: UInt32(header.utf8.count).littleEndian, Array.init)
                + Array(header.utf8) + good[(18 + headerLength)...]
        }
        XCTAssertTrue(refusal(rebuilt("[1, 2]")).contains("damaged"))
        let hostileSize = json.replacingOccurrences(of: "\"fontSize\":22", with: "\"fontSize\":1000000")
        XCTAssertNotEqual(hostileSize, json, "the text's size is in the header")
        XCTAssertTrue(refusal(rebuilt(hostileSize)).contains("damaged"))
        // A picture of 10 GB announced: refused by its size.
        let bigPicture = json.replacingOccurrences(of: "\"size\":\(Scene.photo.count)", with: "\"size\":10000000000")
        XCTAssertNotEqual(bigPicture, json)
        XCTAssertTrue(refusal(rebuilt(bigPicture)).contains("cut short"))
        // An item showing a picture that did not come with it.
        let noPictures = json.replacing(#/"blobs":\[[^\]]*\]/#, with: "\"blobs\":[]")
        XCTAssertTrue(refusal(Array("QUIRE-ITEMS 1\n".utf8) + withUnsafeBytes(of: UInt32(noPictures.utf8.count).littleEndian, Array.init)
                              + Array(noPictures.utf8)).contains("did not come with it"))
    }
}
