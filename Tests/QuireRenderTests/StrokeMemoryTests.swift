import QuireGeometry
import QuireInk
@testable import QuireRender
import XCTest

/// A finished stroke's dabs are kept once, on the GPU: the renderer's own list holds none of them, and
/// the item is whole again (read back) whenever it is asked for.
final class StrokeMemoryTests: HeadlessGLTestCase {
    private let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)

    func testAFinishedStrokesDabsAreKeptOnlyOnTheGPU() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let dabs = (0..<500).map { Sprite(x: 20 + Float($0) * 0.3, y: 50 + Float($0 % 7), diameter: 3, color: .black) }
        renderer.beginLiveStroke(ink)
        renderer.appendToLiveStroke(dabs[..<200])
        renderer.appendToLiveStroke(dabs[200...])
        renderer.endLiveStroke()
        let loaded = SceneStroke(sprites: Array(dabs.reversed()), style: ink)
        renderer.append(loaded)

        for entry in renderer.entries {
            guard case let .stroke(kept) = entry.item else { return XCTFail("not a stroke") }
            XCTAssertTrue(kept.sprites.isEmpty, "a CPU copy of \(kept.sprites.count) dabs is kept")
        }
        XCTAssertEqual(renderer.items, [.stroke(SceneStroke(sprites: dabs, style: ink)), .stroke(loaded)])
        XCTAssertEqual(renderer.item(at: 0).bounds, SceneStroke.bounds(of: dabs))
        XCTAssertEqual(renderer.remove(at: 1), .stroke(loaded), "a removed stroke comes back whole")
    }
}
