import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// A page keeps every stroke's samples for as long as it is open: compactly (32 bytes a pen sample,
/// where an `InputSample` takes 88), and every field of every sample comes back bit for bit.
final class StrokeSamplesTests: XCTestCase {
    private let style = StrokeStyle.defaults(for: .pen)

    /// The bound INSTALL.md states: x, y, time and pressure, 8 bytes each, for a pen without tilt; 48
    /// with tilt. Kept as `[InputSample]`, the same strokes took 88 bytes a sample.
    func testAPenStrokeKeepsThirtyTwoBytesASample() {
        func penSample(_ i: Int) -> InputSample {
            let t = Double(i)
            let position = Point(100 + t * 0.37, 50 + sin(t / 6))
            let pressure: Double = 0.3 + Double(i % 50) / 100
            return InputSample(position: position, pressure: pressure, time: 7_123.001 + t / 1000, device: .pen, deviceID: 11)
        }
        let pen = (0..<200).map(penSample)
        XCTAssertEqual(Stroke(samples: pen, style: style).storedSamples.byteCount, 200 * 32)
        let tilted = pen.map { s in
            var s = s
            s.tiltX = 12.5
            s.tiltY = -3
            return s
        }
        XCTAssertEqual(StrokeSamples(tilted).byteCount, 200 * 48)
        let mouse = pen.map { InputSample(position: $0.position, time: $0.time) }
        XCTAssertEqual(StrokeSamples(mouse).byteCount, 200 * 24)
        XCTAssertLessThan(StrokeSamples(pen).byteCount, 200 * MemoryLayout<InputSample>.stride / 2)
    }

    /// Whatever mix of fields: pressure on some samples only, NaN pressure with its own payload, a tilt
    /// of -0, the wheel on some, two devices and two device ids, times that are not round numbers.
    func testEverySampleComesBackBitForBit() {
        let oddNaN = Double(bitPattern: 0x7FF8_0000_DEAD_BEEF)
        func mixed(_ i: Int) -> InputSample {
            let t = Double(i)
            let position = Point(t * 1e-7 + 0.1, -t * 3.3e5)
            let pressure: Double? = i % 3 == 0 ? nil : (i == 4 ? oddNaN : t / 37)
            let tiltX: Double = i == 5 ? -0.0 : Double(i % 4)
            let tiltY: Double = i % 2 == 0 ? -0.0 : 44.125
            let wheel: Double? = i % 5 == 0 ? t / 7 : nil
            let device: InputDeviceKind = i % 7 == 0 ? .eraser : .pen
            let deviceID = i % 2 == 0 ? 9 : Int.min
            return InputSample(position: position, pressure: pressure, tiltX: tiltX, tiltY: tiltY, wheel: wheel,
                               time: 86_400.000_001 * (t + 1), device: device, deviceID: deviceID)
        }
        let samples = (0..<37).map(mixed)
        let back = Stroke(samples: samples, style: style).samples
        XCTAssertEqual(back.count, samples.count)
        for (a, b) in zip(samples, back) {
            XCTAssertEqual(a.position.x.bitPattern, b.position.x.bitPattern)
            XCTAssertEqual(a.position.y.bitPattern, b.position.y.bitPattern)
            XCTAssertEqual(a.pressure?.bitPattern, b.pressure?.bitPattern)
            XCTAssertEqual(a.tiltX.bitPattern, b.tiltX.bitPattern)
            XCTAssertEqual(a.tiltY.bitPattern, b.tiltY.bitPattern)
            XCTAssertEqual(a.wheel?.bitPattern, b.wheel?.bitPattern)
            XCTAssertEqual(a.time.bitPattern, b.time.bitPattern)
            XCTAssertEqual(a.device, b.device)
            XCTAssertEqual(a.deviceID, b.deviceID)
        }
        // Read one at a time in place (how a stroke is saved), each is the same sample, and packed for
        // the file the bytes are those of the unpacked samples.
        let stored = StrokeSamples(samples)
        for i in samples.indices {
            XCTAssertEqual(stored[i].pressure?.bitPattern, back[i].pressure?.bitPattern)
            XCTAssertEqual(stored[i].tiltX.bitPattern, back[i].tiltX.bitPattern)
            XCTAssertEqual(stored[i].wheel?.bitPattern, back[i].wheel?.bitPattern)
            XCTAssertEqual(stored[i].time.bitPattern, back[i].time.bitPattern)
            XCTAssertEqual(stored[i].device, back[i].device)
            XCTAssertEqual(stored[i].deviceID, back[i].deviceID)
        }
        XCTAssertEqual(stored.count, samples.count)
        XCTAssertEqual(PackedSamples.encode(stored), PackedSamples.encode(samples))
        // The same when every sample shares a field: one device, pressure on all, no tilt.
        let uniform = samples.map { InputSample(position: $0.position, pressure: 0.25, time: $0.time, device: .touch, deviceID: 3) }
        XCTAssertEqual(StrokeSamples(uniform).samples, uniform)
        XCTAssertEqual(StrokeSamples([]).samples, [])
        XCTAssertEqual(Stroke(samples: [], style: style).bounds, .null)
    }

    /// Set back after a change, read for bounds, compared, encoded: a stroke acts as the samples it holds.
    func testAStrokeActsAsItsSamples() throws {
        let samples = (0..<10).map { InputSample(position: Point(Double($0) * 10, 5), pressure: 0.5, time: Double($0), device: .pen) }
        var stroke = Stroke(samples: samples, style: style)
        XCTAssertEqual(stroke.bounds, Rect(x: 0, y: 5, width: 90, height: 0).outsetBy(style.maximumWidth / 2))
        stroke.samples[3].position = Point(-20, 40)
        XCTAssertEqual(stroke.samples[3].position, Point(-20, 40))
        XCTAssertEqual(stroke.storedSamples.positions, stroke.samples.map(\.position))
        XCTAssertEqual(stroke.bounds, Rect(x: -20, y: 5, width: 110, height: 35).outsetBy(style.maximumWidth / 2))
        XCTAssertNotEqual(stroke, Stroke(samples: samples, style: style))
        XCTAssertEqual(stroke, Stroke(samples: stroke.samples, style: style))
        let json = try JSONEncoder().encode(stroke)
        XCTAssertEqual(try JSONDecoder().decode(Stroke.self, from: json), stroke)
        let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any]).keys.sorted()
        XCTAssertEqual(keys, ["samples", "style"], "the same JSON as before the samples were kept compactly")
    }
}
