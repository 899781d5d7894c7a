import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import XCTest
@testable import QuireApp

/// A scrap changed only in what it carries (a box on it typed into) is built with the strokes it
/// carries unchanged taken from its last build: the same render item as one built afresh, without
/// making their sprites again.
final class ScrapBuildMemoTests: XCTestCase {
    private func scrap(saying words: String, strokes: [PageItem]) -> Scrap {
        Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 400, height: 300)),
              transform: Homography(AffineTransform.rotation(0.2).concatenating(.translation(100, 80))),
              items: strokes + [PageItem(.text(TextItem(text: words, origin: Point(20, 40), fontSize: 16)))])
    }

    /// Where a stroke's sprites are stored: the same place when the build took it over.
    private func storage(_ item: RenderItem) -> [UnsafeRawPointer?] {
        guard case let .group(group) = item else { return [] }
        return group.children.compactMap { child in
            guard case let .stroke(stroke) = child else { return nil }
            return stroke.sprites.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
    }

    func testKeysTypedIntoAScrapsBoxBuildItAsAFreshBuildWouldKeepingItsStrokesSprites() throws {
        let strokes = (0..<12).map { k in
            PageItem(.stroke(Stroke(samples: (0..<30).map { InputSample(position: Point(20 + Double($0) * 8, 80 + Double(k) * 15), pressure: 0.5,
                                                                          time: Double($0) / 100) },
                                    style: .defaults(for: .pen))))
        }
        var builder = RenderItemBuilder()
        builder.scrapMemo = ScrapBuildMemo()
        let id = ItemID()
        var before = PageItem(id: id, .scrap(scrap(saying: "a", strokes: strokes)))
        var last = builder.renderItem(before)
        var firstStorage: [UnsafeRawPointer?] = []
        for (k, words) in ["ab", "abc", "abcd", "abc"].enumerated() {
            let after = PageItem(id: id, .scrap(scrap(saying: words, strokes: strokes)))
            let built = builder.renderItem(after, replacing: before)
            XCTAssertEqual(built, builder.renderItem(after), "key \(k): as a fresh build")
            XCTAssertNotEqual(built, last, "key \(k): the text changed")
            if k == 0 { firstStorage = storage(built) } else {
                XCTAssertEqual(storage(built), firstStorage, "key \(k): the strokes' sprites taken over, not made again")
            }
            XCTAssertEqual(storage(built).count, 12)
            (before, last) = (after, built)
        }
        // A stroke changed among them is built afresh; the others are kept.
        var changed = strokes
        changed[3] = PageItem(id: strokes[3].id, .stroke(Stroke(samples: [InputSample(position: Point(5, 5), pressure: 1, time: 0),
                                                                         InputSample(position: Point(50, 9), pressure: 1, time: 0.01)],
                                                                style: .defaults(for: .pen))))
        let after = PageItem(id: id, .scrap(scrap(saying: "abc", strokes: changed)))
        let built = builder.renderItem(after, replacing: before)
        XCTAssertEqual(built, builder.renderItem(after))
        let kept = storage(built)
        XCTAssertNotEqual(kept[3], firstStorage[3])
        XCTAssertEqual(kept.enumerated().filter { $0.offset != 3 }.map(\.element), firstStorage.enumerated().filter { $0.offset != 3 }.map(\.element))
        // The memo holds one scrap: another scrap's change takes its place.
        let otherID = ItemID()
        let other = PageItem(id: otherID, .scrap(scrap(saying: "x", strokes: [])))
        _ = builder.renderItem(PageItem(id: otherID, .scrap(scrap(saying: "xy", strokes: []))), replacing: other)
        XCTAssertNil(builder.scrapMemo?.built(as: after), "the first scrap's build let go")
        // Moved, it is built afresh (and the memo let go).
        var moved = scrap(saying: "abc", strokes: changed)
        moved.transform = Homography(.translation(5, 5))
        let movedItem = PageItem(id: id, .scrap(moved))
        XCTAssertEqual(builder.renderItem(movedItem, replacing: after), builder.renderItem(movedItem))
    }
}
