@testable import QuireApp
import Foundation
import QuireImageIO
import QuireRender
import QuireTestSupport
import XCTest

/// `quire replay LOG --export-png OUT` on a hostile log: a thousand pen-downs and never a pen-up.
final class InputReplayTests: XCTestCase {
    func testAThousandPenDownsWithoutAPenUpReplayAsAThousandStrokesAndASummaryThatStaysShort() throws {
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        let folder = NSTemporaryDirectory() + "quire-replay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines = [#"{"format":"quire-input/1"}"#]
        for i in 0..<1000 {
            let x = 50 + Double(i * 7 % 700), y = 50 + Double(i * 13 % 900), t = Double(i) / 50
            lines.append(#"{"event":{"pointerDown":{"_0":{"position":{"x":\#(x),"y":\#(y)},"pressure":0.5,"time":\#(t),"device":"pen"},"button":1}}}"#)
            lines.append(#"{"event":{"pointerMoved":{"_0":{"position":{"x":\#(x + 5),"y":\#(y + 3)},"pressure":0.6,"time":\#(t + 0.01),"device":"pen"}}}}"#)
        }
        let log = folder + "/downs.jsonl", output = folder + "/page.png"
        try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
        var said: [String] = []
        try InputReplay.exportPage(log: log, to: output) { said.append($0) }
        XCTAssertEqual(said.count, 1)
        let summary = said[0]
        // Each new pen-down finishes the stroke before it (kept), and the last is finished at the end.
        XCTAssertTrue(summary.contains("Replayed 2000 events"), summary)
        XCTAssertTrue(summary.contains("1000 strokes (samples: 2, 2,"), summary)
        XCTAssertTrue(summary.contains(", … 980 more)"), summary)
        XCTAssertLessThan(summary.count, 400, "the summary lists a few strokes, not a thousand")
        XCTAssertGreaterThan(try PNG.read(from: output).inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), 1000)
    }
}
