import Foundation

/// Curved edges meeting only at shared vertices, and the faces they bound: the common ground of slicing
/// a shape with scissors and of shape booleans. Faces are traced with the face on the left of each
/// half-edge, turning at each vertex to the next edge clockwise; a bounded face then traces
/// counter-clockwise (positive area, y up) and the outside of each connected part clockwise.
struct PlanarArrangement {
    struct Edge {
        var piece: PathPiece
        var from: Int
        var to: Int
        /// Drawn by the scissors (rather than the shape's outline).
        var isCut = false
    }

    /// A closed walk of half-edges (edge index × 2, plus 1 for the backward direction).
    struct Cycle {
        var halfEdges: [Int]
        var area: Double
        var component: Int
    }

    private(set) var edges: [Edge] = []
    private var vertexCount = 0
    let scale: Double
    var problems: [GeometryProblem] = []

    init(scale: Double) { self.scale = scale }

    /// A new vertex id for an end that no other edge shares.
    mutating func freshVertex() -> Int {
        vertexCount += 1
        return -vertexCount
    }

    mutating func add(_ piece: PathPiece, from: Int, to: Int, isCut: Bool = false) {
        if piece.curves.isEmpty { return }
        edges.append(Edge(piece: piece, from: from, to: to, isCut: isCut))
    }

    /// Removes the scissors edges that have the same hole on both sides (a cut from one hole into
    /// another, which separates nothing), so the holes they joined are holes again on their own.
    /// True when any went; the faces must then be found again.
    mutating func removeCutsWithinHoles(of faces: [Face]) -> Bool {
        var doomed = Set<Int>()
        for face in faces {
            for hole in face.holes {
                var seen = Set<Int>()
                for h in hole.halfEdges where edges[h / 2].isCut {
                    if !seen.insert(h / 2).inserted { doomed.insert(h / 2) }
                }
            }
        }
        if doomed.isEmpty { return false }
        edges = edges.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        pruneDanglingEdges()
        return true
    }

    /// Removes edges that end at a vertex nothing else reaches (a scissors end inside the shape, or a
    /// stroke that leaves and never returns): they bound no face.
    mutating func pruneDanglingEdges() {
        var alive = Array(repeating: true, count: edges.count)
        var changed = true
        while changed {
            changed = false
            var degree: [Int: Int] = [:]
            for (i, e) in edges.enumerated() where alive[i] {
                degree[e.from, default: 0] += 1
                degree[e.to, default: 0] += 1
            }
            for (i, e) in edges.enumerated() where alive[i] && e.from != e.to {
                if degree[e.from]! < 2 || degree[e.to]! < 2 {
                    alive[i] = false
                    changed = true
                }
            }
        }
        edges = edges.enumerated().filter { alive[$0.offset] }.map(\.element)
    }

    // MARK: Half-edges

    func curves(of h: Int) -> [BezierCurve] {
        let e = edges[h / 2]
        return h % 2 == 0 ? e.piece.curves : e.piece.curves.reversed().map(\.reversed)
    }

    func tail(_ h: Int) -> Int { h % 2 == 0 ? edges[h / 2].from : edges[h / 2].to }
    func head(_ h: Int) -> Int { h % 2 == 0 ? edges[h / 2].to : edges[h / 2].from }

    /// The angle at which a half-edge leaves its tail, looked at a very short way along it, so edges that
    /// leave along the same tangent are still ordered by how they bend.
    private func departureAngle(_ h: Int) -> Double {
        let cs = curves(of: h)
        let c = cs[0]
        let origin = c.start
        let reach = min(1e-5 * scale, 0.25 * c.arcLength)
        let t = c.parameter(atLength: reach)
        var p = c.point(at: t)
        if p == origin { p = origin + c.tangent(at: 0) }
        return atan2(p.y - origin.y, p.x - origin.x)
    }

