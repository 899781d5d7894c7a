import XCTest
@testable import QuireInk

final class RegistryTests: XCTestCase {
    func testBuiltInsAreRegistered() {
        let registry = InkEngineRegistry()
        XCTAssertEqual(registry.engineIDs, ["bitmap-cache", "douglas-peucker-catmull-rom", "quad-midpoint", "shemanarev"])
        XCTAssertEqual(registry.effectIDs, ["distance-width", "eraser", "highlighter", "pressure-width"])
    }

    func testTheToolPicksTheEngineAndTheStyleRemembersIt() {
        let registry = InkEngineRegistry()
        XCTAssertEqual(registry.style(for: .pen).engineID, "shemanarev")
        registry.setEngine(QuadMidpointEngine.identifier, for: .marker)
        let style = registry.style(for: .marker)
        XCTAssertEqual(style.engineID, "quad-midpoint")
        XCTAssertEqual(registry.makeEngine(for: style).identifier, "quad-midpoint")
        XCTAssertEqual(registry.style(for: .pen).engineID, "shemanarev")
    }

    func testAnUnknownEngineFallsBackToTheDefault() {
        var style = InkEngineRegistry.standard.style(for: .pen)
        style.engineID = "from-a-newer-build"
        style.effectIDs.append("also-unknown")
        let engine = InkEngineRegistry.standard.makeEngine(for: style)
        XCTAssertEqual(engine.identifier, ShemanarevEngine.identifier)
        XCTAssertEqual(engine.styling.effects.map(\.identifier), ["pressure-width"])
    }

    func testToolsDescribeTheirBlend() {
        let r = InkEngineRegistry.standard
        XCTAssertEqual(r.makeEngine(for: r.style(for: .pen)).renderStyle.blendMode, .normal)
        XCTAssertEqual(r.makeEngine(for: r.style(for: .marker)).renderStyle.blendMode, .normal)
        XCTAssertEqual(r.makeEngine(for: r.style(for: .highlighter)).renderStyle.blendMode, .highlight)
        XCTAssertEqual(r.makeEngine(for: r.style(for: .eraser)).renderStyle.blendMode, .erase)
        XCTAssertEqual(r.makeEngine(for: r.style(for: .marker)).renderStyle.brush.textureFile, "chisel.png")
    }
}
