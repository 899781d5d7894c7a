import QuireGeometry
import QuireInk

/// What the scissors did, or would do, to a page.
public enum ScissorsCut: Equatable, Sendable {
    /// The path cut no scrap and enclosed no ink: nothing changes.
    case nothing
    /// Scraps split: `scraps` of them, into `pieces` pieces in all, by `edit` (one undo step).
    case scraps(PageEdit, scraps: Int, pieces: Int)
    /// Page ink and text cut out into a new transparent scrap: `strokes` strokes and `texts` text
    /// boxes reached, by `edit`.
    case ink(PageEdit, strokes: Int, texts: Int)
    /// The cut could not be computed; the page is left as it was. The reason is for the user.
    case refused(String)

    /// The edit to apply, when the cut changes anything.
    public var edit: PageEdit? {
        switch self {
        case let .scraps(edit, _, _), let .ink(edit, _, _): edit
        case .nothing, .refused: nil
        }
    }

    /// What the cut did, in words for the history ("cut into 5 pieces").
    public var label: String {
        switch self {
        case let .scraps(_, scraps, pieces): scraps == 1 ? "cut into \(pieces) pieces" : "\(scraps) scraps cut into \(pieces) pieces"
        case let .ink(_, strokes, texts):
            switch (strokes, texts) {
            case (_, 0): "ink cut out (\(Self.count(strokes, "stroke")))"
            case (0, _): "text cut out (\(Self.count(texts, "box", plural: "boxes")))"
            default: "ink cut out (\(Self.count(strokes, "stroke")), \(Self.count(texts, "text box", plural: "text boxes")))"
            }
        case .nothing: "nothing cut"
        case .refused: "cut refused"
        }
    }

    private static func count(_ n: Int, _ one: String, plural: String? = nil) -> String {
        n == 1 ? "1 \(one)" : "\(n) \(plural ?? one + "s")"
    }
}

/// The scissors, the Loose Leaf way: a path drawn across scraps splits each into the pieces it makes
/// (holes kept), each piece a scrap of its own with its part of the picture and of the ink stuck to it,
/// where the original lay in the stacking order, nudged apart so the cut shows. A loop that cuts no
/// scrap cuts the page ink and text inside it out into a new transparent scrap on top, to be moved,
/// turned and cut again (text as `Page+CuttingText` says). All or nothing: a cut any part of which
/// cannot be computed changes nothing.
extension Page {
    /// How far apart (page pixels, per piece, away from the middle of what was cut) the pieces of a cut
    /// scrap are pushed when the caller does not say.
    public static let scissorsNudge = 3.0

    /// `measure` gives each text box's size: the laid-out box where the caller has fonts, so a loop
    /// drawn round the words holds them.
    public func cutting(along path: ScissorsPath, nudge: Double = Page.scissorsNudge,
                        measuringTextBy measure: @escaping TextBoxMeasure = { $0.estimatedBox }) -> ScissorsCut {
        let nudge = nudge.isFinite ? max(0, nudge) : 0
        var replacements: [Int: [PageItem]] = [:]
        var pieceCount = 0
        for (index, outcome) in Self.cutScraps(items, along: path, nudge: nudge, measure: measure) {
            switch outcome {
            case .failure(let problem):
                return .refused(problem.reason)
            case .success(let pieces) where pieces.count >= 2:
                replacements[index] = pieces.map { PageItem(.scrap($0)) }
                pieceCount += pieces.count
            case .success:
                continue
            }
        }
        if !replacements.isEmpty {
            return .scraps(replacing(replacements, adding: []), scraps: replacements.count, pieces: pieceCount)
        }
        guard let loop = path.loop else { return .nothing }
        return cuttingInk(inside: loop, measure: measure)
    }

