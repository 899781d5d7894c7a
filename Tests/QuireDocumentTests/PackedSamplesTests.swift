import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

final class PackedSamplesTests: XCTestCase {
    /// Pins format version 1 byte for byte: every notebook written before version 2 holds these, and
    /// they must read back as they always did.
    func testTheExactBytesOfAVersion1PenStrokeStillDecode() throws {
        let samples = [
            InputSample(position: Point(1.5, 2), pressure: 0.5, tiltX: 10, tiltY: -20, time: 100, device: .pen),
            InputSample(position: Point(-3, 4.25), pressure: nil, tiltX: 0, tiltY: 0, time: 100.5, device: .pen),
        ]
        let bytes: [UInt8] = [
            1, 0b011, 1, 0,                       // version 1; pressure + tilt; pen; reserved
            2, 0, 0, 0,                           // 2 samples
            0, 0, 0, 0, 0, 0, 0x59, 0x40,         // first time 100.0 as Float64
            0, 0, 0xC0, 0x3F, 0, 0, 0, 0x40,      // x 1.5, y 2
            0, 0, 0, 0x3F,                        // pressure 0.5
            0, 0, 0x20, 0x41, 0, 0, 0xA0, 0xC1,   // tilt 10, -20
            0, 0, 0, 0,                           // dt 0
            0, 0, 0x40, 0xC0, 0, 0, 0x88, 0x40,   // x -3, y 4.25
            0, 0, 0xC0, 0x7F,                     // no pressure: NaN
            0, 0, 0, 0, 0, 0, 0, 0,               // tilt 0, 0
            0, 0, 0, 0x3F,                        // dt 0.5
        ]
        XCTAssertEqual(try PackedSamples.decode(bytes), samples)
        // Version 2 writes the same stroke the same way but for its version byte.
        XCTAssertEqual(PackedSamples.encode(samples), [2] + bytes.dropFirst())
    }

    /// Pins format version 2 byte for byte, wheel and all: a change here breaks every notebook on disk.
    func testTheExactBytesOfAnAirbrushStrokeWithItsWheel() throws {
        let samples = [
            InputSample(position: Point(1.5, 2), pressure: 0.5, tiltX: 10, tiltY: -20, wheel: 0.25, time: 100, device: .pen),
            InputSample(position: Point(-3, 4.25), pressure: 1, tiltX: 0, tiltY: 0, wheel: nil, time: 100.5, device: .eraser),
        ]
        let bytes = PackedSamples.encode(samples)
        XCTAssertEqual(bytes, [
            2, 0b1111, 1, 0,                      // version 2; pressure + tilt + device per sample + wheel; pen; reserved
            2, 0, 0, 0,                           // 2 samples
            0, 0, 0, 0, 0, 0, 0x59, 0x40,         // first time 100.0 as Float64
            0, 0, 0xC0, 0x3F, 0, 0, 0, 0x40,      // x 1.5, y 2
            0, 0, 0, 0x3F,                        // pressure 0.5
            0, 0, 0x20, 0x41, 0, 0, 0xA0, 0xC1,   // tilt 10, -20
            0, 0, 0x80, 0x3E,                     // wheel 0.25
            0, 0, 0, 0,                           // dt 0
            1,                                    // pen
            0, 0, 0x40, 0xC0, 0, 0, 0x88, 0x40,   // x -3, y 4.25
            0, 0, 0x80, 0x3F,                     // pressure 1
            0, 0, 0, 0, 0, 0, 0, 0,               // tilt 0, 0
            0, 0, 0xC0, 0x7F,                     // no wheel: NaN
            0, 0, 0, 0x3F,                        // dt 0.5
            2,                                    // eraser
        ])
        XCTAssertEqual(try PackedSamples.decode(bytes), samples)
        XCTAssertEqual(try PackedSamples.decode(bytes).map(\.wheel), [0.25, nil])
    }

