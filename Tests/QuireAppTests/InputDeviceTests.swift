import QuireInk
import QuireX11
import XCTest

/// How devices and valuators are read: kinds by the documented rule, values by each axis's own range.
final class InputDeviceTests: XCTestCase {
    func testKindComesFromTheTypeAtomThenTheWacomToolTypeThenTheName() {
        XCTAssertEqual(DeviceKindRule.kind(typeAtom: "ERASER", wacomToolType: nil, name: "Wacom Intuos Pro S Pen eraser", hasDirectTouch: false).0, .eraser)
        XCTAssertEqual(DeviceKindRule.kind(typeAtom: "STYLUS", wacomToolType: "STYLUS", name: "x", hasDirectTouch: false).0, .pen)
        XCTAssertEqual(DeviceKindRule.kind(typeAtom: "TOUCHSCREEN", wacomToolType: nil, name: "ELAN Touchscreen", hasDirectTouch: true).0, .touch)
        // libinput and inputtest call pens and erasers alike TABLET: the tool type, then the name decide.
        XCTAssertTrue(DeviceKindRule.kind(typeAtom: "TABLET", wacomToolType: "ERASER", name: "Pen", hasDirectTouch: false) == (.eraser, "Wacom Tool Type ERASER"))
        XCTAssertTrue(DeviceKindRule.kind(typeAtom: "TABLET", wacomToolType: nil, name: "Quire Test Eraser", hasDirectTouch: false) == (.eraser, "name"))
        XCTAssertTrue(DeviceKindRule.kind(typeAtom: "TABLET", wacomToolType: nil, name: "HUION Tablet", hasDirectTouch: false) == (.pen, "type TABLET"))
        XCTAssertEqual(DeviceKindRule.kind(typeAtom: "MOUSE", wacomToolType: nil, name: "Logitech USB Receiver", hasDirectTouch: false).0, .mouse)
        XCTAssertEqual(DeviceKindRule.kind(typeAtom: nil, wacomToolType: nil, name: "Virtual core XTEST pointer", hasDirectTouch: false).0, .mouse)
    }

    func testValuesAreNormalisedByTheAxisOwnRange() {
        let wacom = ValuatorAxis(number: 2, label: "Abs Pressure", minimum: 0, maximum: 65536)
        XCTAssertEqual(wacom.normalized(32768), 0.5)
        let inputtest = ValuatorAxis(number: 4, label: "Abs Pressure", minimum: 0, maximum: 1000)
        XCTAssertEqual(inputtest.normalized(250), 0.25)
        XCTAssertEqual(inputtest.normalized(2000), 1, "clamped")
        XCTAssertEqual(ValuatorAxis(number: 0, label: "x", minimum: 5, maximum: 5).normalized(5), 0, "an empty range gives 0, not NaN")
        let wheel = ValuatorAxis(number: 5, label: "Abs Wheel", minimum: -900, maximum: 899)
        XCTAssertEqual(wheel.normalized(-900), 0)
        XCTAssertEqual(wheel.normalized(899), 1)
    }

    func testTiltIsInDegreesWhateverTheDriversRange() {
        let wacom = ValuatorAxis(number: 3, label: "Abs Tilt X", minimum: -64, maximum: 63)
        XCTAssertEqual(wacom.degrees(-30), -30)
        XCTAssertEqual(wacom.degrees(-100), -64, "clamped to the range")
        let wide = ValuatorAxis(number: 3, label: "Abs Tilt X", minimum: -9000, maximum: 9000)
        XCTAssertEqual(wide.degrees(4500), 45)
    }

    func testAnInputLogKeepsEverySampleField() throws {
        let sample = InputSample(position: .init(1.5, 2.25), pressure: 0.4, tiltX: 12, tiltY: -7, wheel: 0.75, time: 3.5,
                                 device: .pen, deviceID: 11)
        let decoded = try JSONDecoder().decode(WindowEvent.self, from: JSONEncoder().encode(WindowEvent.pointerMoved(sample)))
        guard case let .pointerMoved(back) = decoded else { return XCTFail("\(decoded)") }
        XCTAssertEqual(back.position, sample.position)
        XCTAssertEqual(back.pressure, 0.4)
        XCTAssertEqual(back.tiltX, 12)
        XCTAssertEqual(back.wheel, 0.75)
        XCTAssertEqual(back.device, .pen)
        XCTAssertEqual(back.deviceID, 11, "a replay tells devices apart")
        // A log line without the optional fields still reads.
        let minimal = try JSONDecoder().decode(InputSample.self, from: Data(#"{"position":{"x":1,"y":2},"time":0}"#.utf8))
        XCTAssertEqual(minimal.device, .mouse)
        XCTAssertNil(minimal.pressure)
    }
}
