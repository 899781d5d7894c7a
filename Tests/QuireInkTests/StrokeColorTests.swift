import Foundation
import XCTest
@testable import QuireInk

final class StrokeColorTests: XCTestCase {
    func testCMYKConvertsForDisplay() {
        XCTAssertEqual(CMYKColor(cyan: 0, magenta: 1, yellow: 1, black: 0).rgb, InkColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(CMYKColor(cyan: 0.5, magenta: 0, yellow: 0, black: 0.5, alpha: 0.8).rgb,
                       InkColor(red: 0.25, green: 0.5, blue: 0.5, alpha: 0.8))
        XCTAssertEqual(StrokeColor.cmyk(CMYKColor(cyan: 0, magenta: 0, yellow: 0, black: 1)).displayColor, .black)
        XCTAssertEqual(StrokeColor.cmyk(CMYKColor(cyan: 1, magenta: 0, yellow: 0, black: 0)).space, .cmyk)
    }

    func testCMYKRoundTripsThroughDisplay() {
        let orange = InkColor(red: 1, green: 0.5, blue: 0.25)
        let cmyk = CMYKColor(displaying: orange)
        XCTAssertEqual(cmyk.black, 0)
        XCTAssertEqual(cmyk.magenta, 0.5)
        XCTAssertEqual(cmyk.yellow, 0.75)
        XCTAssertEqual(cmyk.rgb, orange)
    }

    func testStrokeStyleRoundTripsThroughJSON() throws {
        var style = InkEngineRegistry.standard.style(for: .marker,
                                                     color: .cmyk(CMYKColor(cyan: 0.2, magenta: 0.4, yellow: 0, black: 0.1)))
        style.pressureCurve = .soft
        style.brush = .pencilGrain
        let data = try JSONEncoder().encode(style)
        XCTAssertEqual(try JSONDecoder().decode(StrokeStyle.self, from: data), style)
    }
}
