import Foundation
import XCTest
@testable import QuireDocument

/// Ids compare by their text (through the fingerprint kept beside it), hash alike when equal, and are
/// written as the plain text they always were.
final class StableIDTests: XCTestCase {
    func testIdsAreEqualExactlyWhenTheirTextIs() throws {
        let text = "0c9d3a4e-6f1b-4c7e-9a52-1f0e8d7b6a54"
        let made = ItemID(text)
        // The same text in another string's storage: the comparison reads the text, not the storage.
        let rebuilt = ItemID(String(text.reversed().reversed()))
        XCTAssertEqual(made, rebuilt)
        XCTAssertEqual(made.hashValue, rebuilt.hashValue)
        XCTAssertEqual(Set([made, rebuilt]).count, 1)
        // One character apart, and fresh ids: never equal.
        XCTAssertNotEqual(made, ItemID(String(text.dropLast()) + "5"))
        let fresh = (0..<1000).map { _ in ItemID() }
        XCTAssertEqual(Set(fresh).count, 1000)
        XCTAssertEqual(Set(fresh.map(\.rawValue)).count, 1000)
    }

    func testTheFingerprintIsTheTextsFNV1a() {
        // FNV-1a 64 of "" and "a", as published.
        XCTAssertEqual(ItemID.fingerprint(of: ""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(ItemID.fingerprint(of: "a"), 0xaf63_dc4c_8601_ec8c)
    }

    func testIdsAreWrittenAndReadAsTheirText() throws {
        let id = PageID("5d0d8a6e-0d5e-4e4f-8b0a-3f7c2e1d9b86")
        let json = try JSONEncoder().encode([id])
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"["5d0d8a6e-0d5e-4e4f-8b0a-3f7c2e1d9b86"]"#)
        let read = try JSONDecoder().decode([PageID].self, from: json)
        XCTAssertEqual(read, [id])
        XCTAssertEqual(read[0].hashValue, id.hashValue)
    }
}
