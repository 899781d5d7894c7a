import Foundation
import QuireTestSupport
import QuireX11
import XCTest

/// Pastes into a real `X11Window` from a test clipboard owner on its own connection: the choice among
/// offered kinds, plain and INCR transfers, and the owners that must be given up on.
final class ClipboardPasteTests: X11WindowTestCase {
    private var owner: ClipboardOwner?

    override func tearDown() {
        owner?.stop()
        owner = nil
        super.tearDown()
    }

    /// Bytes that no transfer bug could reproduce by accident (not a run of one value, not periodic
    /// at the chunk size). The clipboard offer tests use them too.
    static func payload(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    private func paste(timeout: Double = 10, pollTimeout: Double = 0.05) -> ClipboardContent? {
        window.requestPaste()
        return waitForEvent(timeout: timeout, pollTimeout: pollTimeout) { event -> ClipboardContent? in
            if case let .pasted(content) = event { return content }
            return nil
        }.found
    }

    func testAPictureIsPastedWholeAndPNGIsPreferred() throws {
        let png = Self.payload(40_000, seed: 1)
        owner = try ClipboardOwner(display: server.display, offers: [
            ("text/uri-list", Array("file:///tmp/x.png\r\n".utf8)), ("image/jpeg", Self.payload(100, seed: 2)), ("image/png", png),
        ])
        XCTAssertEqual(paste(), .png(png))
        XCTAssertEqual(owner?.requestedTargets, ["TARGETS", "image/png"])
        XCTAssertEqual(owner?.incrementalTransfersCompleted, 0, "40 KB is under the chunk size: no INCR expected")
    }

    func testABigPictureComesIncrementally() throws {
        let jpeg = Self.payload(3_000_000, seed: 3)
        let owner = try ClipboardOwner(display: server.display, offers: [("text/plain", [65]), ("image/jpeg", jpeg)],
                                       chunkSize: 64 << 10)
        self.owner = owner
        let content = paste()
        // Compared by size and equality rather than XCTAssertEqual, which would print 3 MB on failure.
        guard case let .jpeg(bytes)? = content else { return XCTFail("expected a JPEG, got \(String(describing: content).prefix(200))") }
        XCTAssertEqual(bytes.count, jpeg.count)
        XCTAssertTrue(bytes == jpeg, "the JPEG arrived changed")
        // The owner counts the transfer once the window took the closing empty chunk.
        let deadline = Date().addingTimeInterval(5)
        while owner.incrementalTransfersCompleted < 1 && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(owner.incrementalTransfersCompleted, 1, "the 3 MB did not travel by INCR to its end")
    }

    func testAFileListIsPastedAsPaths() throws {
        owner = try ClipboardOwner(display: server.display, offers: [
            ("text/plain", Array("/tmp/a b.png".utf8)),
            ("text/uri-list", Array("file:///tmp/a%20b.png\r\nfile:///tmp/c.jpg\r\n".utf8)),
        ])
        XCTAssertEqual(paste(), .files(["/tmp/a b.png", "/tmp/c.jpg"]))
    }

    func testAnEmptyClipboardSaysSo() throws {
        XCTAssertEqual(paste(), .nothing(reason: "the clipboard is empty"))
    }

    func testTextIsPastedAsUTF8AfterPicturesOrFirstWhileTyping() throws {
        owner = try ClipboardOwner(display: server.display, offers: [("UTF8_STRING", Array("Grüße, 日本".utf8))])
        XCTAssertEqual(paste(), .text("Grüße, 日本"))
        owner?.stop()
        let png = Self.payload(500, seed: 7)
        owner = try ClipboardOwner(display: server.display, offers: [("image/png", png), ("UTF8_STRING", Array("caption".utf8))])
        XCTAssertEqual(paste(), .png(png), "a picture first")
        window.requestPaste(preferringText: true)
        let typed = waitForEvent(timeout: 10) { event -> ClipboardContent? in
            if case let .pasted(content) = event { return content }
            return nil
        }.found
        XCTAssertEqual(typed, .text("caption"), "while typing, the text first")
    }

    func testTextThatIsNotUTF8OrTooLongIsRefused() throws {
        owner = try ClipboardOwner(display: server.display, offers: [("UTF8_STRING", [0x68, 0xC3, 0x28])])
        guard case let .nothing(reason)? = paste() else { return XCTFail("expected a refusal") }
        XCTAssertTrue(reason.contains("not UTF-8"), reason)
        owner?.stop()
        owner = try ClipboardOwner(display: server.display, offers: [("UTF8_STRING", [65])], behaviour: .announceIncremental(size: 1 << 20))
        guard case let .nothing(tooBig)? = paste() else { return XCTFail("expected a refusal") }
        XCTAssertTrue(tooBig.contains("1 MiB") || tooBig.contains("1024 KiB") || tooBig.contains("MiB"), tooBig)
    }

    func testAnOwnerThatNeverAnswersIsGivenUpOn() throws {
        owner = try ClipboardOwner(display: server.display, offers: [("image/png", [1, 2, 3])], behaviour: .silent)
        let start = Date()
        // The window must wake itself when its patience runs out: each wait here would otherwise
        // block for 30 s, far past the deadline below.
        let content = paste(timeout: 8, pollTimeout: 30)
        let elapsed = Date().timeIntervalSince(start)
        guard case let .nothing(reason)? = content else { return XCTFail("expected a refusal, got \(String(describing: content))") }
        XCTAssertTrue(reason.contains("did not answer"), reason)
        XCTAssertLessThan(elapsed, 6.5, "the window gave up late")
    }

    /// An INCR transfer its owner ends before the bytes it announced (it quit, or failed) is refused
    /// rather than read as a whole picture; one whose owner falls silent half-way is given up on.
    func testAnIncrementalTransferCutShortIsRefused() throws {
        let jpeg = Self.payload(300_000, seed: 4)
        owner = try ClipboardOwner(display: server.display, offers: [("image/jpeg", jpeg)], chunkSize: 64 << 10,
                                   behaviour: .cutIncremental(after: 100_000, ending: true))
        guard case let .nothing(reason)? = paste() else { return XCTFail("expected a refusal") }
        XCTAssertTrue(reason.contains("after 100000 of the 300000 bytes"), reason)
        XCTAssertTrue(reason.contains("cut short"), reason)
        owner?.stop()

        owner = try ClipboardOwner(display: server.display, offers: [("image/jpeg", jpeg)], chunkSize: 64 << 10,
                                   behaviour: .cutIncremental(after: 100_000, ending: false))
        let start = Date()
        guard case let .nothing(silent)? = paste(timeout: 8, pollTimeout: 30) else { return XCTFail("expected a refusal") }
        XCTAssertTrue(silent.contains("did not answer"), silent)
        XCTAssertLessThan(Date().timeIntervalSince(start), 6.5, "the window gave up late")
    }

    func testAGigabyteIsRefusedBeforeItIsSent() throws {
        let owner = try ClipboardOwner(display: server.display, offers: [("image/png", [1, 2, 3])],
                                       behaviour: .announceIncremental(size: 1 << 30))
        self.owner = owner
        let content = paste()
        guard case let .nothing(reason)? = content else { return XCTFail("expected a refusal, got \(String(describing: content))") }
        XCTAssertTrue(reason.contains("1024 MiB") && reason.contains("256 MiB"), reason)
        XCTAssertEqual(owner.requestedTargets, ["TARGETS", "image/png"])
    }

    func testAPasteWhileOneIsPendingIsOne() throws {
        let png = Self.payload(1000, seed: 4)
        owner = try ClipboardOwner(display: server.display, offers: [("image/png", png)])
        window.requestPaste()
        window.requestPaste()
        var pastes: [ClipboardContent] = []
        // The owner's answers are all in once it has served the first paste; a second would follow it.
        _ = waitForEvent(timeout: 3) { event -> Bool? in
            if case let .pasted(content) = event { pastes.append(content) }
            return nil
        }
        XCTAssertEqual(pastes, [.png(png)])
    }
}