    func testHugeCountsNaNsAndUnknownFlagsAreRefusedBeforeAnythingIsAllocated() {
        let good = PackedSamples.encode([InputSample(position: Point(1, 2), time: 0)])
        var huge = good
        huge[4...7] = [0xFF, 0xFF, 0xFF, 0xFF]
        XCTAssertThrowsError(try PackedSamples.decode(huge)) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .tooManySamples(Int(UInt32.max)))
        }
        var many = good
        many[4...7] = [0, 0, 0, 1]   // 16 Mi samples: allowed, but 28 bytes cannot hold them
        XCTAssertThrowsError(try PackedSamples.decode(many)) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .lengthMismatch(expected: 16 + (1 << 24) * 12, actual: 28))
        }
        var nanX = good
        nanX[16...19] = [0, 0, 0xC0, 0x7F]
        XCTAssertThrowsError(try PackedSamples.decode(nanX)) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .notFinite(sample: 0))
        }
        var nanTime = good
        nanTime[8...15] = [0, 0, 0, 0, 0, 0, 0xF8, 0x7F]
        XCTAssertThrowsError(try PackedSamples.decode(nanTime))
        var unknownFlag = good
        unknownFlag[1] = 0x10
        XCTAssertThrowsError(try PackedSamples.decode(unknownFlag)) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .unknownFlags(0x10))
        }
        var wheelInVersion1 = good
        wheelInVersion1[0] = 1
        wheelInVersion1[1] = 8
        XCTAssertThrowsError(try PackedSamples.decode(wheelInVersion1)) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .unknownFlags(8))
        }
    }

    func testAMouseStrokeCostsTwelveBytesASampleAndRoundTrips() throws {
        let samples = (0..<50).map { InputSample(position: Point(Double($0) * 1.25, 300 - Double($0)), time: 7 + Double($0) / 128) }
        let bytes = PackedSamples.encode(samples)
        XCTAssertEqual(bytes.count, 16 + 50 * 12)
        XCTAssertEqual(try PackedSamples.decode(bytes), samples)
    }

    func testMixedDevicesKeepEachSamplesDevice() throws {
        let samples = [InputSample(position: Point(0, 0), time: 0, device: .pen),
                       InputSample(position: Point(1, 1), time: 0.01, device: .eraser)]
        let bytes = PackedSamples.encode(samples)
        XCTAssertEqual(bytes[1] & 4, 4)
        XCTAssertEqual(bytes.count, 16 + 2 * 13)
        XCTAssertEqual(try PackedSamples.decode(bytes).map(\.device), [.pen, .eraser])
    }

    func testFloat32QuantisationIsStableAfterOneRoundTrip() throws {
        let samples = [InputSample(position: Point(812.123456789, 0.1), pressure: 0.333333333, tiltX: 1.1, tiltY: 2.2,
                                   time: 123456.789, device: .pen),
                       InputSample(position: Point(3.3, 1055.9), pressure: 0.9, time: 123456.799, device: .pen)]
        let once = PackedSamples.roundTripped(samples)
        XCTAssertEqual(PackedSamples.roundTripped(once), once)
        XCTAssertEqual(once[0].position.x, 812.123456789, accuracy: 1e-4)
        XCTAssertEqual(once[1].time - once[0].time, 0.01, accuracy: 1e-6)
        XCTAssertEqual(once[0].time, 123456.789, accuracy: 1e-9)
    }

    func testDamagedBlobsAreRefusedNotMisread() {
        let good = PackedSamples.encode([InputSample(position: Point(1, 2), time: 0)])
        XCTAssertThrowsError(try PackedSamples.decode(Array(good.prefix(10)))) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .tooShort(10))
        }
        XCTAssertThrowsError(try PackedSamples.decode(Array(good.dropLast()))) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .lengthMismatch(expected: 28, actual: 27))
        }
        var newer = good
        newer[0] = 9
        XCTAssertThrowsError(try PackedSamples.decode(newer)) {
            XCTAssertEqual($0 as? PackedSamples.DecodingError, .unknownVersion(9))
        }
        var badDevice = good
        badDevice[2] = 77
        XCTAssertThrowsError(try PackedSamples.decode(badDevice))
    }

    func testEmptyStroke() throws {
        XCTAssertEqual(PackedSamples.encode([]).count, 16)
        XCTAssertEqual(try PackedSamples.decode(PackedSamples.encode([])), [])
    }
}
