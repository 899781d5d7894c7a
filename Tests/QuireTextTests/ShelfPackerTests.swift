import QuireText
import XCTest

final class ShelfPackerTests: XCTestCase {
    /// A fixed stream of glyph-like sizes (a linear congruential generator: the same every run).
    private func sizes(_ count: Int, seed: UInt64 = 7) -> [(Int, Int)] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let w = Int((state >> 33) % 30) + 1
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let h = Int((state >> 33) % 40) + 1
            return (w, h)
        }
    }

    private func overlaps(_ a: ShelfPacker.Slot, _ b: ShelfPacker.Slot, padding: Int) -> Bool {
        a.x < b.x + b.width + padding && b.x < a.x + a.width + padding
            && a.y < b.y + b.height + padding && b.y < a.y + a.height + padding
    }

    func testSlotsNeverOverlapAndStayInsideThePage() {
        var packer = ShelfPacker(width: 256, initialHeight: 32, maximumHeight: 512, padding: 1)
        var slots: [ShelfPacker.Slot] = []
        for (w, h) in sizes(400) {
            guard let slot = packer.place(width: w, height: h) else { continue }
            XCTAssertEqual(slot.width, w)
            XCTAssertEqual(slot.height, h)
            XCTAssertGreaterThanOrEqual(slot.x, 0)
            XCTAssertGreaterThanOrEqual(slot.y, 0)
            XCTAssertLessThanOrEqual(slot.x + slot.width + 1, packer.width)
            XCTAssertLessThanOrEqual(slot.y + slot.height + 1, packer.height)
            slots.append(slot)
        }
        XCTAssertGreaterThan(slots.count, 150, "a 256×512 page holds many glyph-sized rectangles")
        for i in slots.indices {
            for j in slots.indices where j > i {
                XCTAssertFalse(overlaps(slots[i], slots[j], padding: 1), "\(slots[i]) and \(slots[j]) touch")
            }
        }
        // Area used: shelves waste little on sizes like these.
        let area = slots.reduce(0) { $0 + ($1.width + 1) * ($1.height + 1) }
        XCTAssertGreaterThan(Double(area) / Double(packer.width * packer.height), 0.6)
    }

    func testThePageGrowsByDoublingUpToItsLimitThenRefuses() {
        var packer = ShelfPacker(width: 64, initialHeight: 16, maximumHeight: 64, padding: 1)
        XCTAssertEqual(packer.height, 16)
        XCTAssertNotNil(packer.place(width: 63, height: 15))
        XCTAssertEqual(packer.height, 16, "a rectangle that fits does not grow the page")
        XCTAssertNotNil(packer.place(width: 63, height: 15))
        XCTAssertEqual(packer.height, 32)
        XCTAssertNotNil(packer.place(width: 63, height: 20))
        XCTAssertEqual(packer.height, 64)
        XCTAssertNil(packer.place(width: 10, height: 20), "64 rows hold 16 + 16 + 21 padded rows, not 21 more")
        XCTAssertNotNil(packer.place(width: 10, height: 10), "but a short one still has a shelf")
        XCTAssertEqual(packer.height, 64)
    }

    func testRectanglesLargerThanThePageOrEmptyGetNoSlot() {
        var packer = ShelfPacker(width: 64, initialHeight: 16, maximumHeight: 64, padding: 1)
        XCTAssertNil(packer.place(width: 64, height: 5), "the padding must fit too")
        XCTAssertNil(packer.place(width: 5, height: 64))
        XCTAssertNil(packer.place(width: 0, height: 5))
        XCTAssertNil(packer.place(width: 5, height: -1))
        XCTAssertEqual(packer.place(width: 63, height: 63), ShelfPacker.Slot(x: 0, y: 0, width: 63, height: 63))
        XCTAssertEqual(packer.height, 64)
    }

    func testShortRectanglesDoNotHideOnTallShelves() {
        var packer = ShelfPacker(width: 128, initialHeight: 64, maximumHeight: 128, padding: 1)
        let tall = packer.place(width: 10, height: 40)
        let short = packer.place(width: 10, height: 8)
        let shorter = packer.place(width: 10, height: 7)
        XCTAssertEqual(tall?.y, 0)
        XCTAssertEqual(short?.y, 41, "a glyph a fifth of the shelf's height opens its own shelf")
        XCTAssertEqual(shorter?.y, 41, "and the next short one shares it")
        XCTAssertEqual(shorter?.x, 11)
    }
}
