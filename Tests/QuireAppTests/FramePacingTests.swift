import Foundation
import QuireTestSupport
import XCTest

/// A pen at 1 kHz into the real window on Xorg (inputtest, llvmpipe, where no swap interval paces
/// anything): Quire draws at most one frame per display refresh, every event before a frame drawn in
/// it, and nothing at all once the pen stops. Frames are counted by QUIRE_FRAME_STATS=1.
final class FramePacingTests: XCTestCase {
    private func framesDrawn(_ quire: QuireProcess) -> Int {
        let lines = quire.text.split(separator: "\n").filter { $0.hasPrefix("Frames: ") }
        return lines.last.flatMap { Int($0.dropFirst("Frames: ".count).prefix(while: \.isNumber)) } ?? 0
    }

    /// Waits until the frame count has stood still for `quiet` seconds; returns it.
    private func settledFrames(_ quire: QuireProcess, quiet: TimeInterval = 0.8) -> Int {
        var count = framesDrawn(quire), since = Date()
        _ = eventually(timeout: 15) {
            let now = framesDrawn(quire)
            if now != count { count = now; since = Date() }
            return Date().timeIntervalSince(since) >= quiet
        }
        return count
    }

    func testAOneKilohertzPenDrawsAtMostOneFramePerRefresh() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        let folder = NSTemporaryDirectory() + "quire-pacing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try XorgServer(devices: [.pen(), .keyboard()])
        defer { server.stop() }
        let driver = try XDisplayDriver(display: server.display)
        let quire = try QuireProcess(arguments: ["--library", folder], display: server.display,
                                     environment: ["QUIRE_FRAME_STATS": "1"])
        defer { quire.terminate() }
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertNotNil(driver.firstFrame(), quire.text)
        // The display's rate as Quire read it (the dummy screen's mode line: 60 Hz).
        let ready = quire.text.split(separator: "\n").first { $0.contains("Quire is ready") } ?? ""
        let rate = try XCTUnwrap(ready.range(of: #"\d+ Hz display"#, options: .regularExpression)
            .flatMap { Double(ready[$0].prefix(while: \.isNumber)) }, String(ready))
        XCTAssertEqual(rate, 60, accuracy: 1, "the dummy screen's mode is 60 Hz: \(ready)")
        let pen = try server.connect(EmulatedDevice.penName)
        func units(_ x: Double, _ y: Double) -> (Double, Double) {
            (InputTestDevice.units(fromPixel: x, extent: server.width), InputTestDevice.units(fromPixel: y, extent: server.height))
        }
        let before = settledFrames(quire)

        // One second of pen at 1 kHz, one stroke.
        let (x0, y0) = units(200, 300)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: 500)
        let start = Date()
        for i in 1...1000 {
            let (x, y) = units(200 + Double(i) * 0.5, 300 + 30 * sin(Double(i) / 50))
            try pen.motion(x: x, y: y, pressure: 300 + Double(i % 400))
            let ahead = start.addingTimeInterval(Double(i) / 1000).timeIntervalSinceNow
            if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
        }
        try pen.sync()
        let streamed = Date().timeIntervalSince(start)
        let during = settledFrames(quire) - before
        // A frame begins at least 0.95 of a refresh after the last (late wake-ups on a busy machine
        // only mean fewer), plus the frames that catch up after the last event: far below the
        // hundreds an unpaced loop draws for a thousand events.
        let most = Int(streamed * rate / 0.95) + 3
        print("frame pacing: 1,000 samples in \(String(format: "%.2f", streamed)) s drew \(during) frames (at most \(most))")
        XCTAssertGreaterThan(during, 0, quire.text)
        XCTAssertLessThanOrEqual(during, most, "frames not paced to the display")

        // Many events well inside one refresh: one frame for them all (two when the first of them
        // woke an idle loop, which draws at once rather than waiting for a slot).
        let idle = settledFrames(quire)
        for i in 1...200 {
            let (x, y) = units(700 - Double(i) * 0.2, 400)
            try pen.motion(x: x, y: y, pressure: 500)
        }
        try pen.sync()
        let burst = settledFrames(quire) - idle
        XCTAssertGreaterThan(burst, 0, "the burst is drawn")
        XCTAssertLessThanOrEqual(burst, 2, "200 events at once drew \(burst) frames")

        // An idle window draws nothing.
        let still = framesDrawn(quire)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(framesDrawn(quire), still, "frames drawn with nothing to show")
        try pen.button(1, down: false, x: x0, y: y0, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
    }
}
