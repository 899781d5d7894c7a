import Foundation
import QuireGeometry
import QuireTestSupport
import QuireX11
import XCTest

/// Files dragged from a file manager onto a real `X11Window`: a test XDND source on its own
/// connection drives Enter, Position and Drop (or Leave), and serves the uri-list.
final class XDNDDropTests: X11WindowTestCase {
    private var source: XDNDSource!

    override func setUpWithError() throws {
        try super.setUpWithError()
        source = try XDNDSource(display: server.display)
        // Away from the root's origin, so a position left in root coordinates would be caught.
        driver.move(window: window.windowID, x: 100, y: 50)
    }

    override func tearDown() {
        source?.stop()
        source = nil
        super.tearDown()
    }

    /// Pumps the window (which must answer the source) until the source's report satisfies `condition`.
    private func pumpUntilSource(timeout: Double = 5, _ condition: (XDNDSource.Report) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(source.report) { return true }
            _ = window.waitForEvents(timeout: 0.02)
        }
        return condition(source.report)
    }

    private static let fileManagerTypes = ["x-special/gnome-icon-list", "text/plain", "UTF8_STRING", "text/uri-list"]

    func testTheWindowSaysItTakesDrops() throws {
        let aware = try XCTUnwrap(driver.cardinalProperty("XdndAware", of: window.windowID))
        XCTAssertEqual(aware, [5])
    }

    func testDroppedFilesArriveAsPathsWhereTheyWereDropped() throws {
        // As Nautilus offers it: more than three types (so the list is read from XdndTypeList),
        // CRLF lines, a comment, spaces and non-ASCII letters percent-encoded.
        let list = "# dragged from Files\r\nfile:///tmp/quire%20drop/photo%20one.png\r\n"
            + "file://localhost/tmp/%C3%9Cber/b.jpg\r\n\r\nhttps://example.com/c.png\r\n"
        source.drag(list, types: Self.fileManagerTypes, to: window.windowID, rootX: 300, rootY: 200)

        let (drop, seen) = waitForEvent { event -> ([String], Point)? in
            if case let .filesDropped(paths, at) = event { return (paths, at) }
            return nil
        }
        let (paths, position) = try XCTUnwrap(drop, "no drop arrived; saw \(seen)")
        XCTAssertEqual(paths, ["/tmp/quire drop/photo one.png", "/tmp/Über/b.jpg", "https://example.com/c.png"])
        XCTAssertEqual(position, Point(200, 150))

        XCTAssertTrue(pumpUntilSource { $0.finished }, "the window never sent XdndFinished: \(source.report)")
        let report = source.report
        XCTAssertTrue(report.accepted)
        XCTAssertEqual(report.action, "XdndActionCopy")
        XCTAssertEqual(report.requestedType, "text/uri-list")
        XCTAssertTrue(report.finishedSuccessfully)
    }

    func testADragThatLeavesDropsNothing() throws {
        source.drag("file:///tmp/a.png\r\n", to: window.windowID, rootX: 150, rootY: 100, drop: false)
        XCTAssertTrue(pumpUntilSource { $0.left }, "the drag never got a status: \(source.report)")
        XCTAssertTrue(source.report.accepted)
        // The close request is sent after the Leave reached the server, so the window sees it last:
        // everything the Leave could have caused is in the events before it.
        driver.requestClose(window: window.windowID)
        let (closed, seen) = waitForEvent { $0 == .closeRequested ? true : nil }
        XCTAssertEqual(closed, true, "the close request never arrived; saw \(seen)")
        XCTAssertFalse(seen.contains { if case .filesDropped = $0 { return true } else { return false } })
        XCTAssertEqual(source.report.requestedType, "", "the window asked for data of a drag that left")
    }

    func testADragWithoutAFileListIsRefused() throws {
        source.drag("just some text", types: ["text/plain", "UTF8_STRING"], to: window.windowID, rootX: 150, rootY: 100)
        XCTAssertTrue(pumpUntilSource { $0.left }, "the drag never got a status: \(source.report)")
        let report = source.report
        XCTAssertTrue(report.statusReceived)
        XCTAssertFalse(report.accepted)
        XCTAssertEqual(report.action, "")
    }
}
