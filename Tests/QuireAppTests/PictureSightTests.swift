import QuireDocument
import QuireGeometry
import XCTest
@testable import QuireApp

/// Which photo scraps the window shows any of: those it decodes sharp, the rest from thumbnails.
final class PictureSightTests: XCTestCase {
    private let view = Rect(x: 0, y: 0, width: 816, height: 1056)

    private func blob(_ n: Int) -> BlobID {
        BlobID(hex: String(repeating: String(format: "%02x", n % 256), count: 32))!
    }

    private func photo(_ n: Int, at centre: Point) -> PageItem {
        let reference = ImageReference(blob: blob(n), pixelWidth: 4000, pixelHeight: 3000)
        return PageItem(.scrap(Scrap.photo(reference, centredAt: centre, fitting: view, margin: 48)!))
    }

    /// `quire import` of 100 photos: five places, 24 px apart, twenty photos exactly on one another at each.
    private func importedPile() -> [PageItem] {
        (0..<100).map { i in photo(i, at: view.center + Point(Double(i % 5) * 24, Double(i % 5) * 24)) }
    }

    func testOfAPileOfOpaquePhotosOnlyTheTopFiveShow() {
        let pile = importedPile()
        let seen = PictureSight.seen(pile, in: view, isOpaque: { _ in true })
        XCTAssertEqual(seen, Set(pile.suffix(5).map(\.id)), "the four strips beside the top photo show too, and nothing under them")
    }

    func testPhotosNotKnownToBeOpaqueHideNothing() {
        let pile = importedPile()
        XCTAssertEqual(PictureSight.seen(pile, in: view, isOpaque: { _ in false }).count, 100)
        // Only the top photo known opaque: it hides what lies exactly under it, not the strips beside it.
        let top = pile[99]
        guard case let .scrap(scrap) = top.content else { return XCTFail() }
        let seen = PictureSight.seen(pile, in: view, isOpaque: { $0 == scrap.image?.reference.blob })
        XCTAssertFalse(seen.contains(pile[94].id), "exactly under the top photo")
        XCTAssertTrue(seen.contains(pile[93].id), "under a photo not known to be opaque")
    }

    func testAPhotoOutOfViewIsNotSeenAndOneHalfInIs() {
        let left = photo(1, at: Point(200, 300)), right = photo(2, at: Point(600, 800))
        let window = Rect(x: 0, y: 0, width: 300, height: 300)
        XCTAssertEqual(PictureSight.seen([left, right], in: window, isOpaque: { _ in true }), [left.id])
    }

    func testAStripNarrowerThanThePhotoAboveStillShows() {
        // A photo moved 30 px right of the one covering it: a 30 px strip of it shows.
        let under = photo(1, at: view.center + Point(30, 0)), over = photo(2, at: view.center)
        XCTAssertEqual(PictureSight.seen([under, over], in: view, isOpaque: { _ in true }), [under.id, over.id])
        let hidden = photo(3, at: view.center)
        XCTAssertEqual(PictureSight.seen([hidden, over], in: view, isOpaque: { _ in true }), [over.id])
    }

    func testAPhotoCutSmallShowsThroughTheHoleOfOneAbove() {
        // The top photo's outline with a hole (scissors): the photo under it shows through.
        let under = photo(1, at: view.center)
        guard case var .scrap(scrap) = photo(2, at: view.center).content else { return XCTFail() }
        let local = scrap.outline.bounds
        let hole = BezierPath(rect: Rect(x: local.center.x - 60, y: local.center.y - 60, width: 120, height: 120))
        scrap.outline = scrap.outline.appending(hole)
        let over = PageItem(.scrap(scrap))
        XCTAssertEqual(PictureSight.seen([under, over], in: view, isOpaque: { _ in true }), [under.id, over.id])
    }
}
