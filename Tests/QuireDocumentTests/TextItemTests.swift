import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// A text box's angle and wrap width: read from rows written before they existed, carried through the
/// select tool's maps, checked as items read from a notebook are, and hit where the turned box lies.
final class TextItemTests: XCTestCase {
    func testRowsWithoutAngleOrWrapWidthReadAsLevelAndUnwrapped() throws {
        // Older versions wrote these five keys alone (synthesised Codable); a level, unwrapped box still does.
        let written = try JSONEncoder().encode(TextItem(text: "hi", origin: Point(10, 20), fontFamily: "serif", fontSize: 18))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: written) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["text", "origin", "fontFamily", "fontSize", "color"])
        let item = try JSONDecoder().decode(TextItem.self, from: written)
        XCTAssertEqual(item.angle, 0)
        XCTAssertNil(item.wrapWidth)
        XCTAssertEqual(item.text, "hi")
        let turned = TextItem(text: "x", origin: Point(1, 2), angle: 0.5, wrapWidth: 120)
        XCTAssertEqual(try JSONDecoder().decode(TextItem.self, from: try JSONEncoder().encode(turned)), turned)
    }

    func testTurningAboutAPointTurnsTheBoxAndScalingScalesItsWrapWidth() throws {
        let item = PageItem(.text(TextItem(text: "words", origin: Point(100, 100), fontSize: 20, angle: 0.25, wrapWidth: 200)))
        // A quarter turn about (50, 50), then twice the size about the same point.
        let about = { (t: QuireGeometry.AffineTransform) in
            Homography(QuireGeometry.AffineTransform.translation(-50, -50).concatenating(t).concatenating(.translation(50, 50)))
        }
        guard case let .text(turned)? = item.transformed(by: about(.rotation(.pi / 2)))?.content else { return XCTFail() }
        XCTAssertEqual(turned.angle, 0.25 + .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(turned.origin.x, 0, accuracy: 1e-9)
        XCTAssertEqual(turned.origin.y, 100, accuracy: 1e-9)
        XCTAssertEqual(turned.wrapWidth, 200)
        guard case let .text(grown)? = item.transformed(by: about(.scale(2, 2)))?.content else { return XCTFail() }
        XCTAssertEqual(grown.fontSize, 40, accuracy: 1e-12)
        XCTAssertEqual(grown.wrapWidth ?? 0, 400, accuracy: 1e-9)
        XCTAssertEqual(grown.angle, 0.25, accuracy: 1e-12)
        // Turned there and back: exactly level again.
        let level = PageItem(.text(TextItem(text: "a", origin: Point(10, 10))))
        let there = try XCTUnwrap(level.transformed(by: about(.rotation(0.3))))
        guard case let .text(back)? = there.transformed(by: about(.rotation(-0.3)))?.content else { return XCTFail() }
        XCTAssertEqual(back.angle, 0)
        // Full turns come back into -π…π.
        guard case let .text(round)? = item.transformed(by: about(.rotation(4 * .pi)))?.content else { return XCTFail() }
        XCTAssertEqual(round.angle, 0.25, accuracy: 1e-9)
    }

    func testBadAnglesAndWrapWidthsAreProblems() {
        for angle in [Double.nan, .infinity, 1e9] {
            XCTAssertNotNil(PageItem.Content.text(TextItem(text: "a", origin: .zero, angle: angle)).problem, "\(angle)")
        }
        for width in [Double.nan, 0, -5, 1e12] {
            XCTAssertNotNil(PageItem.Content.text(TextItem(text: "a", origin: .zero, wrapWidth: width)).problem, "\(width)")
        }
        XCTAssertNil(PageItem.Content.text(TextItem(text: "a", origin: .zero, angle: -3, wrapWidth: 50)).problem)
    }

    func testATurnedBoxIsHitWhereItLiesAndItsBoundsCoverIt() {
        // "abcdefghij" at 20 px, turned to read downward from (300, 100).
        let item = PageItem(.text(TextItem(text: "abcdefghij", origin: Point(300, 100), fontSize: 20, angle: .pi / 2)))
        XCTAssertTrue(item.contains(Point(305, 180), tolerance: 0), "along its baseline, down the page")
        XCTAssertFalse(item.contains(Point(380, 95), tolerance: 0), "where it would lie level")
        XCTAssertGreaterThan(item.bounds.height, item.bounds.width)
        XCTAssertTrue(item.bounds.contains(Point(305, 180)))
        // A wrapped box's estimate is no wider than its width and an em, and taller for it.
        let wrapped = TextItem(text: String(repeating: "word ", count: 40), origin: .zero, fontSize: 10, wrapWidth: 100)
        XCTAssertLessThanOrEqual(wrapped.estimatedBox.width, 100 + 6)
        XCTAssertGreaterThan(wrapped.estimatedBox.height, 10 * 12)
    }
}
