import QuireGeometry

/// The box a text item's lines fill, in its own frame (`TextItem.localToPage`): the laid-out box where
/// the caller has fonts, `estimatedBox` where it has none.
public typealias TextBoxMeasure = @Sendable (TextItem) -> Rect

/// How a scissors loop meets a text box.
enum TextCut: Equatable {
    /// The loop does not reach the box.
    case outside
    /// The loop holds the whole box.
    case inside
    /// The loop runs across the box: `rest` is what of the box lies outside it (page coordinates, one
    /// path a piece, holes included).
    case crossed(rest: [BezierPath])
}

/// Scissors across typed text. Words are not split letter by letter as ink is split sample by sample:
/// a box is cut by showing it in two places, each clipped by a scrap's outline — whole on the scrap the
/// loop cuts out (which shows only what lies inside the loop), and whole on transparent scraps shaped
/// like the rest of its box, left where the box was (which show only what lies outside). So the cut
/// looks and exports as a cut through the letters, and each side keeps its words.
extension Page {
    /// The corners, in order round it, of the region a text box covers as the scissors see it (page
    /// coordinates, or its scrap's): its box outset by a quarter em, so that a descender or a slanted
    /// letter past the line box is on the side of the cut the box is.
    static func cutCorners(of text: TextItem, measuredBy measure: TextBoxMeasure) -> [Point] {
        let box = measure(text).outsetBy(text.fontSize * 0.25)
        return Quadrilateral(box).corners.map(text.localToPage.apply)
    }

    /// Where `loop` leaves the text box `text`, or why that cannot be worked out. Only what of the box
    /// lies on the page (`page`) counts: the page hides the rest, and a cut must not bring it out.
    /// `prepared` is `loop` made ready for the quick test that settles a box the loop does not run into
    /// (most of a loop's boxes) without a boolean operation.
    static func cut(_ text: TextItem, by loop: BezierPath, prepared: PreparedPath, on page: Rect,
                    measuredBy measure: TextBoxMeasure) -> Result<TextCut, ScissorsRefusal> {
        let corners = cutCorners(of: text, measuredBy: measure)
        var frame = BezierPath(polygon: corners)
        guard frame.bounds.intersects(loop.bounds) else { return .success(.outside) }
        let box = frame.bounds
        let onPage = page.contains(Point(box.minX, box.minY)) && page.contains(Point(box.maxX, box.maxY))
        switch prepared.placement(ofConvex: corners, fillRule: .evenOdd) {
        case .outside?: return .success(.outside)
        // Held whole, a box partly off the page is still cut where the page ends: the slow way.
        case .inside? where onPage: return .success(.inside)
        default: break
        }
        if !onPage {
            let shown = frame.intersection(BezierPath(rect: page), fillRule: .evenOdd)
            if let problem = shown.problems.first {
                return .failure(ScissorsRefusal("the cut through a text box at the page's edge could not be worked out (\(problem))"))
            }
            guard !shown.shapes.isEmpty else { return .success(.outside) }
            frame = shown.path
        }
        let rest = frame.subtracting(loop, fillRule: .evenOdd)
        if let problem = rest.problems.first {
            return .failure(ScissorsRefusal("the cut through a text box could not be worked out (\(problem))"))
        }
        let whole = abs(frame.signedArea)
        let outside = rest.shapes.reduce(0) { $0 + abs($1.area) }
        // Slivers a millionth of the box are where the loop runs along an edge, not across the words.
        if outside <= 1e-6 * whole { return .success(.inside) }
        if outside >= (1 - 1e-6) * whole { return .success(.outside) }
        if let longest = rest.shapes.map(\.path.elements.count).max(), longest > ItemLimits.maximumOutlineElements {
            return .failure(ScissorsRefusal("a cut text box's piece would have an outline of \(longest) parts, more than a notebook keeps "
                                            + "(\(ItemLimits.maximumOutlineElements))"))
        }
        return .success(.crossed(rest: rest.shapes.map(\.path)))
    }

    /// The transparent scraps that show what of `text` lies outside a loop: one for each piece of
    /// `rest` (page coordinates), each starting at its piece's corner and carrying the whole box.
    static func scraps(showing text: TextItem, within rest: [BezierPath]) -> [PageItem] {
        rest.map { piece in
            let corner = Point(piece.bounds.minX, piece.bounds.minY)
            var carried = text
            carried.origin = text.origin - corner
            return PageItem(.scrap(Scrap(outline: piece.transformed(by: .translation(-corner.x, -corner.y)),
                                         transform: Homography(.translation(corner.x, corner.y)),
                                         items: [PageItem(.text(carried))])))
        }
    }

    /// The pieces (indices into `pieces`, a cut scrap's outlines in its own coordinates) that show some
    /// of `text`, which that scrap carries: each gets the whole box, clipped by its own outline. Empty
    /// when the box lies outside them all (where it never showed).
    /// `prepared` holds the same pieces made ready for the quick test that settles a piece the box
    /// lies wholly in or out of without a boolean operation.
    static func pieces(_ pieces: [BezierPath], prepared: [PreparedPath], showing text: TextItem,
                       measuredBy measure: TextBoxMeasure) -> Result<[Int], ScissorsRefusal> {
        let corners = cutCorners(of: text, measuredBy: measure)
        let frame = BezierPath(polygon: corners)
        let whole = abs(frame.signedArea)
        var showing: [Int] = []
        for (k, piece) in pieces.enumerated() where piece.bounds.intersects(frame.bounds) {
            switch prepared[k].placement(ofConvex: corners, fillRule: .evenOdd) {
            case .inside?: showing.append(k); continue
            case .outside?: continue
            case nil: break
            }
            let shared = frame.intersection(piece, fillRule: .evenOdd)
            if let problem = shared.problems.first {
                return .failure(ScissorsRefusal("the cut through a text box on a scrap could not be worked out (\(problem))"))
            }
            if shared.shapes.reduce(0, { $0 + abs($1.area) }) > 1e-6 * whole { showing.append(k) }
        }
        return .success(showing)
    }
}
