import QuireGeometry
import QuireInk  // deliberately not @testable: only public API, as an engine from outside the module
import XCTest

/// An engine written outside QuireInk: straight segments whose width pulses along the stroke. It uses
/// the public building blocks (styling, segment inker, stroke data) and touches no existing file.
struct PulseEngine: InkDrawEngine {
    static let identifier = "test-pulse"
    var identifier: String { Self.identifier }
    private(set) var styling: any InkStylingProvider
    private(set) var data = InkStrokeData()
    private var inker: SegmentInker
    private var last: DabPoint?
    private var count = 0

    init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        styling = InkStyling(style: style, effects: effects)
        inker = SegmentInker(brush: style.brush)
    }

    private mutating func dab(_ sample: InputSample) -> DabPoint {
        var d = styling.dab(for: sample)
        d.diameter *= count % 2 == 0 ? 1 : 2
        count += 1
        return d
    }

    mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) {
        update.clear()
        data.removeAll()
        count = 0
        let d = dab(sample)
        data.append(sample)
        inker.start(at: d, into: &update.committed)
        data.commit(update.committed)
        last = d
    }

    mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) {
        guard let from = last else { return begin(sample, into: &update) }
        update.clear()
        let to = dab(sample)
        data.append(sample)
        inker.ink(BezierCurve(line: from.position, to.position), from: from, to: to, into: &update.committed)
        data.commit(update.committed)
        last = to
    }

    mutating func end(into update: inout StrokeUpdate) {
        update.clear()
        last = nil
        data.strokeFinalized()
    }

    mutating func cancel() {
        data.removeAll()
        last = nil
    }

    func draw(_ dirtyRect: Rect, into sprites: inout [Sprite]) {
        sprites.append(contentsOf: data.sprites.filter { $0.bounds.intersects(dirtyRect) })
    }
}

final class ExternalEngineTests: XCTestCase {
    func testAnEngineFromOutsideTheModuleRegistersAndDraws() {
        let registry = InkEngineRegistry()
        registry.register(engine: PulseEngine.identifier) { PulseEngine(style: $0, effects: $1) }
        registry.setEngine(PulseEngine.identifier, for: .pen)

        let style = registry.style(for: .pen)
        XCTAssertEqual(style.engineID, "test-pulse")
        var engine = registry.makeEngine(for: style)
        XCTAssertEqual(engine.identifier, "test-pulse")

        var update = StrokeUpdate()
        engine.begin(InputSample(position: Point(0, 0), pressure: 1, time: 0, device: .pen), into: &update)
        engine.add(InputSample(position: Point(20, 0), pressure: 1, time: 0.005, device: .pen), into: &update)
        // Width 3.2 at the start, 6.4 at (20, 0): the dabs widen along the segment.
        XCTAssertGreaterThan(update.committed.count, 5)
        XCTAssertEqual(update.committed.last!.diameter, 6.4, accuracy: 0.5)
        var drawn: [Sprite] = []
        engine.draw(Rect(x: -10, y: -10, width: 40, height: 20), into: &drawn)
        XCTAssertEqual(drawn.count, engine.data.sprites.count)
    }
}