    /// Each scrap of `items` the path comes near, by index (ascending), cut along it. The scraps are
    /// cut side by side on the processor's cores: each cut reads only its own scrap and the path, and a
    /// wavy cut through five scraps spends most of its working out there. The caller reads the outcomes
    /// in the page's order, so the first refusal is the same as cutting one scrap after another.
    private static func cutScraps(_ items: [PageItem], along path: ScissorsPath,
                                  nudge: Double, measure: @escaping TextBoxMeasure) -> [(index: Int, outcome: Result<[Scrap], ScissorsRefusal>)] {
        let reached: [(index: Int, scrap: Scrap)] = items.indices.compactMap { index in
            guard case let .scrap(scrap) = items[index].content, Self.path(path.points, reaches: scrap.bounds) else { return nil }
            return (index, scrap)
        }
        guard reached.count > 1 else {
            return reached.map { ($0.index, cut($0.scrap, along: path.line, nudge: nudge, measure: measure)) }
        }
        let outcomes = ConcurrentResults<Result<[Scrap], ScissorsRefusal>>(count: reached.count) { k in
            cut(reached[k].scrap, along: path.line, nudge: nudge, measure: measure)
        }
        return zip(reached, outcomes.values).map { ($0.index, $1) }
    }

    /// The page's ink (not the scraps' own) cut at `loop`, the pieces inside moved onto a new scrap
    /// shaped like the loop, on top of the page; text boxes wholly inside go with it, and one the loop
    /// crosses both goes with it and stays, on scraps shaped like the rest of its box.
    private func cuttingInk(inside loop: BezierPath, measure: TextBoxMeasure) -> ScissorsCut {
        let bounds = loop.bounds
        guard !bounds.isNull else { return .nothing }
        let region = ScrapUnderInk(index: 0, scrap: Scrap(outline: loop), toScrap: .identity, bounds: bounds)
        // The new scrap's own coordinates start at the loop's corner, so it turns and scales about itself.
        let origin = Point(bounds.minX, bounds.minY)
        var replacements: [Int: [PageItem]] = [:]
        var inside: [PageItem] = []
        var strokes = 0, texts = 0
        let pageRect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // Made for the page's text boxes, when it has any.
        lazy var preparedLoop = PreparedPath(loop)
        for index in items.indices {
            if case let .text(text) = items[index].content {
                let rest: [PageItem]
                switch Self.cut(text, by: loop, prepared: preparedLoop, on: pageRect, measuredBy: measure) {
                case .failure(let problem): return .refused(problem.reason)
                case .success(.outside): continue
                case .success(.inside): rest = []
                case .success(.crossed(let pieces)): rest = Self.scraps(showing: text, within: pieces)
                }
                replacements[index] = rest
                var carried = text
                carried.origin = text.origin - origin
                inside.append(PageItem(.text(carried)))
                texts += 1
                continue
            }
            guard case let .stroke(stroke) = items[index].content, stroke.bounds.intersects(bounds) else { continue }
            let pieces = StrokePiece.split(stroke.samples, among: [region])
            guard pieces.contains(where: { $0.owner != nil }) else { continue }
            replacements[index] = pieces.filter { $0.owner == nil }.map { .stroke(Stroke(samples: $0.samples, style: stroke.style)) }
            strokes += 1
            inside += pieces.filter { $0.owner != nil }.map { piece in
                var samples = piece.samples
                for k in samples.indices { samples[k].position = samples[k].position - origin }
                return .stroke(Stroke(samples: samples, style: stroke.style))
            }
        }
        guard !inside.isEmpty else { return .nothing }
        let scrap = Scrap(outline: loop.transformed(by: .translation(-origin.x, -origin.y)),
                          transform: Homography(.translation(origin.x, origin.y)), items: inside)
        return .ink(replacing(replacements, adding: [PageItem(.scrap(scrap))]), strokes: strokes, texts: texts)
    }

    /// One edit that puts each item at a key of `replacements` out and its list in at its place (the
    /// order otherwise kept), and `added` on top: what the user sees as one cut, undone as one.
    private func replacing(_ replacements: [Int: [PageItem]], adding added: [PageItem]) -> PageEdit {
        var removed: [PlacedItem] = []
        var inserted: [PlacedItem] = []
        var position = 0
        for (index, item) in items.enumerated() {
            guard let newItems = replacements[index] else {
                position += 1
                continue
            }
            removed.append(PlacedItem(item, at: index))
            for newItem in newItems {
                inserted.append(PlacedItem(newItem, at: position))
                position += 1
            }
        }
        for item in added {
            inserted.append(PlacedItem(item, at: position))
            position += 1
        }
        return .replace(removed: removed, inserted: inserted)
    }

