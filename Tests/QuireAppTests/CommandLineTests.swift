import Foundation
import QuireTestSupport
import XCTest

/// `quire` started with bad input says what is wrong and what to do, and exits non-zero.
final class CommandLineTests: XCTestCase {
    func testAnUnreachableDisplayIsAClearError() throws {
        let quire = try QuireProcess(arguments: [], display: ":9876")
        XCTAssertTrue(quire.waitForExit(timeout: 20))
        XCTAssertNotEqual(quire.exitStatus, 0)
        XCTAssertTrue(quire.text.contains("cannot open X display \":9876\""), quire.text)
    }

    func testNoDisplayAtAllIsAClearError() throws {
        let quire = try QuireProcess(arguments: [], display: "")
        XCTAssertTrue(quire.waitForExit(timeout: 20))
        XCTAssertNotEqual(quire.exitStatus, 0)
        XCTAssertTrue(quire.text.contains("DISPLAY is not set"), quire.text)
    }

    func testABadWindowSizeIsRefused() throws {
        let quire = try QuireProcess(arguments: ["--size", "10x10"], display: ":9876")
        XCTAssertTrue(quire.waitForExit(timeout: 20))
        XCTAssertNotEqual(quire.exitStatus, 0)
        XCTAssertTrue(quire.text.contains("--size wants WIDTHxHEIGHT"), quire.text)
    }

    func testAnInterfaceScaleOutsideHalfToFourIsRefused() throws {
        for bad in ["9", "0", "nan", "-1"] {
            let quire = try QuireProcess(arguments: ["--ui-scale=\(bad)"], display: ":9876")
            XCTAssertTrue(quire.waitForExit(timeout: 20))
            XCTAssertEqual(quire.exitStatus, 64, quire.text)
            XCTAssertTrue(quire.text.contains("--ui-scale wants a number from 0.5 to 4"), quire.text)
        }
    }

    func testHelpDescribesTheShortcuts() throws {
        let quire = try QuireProcess(arguments: ["--help"], display: "")
        XCTAssertTrue(quire.waitForExit(timeout: 20))
        XCTAssertEqual(quire.exitStatus, 0)
        XCTAssertTrue(quire.text.contains("Ctrl+E"), quire.text)
    }
}
