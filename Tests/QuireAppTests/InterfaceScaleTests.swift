import QuireApp
import XCTest

final class InterfaceScaleTests: XCTestCase {
    func testTheOptionWinsThenTheDesktopsDPIThenOne() {
        XCTAssertEqual(InterfaceScale.resolve(option: 1.5, resourceDPI: 192).scale, 1.5)
        XCTAssertEqual(InterfaceScale.resolve(option: nil, resourceDPI: 192).scale, 2)
        XCTAssertEqual(InterfaceScale.resolve(option: nil, resourceDPI: nil).scale, 1)
    }

    func testAnUnusableDesktopSettingIsIgnoredWithAWarning() {
        for dpi in [0, -96, 9600, .nan, .infinity] {
            let (scale, warning) = InterfaceScale.resolve(option: nil, resourceDPI: dpi)
            XCTAssertEqual(scale, 1, "\(dpi)")
            XCTAssertTrue(warning?.contains("--ui-scale") ?? false, "\(dpi): \(String(describing: warning))")
        }
    }

    func testXftDPIIsReadFromTheResourceText() {
        XCTAssertEqual(InterfaceScale.dpi(inResources: "Xcursor.size:\t24\nXft.dpi:\t144\nXft.hinting:\t1\n"), 144)
        XCTAssertNil(InterfaceScale.dpi(inResources: "Xcursor.size:\t24\n"))
        XCTAssertNil(InterfaceScale.dpi(inResources: "Xft.dpi:\tlots\n"))
        XCTAssertNil(InterfaceScale.dpi(inResources: ""))
    }
}
