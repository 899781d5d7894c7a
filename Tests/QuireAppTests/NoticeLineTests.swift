@testable import QuireApp
import QuireRender
import QuireText
import XCTest

/// The notice line's timing and text, with the clock given: shown at once, held long enough to read,
/// faded, then gone; frames asked for only while it changes.
final class NoticeLineTests: XCTestCase {
    private func line() throws -> NoticeLine {
        do { return NoticeLine(text: try TextRasterizer()) } catch {
            throw XCTSkip("the interface font is missing (\(error)); Packaging/setup-debian.sh installs it")
        }
    }

    func testAMessageHoldsThenFadesAndFramesAreAskedOnlyWhileItChanges() throws {
        let notices = try line()
        XCTAssertFalse(notices.needsFrame(now: 0))
        notices.post("Saving failed")
        XCTAssertTrue(notices.takePosted(now: 10))
        XCTAssertEqual(notices.message, "Saving failed")
        XCTAssertTrue(notices.needsFrame(now: 10), "a new message is drawn at once")
        XCTAssertEqual(notices.overlay(windowWidth: 800, windowHeight: 600, now: 10).count, 2)
        XCTAssertFalse(notices.needsFrame(now: 11), "nothing to draw while it holds")
        XCTAssertEqual(try XCTUnwrap(notices.secondsUntilChange(now: 11)), NoticeLine.holdSeconds.lowerBound - 1, accuracy: 1e-9)
        let fading = 10 + NoticeLine.holdSeconds.lowerBound + NoticeLine.fadeSeconds / 2
        XCTAssertEqual(notices.opacity(now: fading), 0.5, accuracy: 1e-9)
        XCTAssertTrue(notices.needsFrame(now: fading))
        _ = notices.overlay(windowWidth: 800, windowHeight: 600, now: fading)
        let gone = 10 + NoticeLine.holdSeconds.lowerBound + NoticeLine.fadeSeconds + 0.01
        XCTAssertTrue(notices.needsFrame(now: gone), "one more frame takes it away")
        XCTAssertEqual(notices.overlay(windowWidth: 800, windowHeight: 600, now: gone).count, 0)
        XCTAssertNil(notices.message)
        XCTAssertFalse(notices.needsFrame(now: gone + 1))
    }

    /// A second message while the first is on screen at full opacity: the opacity does not change, the
    /// words do, and a frame must show them.
    func testAMessageReplacingOneOnScreenIsDrawn() throws {
        let notices = try line()
        notices.post("Could not save")
        _ = notices.takePosted(now: 10)
        _ = notices.overlay(windowWidth: 800, windowHeight: 600, now: 10)
        XCTAssertFalse(notices.needsFrame(now: 11))
        notices.post("Your changes are kept in Lecture.quire-recovery")
        XCTAssertTrue(notices.takePosted(now: 11))
        XCTAssertTrue(notices.needsFrame(now: 11), "the new words were never drawn")
        _ = notices.overlay(windowWidth: 800, windowHeight: 600, now: 11)
        XCTAssertFalse(notices.needsFrame(now: 11.5))
    }

    func testLongMessagesStayLongerAndAreCutToTheWindow() throws {
        let notices = try line()
        let long = String(repeating: "The notebook could not be saved. ", count: 12)
        notices.post(long)
        _ = notices.takePosted(now: 0)
        XCTAssertEqual(notices.opacity(now: NoticeLine.holdSeconds.upperBound - 0.1), 1, "a long message is held longer")
        let items = notices.overlay(windowWidth: 400, windowHeight: 300, now: 0)
        guard case let .text(line)? = items.last else { return XCTFail("no text: \(items)") }
        XCTAssertLessThanOrEqual(line.origin.x + Double(line.width), 400)
        XCTAssertGreaterThanOrEqual(line.origin.x, 0)
        XCTAssertGreaterThan(line.glyphs.count, 10)
        XCTAssertTrue(line.glyphs.allSatisfy { $0.x >= 0 && $0.x + $0.width <= line.width }, "glyphs outside the cut line")
    }

    func testOnlyTheProgramsOwnWarningsAndErrorsReachTheWindow() {
        XCTAssertEqual(NoticeLine.windowText(for: "quire: could not save (disk full)"), "Could not save (disk full)")
        XCTAssertNil(NoticeLine.windowText(for: "Quire is ready (OpenGL 4.5)"))
        XCTAssertEqual(NoticeLine.windowText(for: "quire: /home/a/notes/Physics.quire is open read-only (its folder is not writable)"),
                       "Physics.quire is open read-only (its folder is not writable)")
        XCTAssertEqual(NoticeLine.windowText(for: "quire: cannot read (/tmp/x/photo.png) and/or /srv/b.pdf; sorry"),
                       "Cannot read (photo.png) and/or b.pdf; sorry")
        XCTAssertNil(NoticeLine.windowText(for: "Input: Wacom Pen (id 9) is a pen"))
    }

    func testWithoutAFontNothingIsShownAndNothingAsksForFrames() {
        let notices = NoticeLine(text: nil)
        notices.post("quire: x")
        XCTAssertFalse(notices.takePosted(now: 0))
        XCTAssertFalse(notices.needsFrame(now: 0))
        XCTAssertEqual(notices.overlay(windowWidth: 800, windowHeight: 600, now: 0).count, 0)
    }
}
