import Foundation
import QuireImageIO
import QuireTestSupport
import XCTest

/// `--show-latency` on a real window (Xvfb, llvmpipe, strokes through XTEST): after a stroke the
/// latency line appears at the bottom right, and QUIRE_LATENCY_STATS=1 prints p50 and p99 that are
/// plausible latencies for a local server.
final class LatencyWindowTests: XvfbWindowTestCase {
    private var library = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-latency-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        super.tearDown()
    }

    private typealias Window = (id: UInt, x: Int, y: Int, width: Int, height: Int)

    /// The window's bottom-right corner, where the line is drawn.
    private func corner(of window: Window) -> RGBAImage? {
        driver.screenshot(x: window.x + window.width - 460, y: window.y + window.height - 44, width: 460, height: 44)
    }

    /// Pixels that differ between two shots of the corner, and the dark ones in the second (the band is a
    /// translucent near-black: darker than 100 over the grey desk or the white paper).
    private func changes(from before: RGBAImage, to after: RGBAImage) -> (changed: Int, dark: Int) {
        var changed = 0, dark = 0
        for y in 0..<after.height {
            for x in 0..<after.width {
                let a = before[x, y], b = after[x, y]
                if abs(a.luma - b.luma) > 30 { changed += 1 }
                if b.luma < 100 { dark += 1 }
            }
        }
        return (changed, dark)
    }

    /// The numbers of the last "Latency: N input frames; total p50 A ms p99 B ms; app p50 C ms p99 D ms; …" line.
    private func lastStatistics(_ text: String) -> (frames: Int, total: (Double, Double), app: (Double, Double))? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("Latency: ") && $0.contains("input frames") })
        else { return nil }
        let numbers = line.split(whereSeparator: { " ;".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 7 else { return nil }
        return (Int(numbers[0]), (numbers[1], numbers[2]), (numbers[3], numbers[4]))
    }

    func testAStrokeShowsTheLatencyLineAndSaneStatistics() throws {
        let quire = try launchQuire(["--library", library, "--size", "800x600", "--show-latency"],
                                    environment: ["QUIRE_LATENCY_STATS": "1"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertTrue(quire.text.contains("Latency: the X server stamps input with this machine's monotonic clock"),
                      "Xvfb stamps events with CLOCK_MONOTONIC: \(quire.text)")
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        let before = try XCTUnwrap(corner(of: window))
        XCTAssertLessThan(changes(from: before, to: before).dark, 50, "a latency line before any input")

        // A stroke across the upper middle, well away from the corner.
        let points = (0...120).map { (window.x + 150 + $0 * 3, window.y + 200 + Int(30 * sin(Double($0) / 10))) }
        driver.drag(through: points)

        var statistics: (frames: Int, total: (Double, Double), app: (Double, Double))?
        XCTAssertTrue(eventually(timeout: 10) {
            statistics = lastStatistics(quire.text)
            return statistics != nil
        }, "no latency statistics printed: \(quire.text)")
        let measured = try XCTUnwrap(statistics)
        XCTAssertGreaterThan(measured.frames, 0)
        for (name, (p50, p99)) in [("total", measured.total), ("app", measured.app)] {
            XCTAssertGreaterThan(p50, 0, "\(name) p50")
            XCTAssertLessThanOrEqual(p50, p99, "\(name) p50 ≤ p99")
            XCTAssertLessThan(p99, 1000, "\(name) p99 of a local server")
        }
        XCTAssertLessThanOrEqual(measured.app.0, measured.total.0, "Quire's own part is part of the whole")
        // The phases of the same frames follow the line: the slowest frames' parts add up to their
        // latency, and no frame spent more CPU time than the time it took.
        let tail = try XCTUnwrap(quire.text.split(separator: "\n").last { $0.hasPrefix("Latency tail: ") }, quire.text)
        XCTAssertTrue(tail.contains(" of \(measured.frames) frames over 4 ms; slowest 1 %: "), String(tail))
        let slowest = tail.components(separatedBy: "slowest 1 %: ").last?.components(separatedBy: " | ") ?? []
        XCTAssertFalse(slowest.isEmpty, String(tail))
        for frame in slowest {
            let numbers = frame.split(whereSeparator: { " =+;,".contains($0) }).compactMap { Double($0) }
            guard numbers.count >= 8 else { return XCTFail("a frame without its phases: \(frame)") }
            XCTAssertEqual(numbers[1...5].reduce(0, +), numbers[0], accuracy: 0.3, "the phases add up: \(frame)")
            XCTAssertLessThanOrEqual(numbers[6], numbers[0] + 0.2, "CPU time within the frame's time: \(frame)")
        }

        // The line: a dark band with light letters, where the corner was plain.
        var seen = (changed: 0, dark: 0)
        XCTAssertTrue(eventually(timeout: 10) {
            guard let after = corner(of: window) else { return false }
            seen = changes(from: before, to: after)
            return seen.changed > 1500 && seen.dark > 1500
        }, "no latency line at the bottom right (changed \(seen.changed), dark \(seen.dark))")
    }

    func testWithoutTheOptionTheCornerStaysAsItWas() throws {
        let quire = try launchQuire(["--library", library, "--size", "800x600"], environment: ["QUIRE_LATENCY_STATS": "1"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        let before = try XCTUnwrap(corner(of: window))
        driver.drag(through: (0...120).map { (window.x + 150 + $0 * 3, window.y + 200) })
        XCTAssertTrue(eventually(timeout: 10) { lastStatistics(quire.text) != nil }, "measured without being shown: \(quire.text)")
        let after = try XCTUnwrap(corner(of: window))
        XCTAssertEqual(changes(from: before, to: after).changed, 0, "the corner changed without --show-latency")
    }
}
