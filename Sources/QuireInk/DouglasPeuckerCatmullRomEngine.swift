import QuireGeometry

/// SpiralKit's Douglas–Peucker engine: the whole stroke is simplified (dropping samples within
/// `tolerance` of the line through their neighbours, which removes hand jitter) and a Catmull–Rom spline
/// is drawn through the samples kept. Simplifying the whole stroke can change any part of it, so
/// everything after the first dab is provisional until the stroke ends; the cost per sample grows with
/// the stroke (fine for handwriting, and this is not the default engine).
public struct DouglasPeuckerCatmullRomEngine: InkDrawEngine {
    public static let identifier = "douglas-peucker-catmull-rom"
    public var identifier: String { Self.identifier }

    private var stroke: InkStrokeState
    private var simplifier: DouglasPeuckerSimplifier
    private var dabs: [DabPoint] = []
    private var positions: [Point] = []
    private var kept: [Int] = []

    public init(styling: any InkStylingProvider, tolerance: Double = 0.5) {
        stroke = InkStrokeState(styling: styling)
        simplifier = DouglasPeuckerSimplifier(tolerance: tolerance)
    }

    public init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        self.init(styling: InkStyling(style: style, effects: effects))
    }

    /// The uniform Catmull–Rom piece from `p1` to `p2` as a cubic Bezier.
    public static func catmullRom(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> BezierCurve {
        BezierCurve(cubic: p1, p1 + (p2 - p0) / 6, p2 - (p3 - p1) / 6, p2)
    }

    public var styling: any InkStylingProvider { stroke.styling }
    public var data: InkStrokeData { stroke.data }

    public mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) {
        // A sample no engine may use starts nothing: the next usable one begins the stroke.
        guard let sample = sample.checkedForInk else { update.clear(); return cancel() }
        let dab = stroke.begin(sample, into: &update)
        dabs.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        dabs.append(dab)
        positions.append(dab.position)
        stroke.start(at: dab, into: &update)
    }

    public mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) {
        guard !dabs.isEmpty else { return begin(sample, into: &update) }
        guard let sample = sample.checkedForInk else { return update.clear() }
        let dab = stroke.add(sample, into: &update)
        dabs.append(dab)
        positions.append(dab.position)
        // The whole stroke again, provisionally: neither its spacing nor its curves are kept.
        let checkpoint = stroke.inker.checkpoint()
        inkWholeStroke(into: &update.provisional)
        stroke.inker.rewind(to: checkpoint)
        stroke.showProvisionally(update.provisional)
    }

    public mutating func end(into update: inout StrokeUpdate) {
        update.clear()
        if dabs.count >= 2 {
            inkWholeStroke(into: &update.committed)
            stroke.commit(update)
        }
        dabs.removeAll(keepingCapacity: true)
        stroke.finish()
    }

    public mutating func cancel() {
        stroke.cancel()
        dabs.removeAll(keepingCapacity: true)
    }

    public func draw(_ dirtyRect: Rect, into sprites: inout [Sprite]) {
        stroke.draw(dirtyRect, into: &sprites)
    }

    /// The Catmull–Rom pieces through the kept samples that the final sprites were walked along.
    public mutating func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk {
        recordingCenterLine(of: samples, style: style, inker: \.stroke.inker)
    }

    /// Every segment after the first dab, through the samples Douglas–Peucker keeps.
    private mutating func inkWholeStroke(into sprites: inout [Sprite]) {
        simplifier.simplify(positions, into: &kept)
        let n = kept.count
        for k in 0..<(n - 1) {
            let p0 = positions[kept[max(0, k - 1)]], p1 = positions[kept[k]]
            let p2 = positions[kept[k + 1]], p3 = positions[kept[min(n - 1, k + 2)]]
            stroke.inker.ink(Self.catmullRom(p0, p1, p2, p3), from: dabs[kept[k]], to: dabs[kept[k + 1]], into: &sprites)
        }
    }
}
