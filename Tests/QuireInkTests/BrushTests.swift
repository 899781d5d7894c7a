import Foundation
import XCTest
@testable import QuireInk

final class BrushTests: XCTestCase {
    func testEveryBuiltInBrushHasItsTexture() {
        let brushes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/Brushes")
        for brush in Brush.builtIn {
            let data = FileManager.default.contents(atPath: brushes.appendingPathComponent(brush.textureFile).path)
            XCTAssertEqual(data?.prefix(8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), brush.textureFile)
        }
    }
}
