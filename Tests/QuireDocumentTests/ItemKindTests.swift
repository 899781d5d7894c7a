import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// The kinds' names are the notebook file's `kind` column and the history's: they must never change.
final class ItemKindTests: XCTestCase {
    func testEveryKindKeepsTheNameNotebooksStoreItBy() {
        XCTAssertEqual(ItemKind.builtIn.map(\.rawValue), ["stroke", "scrap", "image", "pdf-page", "text"])
        XCTAssertEqual(ItemKind.builtIn.map(\.name), ["stroke", "scrap", "image", "PDF page", "text"])
    }

    func testEachItemIsOfItsKind() {
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))))
        XCTAssertEqual(scrap.itemKind, .scrap)
        XCTAssertEqual(scrap.kind, "scrap")
        XCTAssertEqual(PageItem(.stroke(Stroke(samples: [], style: .defaults(for: .pen)))).itemKind, .stroke)
    }
}
