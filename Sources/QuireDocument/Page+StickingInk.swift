import QuireGeometry
import QuireInk

/// Ink sticks to scraps, the Loose Leaf way: a stroke drawn across scraps is cut where it crosses their
/// outlines, each piece over a scrap joins the topmost scrap under it (in the scrap's own coordinates,
/// so it moves, turns and scales with it), and the rest stays on the page, under every scrap.
extension Page {
    /// The edit that puts a finished stroke on the page: one insert when it touches no scrap, else its
    /// page pieces put in under the lowest scrap and each scrap it crossed given its pieces, as one edit
    /// (one undo step). Page ink always lies under the scraps, so an eraser on the page never reaches a
    /// scrap and a scrap moved over ink covers it.
    public func sticking(_ stroke: Stroke) -> PageEdit {
        let inkIndex = items.firstIndex { if case .scrap = $0.content { true } else { false } } ?? items.count
        let strokeBounds = stroke.bounds
        // No scrap lies below the lowest one: only the items from it up are looked at.
        let crossed = items.indices[inkIndex...].compactMap { index -> ScrapUnderInk? in
            guard case let .scrap(scrap) = items[index].content, scrap.bounds.intersects(strokeBounds),
                  let toScrap = scrap.transform.inverted else { return nil }
            return ScrapUnderInk(index: index, scrap: scrap, toScrap: toScrap, bounds: scrap.bounds)
        }
        let pieces = crossed.isEmpty ? [StrokePiece(owner: nil, samples: stroke.samples)]
                                     : StrokePiece.split(stroke.samples, among: crossed)
        var onPage: [PageItem] = []
        var onScraps: [Int: [PageItem]] = [:]
        for piece in pieces {
            guard let owner = piece.owner else {
                onPage.append(pieces.count == 1 ? .stroke(stroke) : .stroke(Stroke(samples: piece.samples, style: stroke.style)))
                continue
            }
            onScraps[owner, default: []].append(.stroke(crossed[owner].carry(piece.samples, style: stroke.style)))
        }
        var edits: [PageEdit] = []
        if !onPage.isEmpty {
            edits.append(.insert(onPage.enumerated().map { PlacedItem($1, at: inkIndex + $0) }))
        }
        // Indices after the page pieces went in under the scraps.
        let updates = onScraps.keys.sorted().map { owner -> ItemUpdate in
            let index = crossed[owner].index + onPage.count
            let before = items[crossed[owner].index]
            var after = before
            var scrap = crossed[owner].scrap
            scrap.items += onScraps[owner]!
            after.content = .scrap(scrap)
            return ItemUpdate(index: index, before: before, after: after)
        }
        if !updates.isEmpty { edits.append(.update(updates)) }
        return edits.count == 1 ? edits[0] : .combined(edits)
    }
}

/// A scrap a stroke may cross, with what the split needs of it.
struct ScrapUnderInk {
    /// Its index on the page.
    var index: Int
    let scrap: Scrap
    /// Page → scrap coordinates.
    var toScrap: Homography
    /// Its area on the page: most points are outside it, and that test is cheap.
    var bounds: Rect
    /// Its outline, ready for the many tests a split makes of it.
    private let outline: PathContainment

    init(index: Int, scrap: Scrap, toScrap: Homography, bounds: Rect) {
        self.index = index
        self.scrap = scrap
        self.toScrap = toScrap
        self.bounds = bounds
        outline = PathContainment(scrap.outline)
    }

    func contains(_ point: Point) -> Bool {
        guard bounds.contains(point), let local = toScrap.apply(point) else { return false }
        return outline.contains(local, fillRule: .evenOdd)
    }

    /// Samples on the page as a stroke on this scrap: positions in its coordinates, widths divided by its
    /// scale where the piece begins, so the ink looks as wide as it was drawn.
    func carry(_ samples: [InputSample], style: StrokeStyle) -> Stroke {
        var local = samples
        for index in local.indices {
            // The inverse of an invertible map takes the scrap's own area to finite points.
            local[index].position = toScrap.apply(samples[index].position) ?? samples[index].position
        }
        var scaled = style
        if let first = samples.first, let scale = toScrap.localFrame(at: first.position)?.scale {
            scaled.minimumWidth *= scale
            scaled.maximumWidth *= scale
        }
        return Stroke(samples: local, style: scaled)
    }
}

/// A run of a stroke's samples that lies over one scrap (`owner`: its index among the crossed scraps)
/// or over bare page (nil).
struct StrokePiece: Equatable {
    var owner: Int?
    var samples: [InputSample]

    /// How finely a segment between samples is looked along for outlines it crosses (page pixels): a
    /// scrap corner thinner than this between two samples can be missed, which no eye would see.
    static let searchStep = 1.0
    /// At most this many looks per segment, so an absurdly long segment costs a bounded time.
    static let maximumLooksPerSegment = 4096
    /// Bisection steps to place a crossing: 2^-30 of a step is far below a pixel's thousandth.
    static let bisectionSteps = 30
    static let maximumCrossingsPerLook = 16

    /// `samples` cut where they cross the scraps' outlines; each crossing becomes a sample (interpolated)
    /// that ends one piece and begins the next, so the pieces meet exactly at the outline.
    static func split(_ samples: [InputSample], among scraps: [ScrapUnderInk]) -> [StrokePiece] {
        guard let first = samples.first else { return [] }
        func owner(_ point: Point) -> Int? { scraps.indices.last { scraps[$0].contains(point) } }
        var pieces: [StrokePiece] = []
        var current = StrokePiece(owner: owner(first.position), samples: [first])
        for (a, b) in zip(samples, samples.dropFirst()) {
            let length = a.position.distance(to: b.position)
            let looks = length.isFinite ? min(maximumLooksPerSegment, max(1, Int((length / searchStep).rounded(.up)))) : 1
            var t0 = 0.0
            for look in 1...looks {
                let t1 = Double(look) / Double(looks)
                // More than one outline may lie between t0 and t1: find each in turn (a bounded number:
                // each pass moves t0 on past a crossing).
                var passes = 0
                while passes < maximumCrossingsPerLook, owner(interpolate(a, b, t1).position) != current.owner {
                    passes += 1
                    var lo = t0, hi = t1
                    for _ in 0..<bisectionSteps {
                        let mid = (lo + hi) / 2
                        if owner(interpolate(a, b, mid).position) == current.owner { lo = mid } else { hi = mid }
                    }
                    let crossing = interpolate(a, b, (lo + hi) / 2)
                    current.samples.append(crossing)
                    pieces.append(current)
                    current = StrokePiece(owner: owner(interpolate(a, b, hi).position), samples: [crossing])
                    t0 = hi
                }
                t0 = t1
            }
            current.samples.append(b)
        }
        pieces.append(current)
        return pieces
    }

    /// The sample a fraction `t` of the way from `a` to `b` (pressure, tilt and time too).
    static func interpolate(_ a: InputSample, _ b: InputSample, _ t: Double) -> InputSample {
        var s = a
        s.position = a.position + (b.position - a.position) * t
        if let pa = a.pressure, let pb = b.pressure { s.pressure = pa + (pb - pa) * t }
        if let wa = a.wheel, let wb = b.wheel { s.wheel = wa + (wb - wa) * t }
        s.tiltX = a.tiltX + (b.tiltX - a.tiltX) * t
        s.tiltY = a.tiltY + (b.tiltY - a.tiltY) * t
        s.time = a.time + (b.time - a.time) * t
        return s
    }
}