    /// `scrap` split along `line` (page coordinates): its pieces (one when the line does not cut it
    /// through), or why the cut cannot be trusted.
    static func cut(_ scrap: Scrap, along line: BezierPath, nudge: Double,
                    measure: TextBoxMeasure) -> Result<[Scrap], ScissorsRefusal> {
        guard let toScrap = scrap.transform.inverted, let local = toScrap.apply(to: line) else {
            return .failure(ScissorsRefusal("a scrap is placed so the cut cannot be carried onto it"))
        }
        let result = scrap.outline.uniqueShapes(slicedBy: local, fillRule: .evenOdd)
        if let problem = result.problems.first {
            return .failure(ScissorsRefusal("the cut through a scrap could not be worked out (\(problem))"))
        }
        guard result.shapes.count >= 2 else { return .success([scrap]) }
        // A piece whose outline a notebook could not read back (`ItemLimits`) is never made.
        if let longest = result.shapes.map(\.path.elements.count).max(), longest > ItemLimits.maximumOutlineElements {
            return .failure(ScissorsRefusal("a piece would have an outline of \(longest) parts, more than a notebook keeps "
                                            + "(\(ItemLimits.maximumOutlineElements))"))
        }
        // The pieces must add up to the scrap: anything else is a cut that lost or doubled some of it.
        let whole = scrap.outlineArea
        let sum = result.shapes.reduce(0) { $0 + abs($1.area) }
        guard abs(sum - whole) <= 1e-6 * max(abs(whole), 1e-9) else {
            return .failure(ScissorsRefusal("the pieces of a cut scrap do not add up to it (\(sum) of \(whole) square pixels)"))
        }
        let middle = scrap.transform.apply(scrap.outline.bounds.center)
        let regions = result.shapes.enumerated().map { k, shape in
            ScrapUnderInk(index: k, scrap: Scrap(outline: shape.path), toScrap: .identity, bounds: shape.path.bounds)
        }
        var inkOfPiece = [[PageItem]](repeating: [], count: regions.count)
        // Made for the text the scrap carries, when it carries any.
        lazy var preparedPieces = result.shapes.map { PreparedPath($0.path) }
        for item in scrap.items {
            if case let .text(text) = item.content {
                // A text box goes whole with every piece that shows some of it, clipped by each outline.
                switch pieces(result.shapes.map(\.path), prepared: preparedPieces, showing: text, measuredBy: measure) {
                case .failure(let problem): return .failure(problem)
                case .success(let showing) where !showing.isEmpty:
                    for k in showing { inkOfPiece[k].append(PageItem(item.content)) }
                    continue
                case .success: break
                }
            }
            guard case let .stroke(stroke) = item.content else {
                // Anything else a scrap carries goes whole with the piece its middle lies on.
                let owner = regions.indices.first { regions[$0].contains(item.bounds.center) } ?? 0
                inkOfPiece[owner].append(PageItem(item.content))
                continue
            }
            // Ink outside every piece lies outside the outline, where it never showed: it goes.
            for piece in StrokePiece.split(stroke.samples, among: regions) {
                guard let owner = piece.owner else { continue }
                inkOfPiece[owner].append(.stroke(Stroke(samples: piece.samples, style: stroke.style)))
            }
        }
        return .success(result.shapes.enumerated().map { k, shape in
            var piece = Scrap(outline: shape.path, transform: scrap.transform, image: scrap.image, items: inkOfPiece[k])
            if let middle, let pieceMiddle = scrap.transform.apply(shape.path.bounds.center) {
                let away = pieceMiddle - middle
                let length = away.length
                if length > 1e-9, nudge > 0 {
                    let step = away * (nudge / length)
                    piece.transform = scrap.transform.concatenating(Homography(.translation(step.x, step.y)))
                }
            }
            return piece
        })
    }

    /// Whether some segment of the polyline comes within `bounds`: most scraps are nowhere near the cut.
    static func path(_ points: [Point], reaches bounds: Rect) -> Bool {
        guard !bounds.isNull else { return false }
        return zip(points, points.dropFirst()).contains { Rect.null.union($0).union($1).intersects(bounds) }
    }
}

/// Why a cut was refused, in words for the user.
public struct ScissorsRefusal: Error, Equatable, Sendable {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
}
