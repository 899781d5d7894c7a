import Foundation
import QuireTestSupport
import QuireX11
import XCTest

/// A real `X11Window` owning the CLIPBOARD, read by `xclip` as any other program reads it: TARGETS,
/// a small kind in one property, a big one by INCR, a kind that cannot be made refused, another owner
/// taking the clipboard away, and no clipboard manager to hand it to at closing.
final class ClipboardOfferTests: X11WindowTestCase {
    private var owner: ClipboardOwner?

    override func setUpWithError() throws {
        try super.setUpWithError()
        if Requirement.which("xclip") == nil { try Requirement.unmet("xclip (Packaging/setup-debian.sh installs it)") }
    }

    override func tearDown() {
        owner?.stop()
        owner = nil
        super.tearDown()
    }

    /// What `xclip` reads of `target`, the window answering it meanwhile.
    private func read(_ target: String) throws -> (status: Int32, bytes: [UInt8]) {
        try XClip.read(target, display: server.display) { _ = self.window.waitForEvents(timeout: 0.02) }
    }

    func testTargetsASmallKindAndABigOneByINCRReachAnotherProgram() throws {
        let small = ClipboardPasteTests.payload(2_000, seed: 1)
        let big = ClipboardPasteTests.payload(3_000_000, seed: 2)
        XCTAssertTrue(window.offerClipboard(ClipboardOffer([
            .init(type: "application/x-quire-items", bytes: { small }),
            .init(type: "image/png", bytes: { big }),
        ])))
        XCTAssertTrue(window.ownsClipboard)
        let targets = String(decoding: try read("TARGETS").bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(targets), ["TARGETS", "TIMESTAMP", "MULTIPLE", "application/x-quire-items", "image/png"])
        let quire = try read("application/x-quire-items")
        XCTAssertEqual(quire.status, 0)
        XCTAssertEqual(quire.bytes, small)
        let png = try read("image/png")
        XCTAssertEqual(png.status, 0)
        XCTAssertEqual(png.bytes.count, big.count)
        XCTAssertTrue(png.bytes == big, "the 3 MB arrived changed")
    }

    func testMultipleAsAClipboardManagerSendsItGivesEachTargetAndNoneForWhatItCannot() throws {
        let small = ClipboardPasteTests.payload(2_000, seed: 3)
        let big = ClipboardPasteTests.payload(1_500_000, seed: 4)
        XCTAssertTrue(window.offerClipboard(ClipboardOffer([
            .init(type: "application/x-quire-items", bytes: { small }),
            .init(type: "image/png", bytes: { big }),
            .init(type: "image/svg+xml", bytes: { nil }),
        ])))
        let requestor = try MultipleRequestor(display: server.display)
        defer { requestor.stop() }
        let answers = try XCTUnwrap(requestor.request(["application/x-quire-items", "image/gif", "image/png", "image/svg+xml", "TIMESTAMP"]) {
            _ = self.window.waitForEvents(timeout: 0.02)
        }, "MULTIPLE answered")
        XCTAssertEqual(answers["application/x-quire-items"], .some(small))
        XCTAssertEqual(answers["image/png"]??.count, big.count, "by INCR within MULTIPLE")
        XCTAssertTrue(answers["image/png"] == .some(big), "the 1.5 MB arrived changed")
        XCTAssertEqual(answers["image/gif"], .some(nil), "not offered: None in the reply")
        XCTAssertEqual(answers["image/svg+xml"], .some(nil), "could not be made: None")
        XCTAssertEqual(answers["TIMESTAMP"]??.count, 4)
        // More pairs than any manager asks for (the limit is 64): the request is refused whole.
        XCTAssertNil(requestor.request((0..<65).map { _ in "TIMESTAMP" }) {
            _ = self.window.waitForEvents(timeout: 0.02)
        })
        XCTAssertTrue(window.ownsClipboard)
    }

    func testAKindThatCannotBeMadeIsRefusedAndAnUnofferedOneToo() throws {
        XCTAssertTrue(window.offerClipboard(ClipboardOffer([.init(type: "image/png", bytes: { nil })])))
        XCTAssertNotEqual(try read("image/png").status, 0, "xclip is told the owner could not convert")
        XCTAssertNotEqual(try read("image/gif").status, 0)
        XCTAssertTrue(window.ownsClipboard, "a refused request leaves the offer in place")
    }

    func testAnotherOwnerTakesTheClipboardAway() throws {
        XCTAssertTrue(window.offerClipboard(ClipboardOffer([.init(type: "image/png", bytes: { [1, 2, 3] })])))
        owner = try ClipboardOwner(display: server.display, offers: [("text/plain", Array("theirs".utf8))])
        let deadline = Date().addingTimeInterval(10)
        while window.ownsClipboard && Date() < deadline { _ = window.waitForEvents(timeout: 0.05) }
        XCTAssertFalse(window.ownsClipboard, "SelectionClear ends Quire's offer")
    }

    func testWithoutAClipboardManagerTheHandOverEndsAtOnce() throws {
        XCTAssertTrue(window.offerClipboard(ClipboardOffer([.init(type: "image/png", bytes: { [1, 2, 3] })])))
        let start = Date()
        XCTAssertFalse(window.handClipboardToManager(timeout: 5))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "nothing to wait for")
    }
}