    /// Every face boundary, each half-edge used once.
    mutating func traceCycles() -> [Cycle] {
        var outgoing: [Int: [(Double, Int)]] = [:]
        for h in 0..<(edges.count * 2) { outgoing[tail(h), default: []].append((departureAngle(h), h)) }
        var positionInFan: [Int] = Array(repeating: 0, count: edges.count * 2)
        var fans: [Int: [Int]] = [:]
        for (v, list) in outgoing {
            let sorted = list.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
            fans[v] = sorted
            for (k, h) in sorted.enumerated() { positionInFan[h] = k }
        }
        let component = components()

        var used = Array(repeating: false, count: edges.count * 2)
        var cycles: [Cycle] = []
        for start in 0..<(edges.count * 2) where !used[start] {
            var walk: [Int] = []
            var h = start
            var closed = false
            for _ in 0...(edges.count * 2) {
                used[h] = true
                walk.append(h)
                let fan = fans[head(h)]!
                let twin = h ^ 1
                let next = fan[(positionInFan[twin] - 1 + fan.count) % fan.count]
                if next == start { closed = true; break }
                if used[next] { break }
                h = next
            }
            if !closed {
                problems.append(.faceTracingFailed(near: curves(of: start)[0].start))
                continue
            }
            let area = walk.reduce(0.0) { sum, h in sum + curves(of: h).reduce(0.0) { $0 + $1.areaContribution } }
            cycles.append(Cycle(halfEdges: walk, area: area, component: component[tail(start)]!))
        }
        return cycles
    }

    /// Connected-part number of each vertex.
    private func components() -> [Int: Int] {
        var parent: [Int: Int] = [:]
        // With the path halved on the way up: without it a long chain of vertices (an outline cut at
        // hundreds of places) made each look a walk down the whole chain.
        func find(_ x: Int) -> Int {
            var x = x
            while let p = parent[x], p != x {
                let grand = parent[p] ?? p
                parent[x] = grand
                x = grand
            }
            return x
        }
        for e in edges {
            if parent[e.from] == nil { parent[e.from] = e.from }
            if parent[e.to] == nil { parent[e.to] = e.to }
            let (a, b) = (find(e.from), find(e.to))
            if a != b { parent[a] = b }
        }
        var result: [Int: Int] = [:]
        for v in parent.keys { result[v] = find(v) }
        return result
    }

    func path(of cycle: Cycle) -> BezierPath {
        let cs = cycle.halfEdges.flatMap { curves(of: $0) }
        var p = BezierPath([.move(to: cs[0].start)] + cs.map(\.element))
        p.close()
        return p
    }

    /// A point just inside the face left of a cycle: off the middle of its longest edge, to the left.
    func interiorPoint(of cycle: Cycle) -> Point {
        let h = cycle.halfEdges.max { edges[$0 / 2].piece.length < edges[$1 / 2].piece.length }!
        let cs = curves(of: h)
        let c = cs.max { $0.arcLength < $1.arcLength }!
        return c.point(at: 0.5) + c.tangent(at: 0.5).perpendicular * (1e-6 * scale)
    }

    /// The regions of the arrangement: each bounded face with the outsides of the parts nested directly
    /// inside it as holes. A part's outside cycle is a hole of the smallest face of another part that
    /// holds it.
    mutating func faces() -> [Face] {
        let cycles = traceCycles()
        let bounded = cycles.indices.filter { cycles[$0].area > 0 }
        var faces = bounded.map { Face(outline: cycles[$0], holes: []) }
        let boundedPaths = bounded.map { PathGeometry(path(of: cycles[$0])) }
        var outerOfComponent: [Int: Int] = [:]
        for (i, c) in cycles.enumerated() where c.area <= 0 {
            if let j = outerOfComponent[c.component], cycles[j].area <= c.area { continue }
            outerOfComponent[c.component] = i
        }
        for (_, outer) in outerOfComponent {
            let probe = curves(of: cycles[outer].halfEdges[0])[0].point(at: 0.5)
            var best: Int?
            for (k, i) in bounded.enumerated() where cycles[i].component != cycles[outer].component {
                guard boundedPaths[k].winding(at: probe) != 0 else { continue }
                if best == nil || cycles[i].area < faces[best!].outline.area { best = k }
            }
            if let best { faces[best].holes.append(cycles[outer]) }
        }
        return faces
    }

    struct Face {
        var outline: Cycle
        var holes: [Cycle]
    }

    func path(of face: Face) -> BezierPath {
        face.holes.reduce(path(of: face.outline)) { $0.appending(path(of: $1)) }
    }
}
