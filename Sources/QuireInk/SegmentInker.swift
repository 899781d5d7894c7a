import QuireGeometry

/// What every curve engine does with a segment once it has one: turn a brush that follows the stroke to
/// the segment's direction at each end, then walk dabs along it. Public so engines outside this module
/// get the same spacing and interpolation.
public struct SegmentInker: Sendable {
    public var walker: DabWalker
    /// Scratch arc-length table, reused for every segment.
    public var table: ArcLengthTable
    /// Nil for a fixed brush (the dabs' own rotation is used); the offset for a brush that follows.
    public var followOffset: Double?
    /// While a vector form is wanted: the curves and states inked for good (never provisional ones).
    var recorder: CenterLineRecorder?
    /// While only the vector form is wanted (an export): segments are recorded and no dab is walked,
    /// which is most of an engine's work.
    var recordsOnly = false
    /// While a whole stroke is built at once (`InkDrawEngine.sprites(for:)`): the provisional ink of
    /// each newest segment would be walked and thrown away at the next sample, unseen, so none is
    /// walked (a page of handwriting builds in about two thirds of the time).
    public var skipsProvisional = false

    public init(brush: Brush, tolerance: Double = 0.01) {
        walker = DabWalker(spacingFraction: brush.spacing)
        table = ArcLengthTable(tolerance: tolerance)
        switch brush.rotation {
        case .fixed: followOffset = nil
        case .followStroke(let offset): followOffset = offset
        }
    }

    /// Starts a stroke: its first dab, at `dab`.
    public mutating func start(at dab: DabPoint, into sprites: inout [Sprite]) {
        walker = DabWalker(spacingFraction: walker.spacingFraction, minimumSpacing: walker.minimumSpacing)
        recorder?.start(at: dab)
        guard !recordsOnly else { return }
        walker.start(at: dab, into: &sprites)
    }

    /// Dabs along `segment` from state `a` to state `b`, continuing the spacing from the last segment.
    @inline(__always)
    public mutating func ink(_ segment: BezierCurve, from a: DabPoint, to b: DabPoint, into sprites: inout [Sprite]) {
        if recorder != nil { recorder!.append(segment, from: a, to: b) }
        guard !recordsOnly else { return }
        walk(segment, from: a, to: b, into: &sprites)
    }

    /// Like `ink`, but leaves the spacing state as it was: for a provisional segment that will be
    /// drawn again when the next sample arrives.
    @inline(__always)
    public mutating func inkProvisionally(_ segment: BezierCurve, from a: DabPoint, to b: DabPoint,
                                          into sprites: inout [Sprite]) {
        guard !recordsOnly, !skipsProvisional else { return }
        let saved = walker
        walk(segment, from: a, to: b, into: &sprites)
        walker = saved
    }

    /// The state `rewind(to:)` goes back to: for an engine that inks several segments provisionally
    /// (recording pauses until the rewind, so none of them enters the vector form).
    public struct Checkpoint: Sendable {
        fileprivate var walker: DabWalker
        fileprivate var recorder: CenterLineRecorder?
    }

    public mutating func checkpoint() -> Checkpoint {
        defer { recorder = nil }
        return Checkpoint(walker: walker, recorder: recorder)
    }

    public mutating func rewind(to checkpoint: Checkpoint) {
        walker = checkpoint.walker
        recorder = checkpoint.recorder
    }

    /// From now on, keeps the centre line and states of what is inked for good (see `VectorInk`).
    /// `withoutDabs`: only the vector form is wanted; no dab is walked until recording finishes.
    public mutating func startRecording(withoutDabs: Bool = false) {
        recorder = CenterLineRecorder()
        recordsOnly = withoutDabs
    }

    /// What was recorded since `startRecording()`, in `style`; recording stops.
    public mutating func finishRecording(style: StrokeStyle) -> VectorInk {
        defer {
            recorder = nil
            recordsOnly = false
        }
        return recorder?.ink(style: style) ?? VectorInk(style: style)
    }

    @inline(__always)
    private mutating func walk(_ segment: BezierCurve, from a: DabPoint, to b: DabPoint, into sprites: inout [Sprite]) {
        var a = a, b = b
        if let offset = followOffset {
            a.rotation = segment.direction(at: 0) + offset
            b.rotation = segment.direction(at: 1) + offset
        }
        walker.walk(segment, from: a, to: b, table: &table, into: &sprites)
    }
}
