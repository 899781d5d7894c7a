import QuireGeometry

/// A draw engine, the SpiralKit way: turns a stroke's samples into sprites as they arrive.
///
/// Each call refills `update` (clearing it first, keeping its capacity, so a caller that reuses one
/// `StrokeUpdate` allocates nothing per sample): `committed` sprites are final and are appended to the
/// stroke; `provisional` ones replace the previous provisional set. After every call the newest sample
/// is inked (provisionally if its tangent is not known yet).
public protocol InkDrawEngine: Sendable {
    associatedtype Data: InkStrokeDataProvider
    /// The registry id stored with each stroke drawn by this engine.
    var identifier: String { get }
    var styling: any InkStylingProvider { get }
    /// The stroke being drawn.
    var data: Data { get }
    mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate)
    mutating func add(_ sample: InputSample, into update: inout StrokeUpdate)
    mutating func end(into update: inout StrokeUpdate)
    /// Drops the stroke being drawn; the caller removes its sprites.
    mutating func cancel()
    /// Appends the current stroke's sprites (committed, then provisional) that touch `dirtyRect`.
    func draw(_ dirtyRect: Rect, into sprites: inout [Sprite])
    /// A whole stroke as vectors: the centre line its sprites lie on and the ink along it, in `style`.
    /// Has a default (the polyline through the sprites' centres); an engine that walks curves gives
    /// those (`SegmentInker.startRecording()`).
    mutating func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk
    /// While `skip` holds, no provisional ink is made: a whole stroke is being built at once and nobody
    /// sees it. Committed ink must not change. Has a default (provisional ink made as ever); an engine
    /// that inks provisionally through a `SegmentInker` sets its `skipsProvisional`.
    mutating func skipProvisionalInk(_ skip: Bool)
}

extension InkDrawEngine {
    /// Per stroke, what the renderer needs besides the sprites: blend mode, layer opacity, brush.
    public var renderStyle: StrokeRenderStyle { styling.renderStyle }

    /// Makes provisional ink as ever: for an engine that has no way to leave it out.
    public mutating func skipProvisionalInk(_ skip: Bool) {}

    public mutating func begin(_ sample: InputSample) -> StrokeUpdate {
        var update = StrokeUpdate()
        begin(sample, into: &update)
        return update
    }

    public mutating func add(_ sample: InputSample) -> StrokeUpdate {
        var update = StrokeUpdate()
        add(sample, into: &update)
        return update
    }

    public mutating func end() -> StrokeUpdate {
        var update = StrokeUpdate()
        end(into: &update)
        return update
    }

    /// The vector form of a whole stroke for an engine that inks through a `SegmentInker`: the stroke is
    /// drawn once with the inker recording the segments it inks for good, so the centre line is exactly
    /// what the sprites were walked along.
    mutating func recordingCenterLine(of samples: [InputSample], style: StrokeStyle,
                                      inker: WritableKeyPath<Self, SegmentInker>) -> VectorInk {
        // The samples run through the engine as for drawing, but its inker walks no dabs: the centre
        // line and its states are all an export or a cut needs.
        self[keyPath: inker].startRecording(withoutDabs: true)
        _ = sprites(for: samples)
        return self[keyPath: inker].finishRecording(style: style)
    }

    /// Every sprite of a whole stroke, drawn start to end: what a document redraw needs.
    public mutating func sprites(for samples: [InputSample]) -> [Sprite] {
        skipProvisionalInk(true)
        defer { skipProvisionalInk(false) }
        var all: [Sprite] = []
        var update = StrokeUpdate()
        for (i, s) in samples.enumerated() {
            if i == 0 { begin(s, into: &update) } else { add(s, into: &update) }
            all.append(contentsOf: update.committed)
        }
        if !samples.isEmpty {
            end(into: &update)
            all.append(contentsOf: update.committed)
        }
        return all
    }
}

extension InkDrawEngine {
    /// For an engine that does not say what curves it walks: straight lines from dab to dab, each node
    /// carrying its dab's width, colour and rotation. Every sprite lies on it exactly; only the curve
    /// between dabs is approximated (by chords a spacing long).
    public mutating func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk {
        var elements: [PathElement] = []
        var nodes: [VectorInk.Node] = []
        for s in sprites(for: samples) {
            let p = Point(Double(s.x), Double(s.y))
            guard p.x.isFinite && p.y.isFinite else { continue }
            let node = VectorInk.Node(width: Double(s.diameter), color: s.color, rotation: Double(s.rotation))
            if case .move(let last)? = elements.last, last == p { nodes[nodes.count - 1] = node; continue }
            if case .line(let last)? = elements.last, last == p { nodes[nodes.count - 1] = node; continue }
            elements.append(elements.isEmpty ? .move(to: p) : .line(to: p))
            nodes.append(node)
        }
        return VectorInk(centerLine: BezierPath(elements), nodes: nodes, style: style)
    }
}

extension StrokeUpdate {
    /// Empties both lists, keeping their storage.
    public mutating func clear() {
        committed.removeAll(keepingCapacity: true)
        provisional.removeAll(keepingCapacity: true)
    }
}

/// Appends the sprites in `sprites` whose bounds meet `rect`.
func appendSprites(_ sprites: [Sprite], touching rect: Rect, into out: inout [Sprite]) {
    for s in sprites where s.bounds.intersects(rect) { out.append(s) }
}
