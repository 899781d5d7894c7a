import QuireGeometry
import XCTest
@testable import QuireInk

final class EffectsTests: XCTestCase {
    private func styling(_ style: StrokeStyle, _ effects: [any InkEffectsEngine]) -> InkStyling {
        InkStyling(style: style, effects: effects)
    }

    private var penStyle: StrokeStyle {
        var s = StrokeStyle.defaults(for: .pen)
        s.minimumWidth = 2
        s.maximumWidth = 10
        s.minimumOpacity = 0.5
        s.maximumOpacity = 1
        return s
    }

    func testPressureThroughTheCurveSetsWidthAndOpacity() {
        var s = styling(penStyle, [PressureWidthEffect()])
        let half = s.dab(for: penSample(0, 0, pressure: 0.5))
        XCTAssertEqual(half.diameter, 6, accuracy: 1e-12)
        XCTAssertEqual(half.color.alpha, 0.75, accuracy: 1e-6)
        var soft = penStyle
        soft.pressureCurve = .soft
        var t = styling(soft, [PressureWidthEffect()])
        XCTAssertEqual(t.dab(for: penSample(0, 0, pressure: 0.3125)).diameter, 2 + 8 * 0.6875, accuracy: 1e-9)
    }

    func testAMouseThinsWithSpeed() {
        var s = styling(penStyle, [PressureWidthEffect(speedForMinimumWidth: 2000, speedSmoothing: 0.35)])
        let first = s.dab(for: InputSample(position: Point(0, 0), time: 0))
        XCTAssertEqual(first.diameter, 10)  // at rest: widest
        // 10 px in 10 ms = 1000 px/s; the running average moves 35 % of the way: 350 px/s.
        let second = s.dab(for: InputSample(position: Point(10, 0), time: 0.01))
        XCTAssertEqual(second.diameter, 2 + 8 * (1 - 350.0 / 2000), accuracy: 1e-12)
        s.resetEffects()
        XCTAssertEqual(s.dab(for: InputSample(position: Point(50, 0), time: 1)).diameter, 10)
    }

    func testTiltWidensAChisel() {
        var style = penStyle
        style.brush = .chisel  // tiltWidening 1
        var s = styling(style, [PressureWidthEffect()])
        var sample = penSample(0, 0, pressure: 1)
        sample.tiltX = 30
        XCTAssertEqual(s.dab(for: sample).diameter, 10 * 1.5, accuracy: 1e-12)
        var round = styling(penStyle, [PressureWidthEffect()])
        XCTAssertEqual(round.dab(for: sample).diameter, 10)
    }

    func testDistanceWidthThinsWithSampleSpacing() {
        var s = styling(penStyle, [DistanceWidthEffect(distanceForMinimumWidth: 12, smoothing: 0.5)])
        XCTAssertEqual(s.dab(for: penSample(0, 0)).diameter, 10)
        // 6 px apart: target 10 − 8 × ½ = 6; averaged with 10 → 8.
        XCTAssertEqual(s.dab(for: penSample(6, 0)).diameter, 8, accuracy: 1e-12)
    }

    func testHighlighterDrawsAnOpaqueLayerCompositedAtItsOpacity() {
        var s = styling(StrokeStyle.defaults(for: .highlighter, color: .rgb(InkColor(red: 1, green: 1, blue: 0))),
                        [HighlighterEffect()])
        XCTAssertEqual(s.blendMode, .highlight)
        XCTAssertEqual(s.renderStyle.layerOpacity, 0.35, accuracy: 1e-6)
        let d = s.dab(for: penSample(0, 0, pressure: 0.1))
        XCTAssertEqual(d.color.alpha, 1)
        XCTAssertEqual(d.diameter, 16)
    }

    func testEraserErases() {
        var s = styling(StrokeStyle.defaults(for: .eraser, color: .rgb(InkColor(red: 1, green: 0, blue: 0))),
                        [PressureWidthEffect(), EraserEffect()])
        XCTAssertEqual(s.renderStyle.blendMode, .erase)
        let d = s.dab(for: penSample(0, 0, pressure: 1))
        XCTAssertEqual(d.color, InkColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(d.diameter, 24)
    }
}
