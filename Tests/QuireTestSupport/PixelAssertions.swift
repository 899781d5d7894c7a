import QuireImageIO

/// Questions a person would ask of a picture: is there ink here, and nowhere else?
public extension RGBAImage {
    /// True where a pixel is clearly darker than white paper.
    func isInked(x: Int, y: Int, threshold: Double = 200) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return self[x, y].luma < threshold
    }

    /// Inked pixels inside the rectangle [x0, x1) × [y0, y1).
    func inkedCount(x0: Int, y0: Int, x1: Int, y1: Int, threshold: Double = 200) -> Int {
        var n = 0
        for y in max(0, y0)..<min(height, y1) {
            for x in max(0, x0)..<min(width, x1) where isInked(x: x, y: y, threshold: threshold) { n += 1 }
        }
        return n
    }

    /// Inked pixels in column `x` between `y0` and `y1`: the stroke's thickness there.
    func inkedRun(column x: Int, y0: Int, y1: Int, threshold: Double = 200) -> Int {
        inkedCount(x0: x, y0: y0, x1: x + 1, y1: y1, threshold: threshold)
    }

    /// The inked pixels connected (8-neighbourhood) to the inked pixel nearest `start` within
    /// `radius`: one stroke, followed wherever it goes. Empty when there is no ink near `start`.
    func connectedInk(from start: (Int, Int), radius: Int = 2, threshold: Double = 200) -> Set<Int> {
        var seed: Int?
        search: for r in 0...radius {
            for dy in -r...r {
                for dx in -r...r where isInked(x: start.0 + dx, y: start.1 + dy, threshold: threshold) {
                    seed = (start.1 + dy) * width + start.0 + dx
                    break search
                }
            }
        }
        guard let seed else { return [] }
        var seen: Set<Int> = [seed]
        var stack = [seed]
        while let p = stack.popLast() {
            let (x, y) = (p % width, p / width)
            for dy in -1...1 {
                for dx in -1...1 where isInked(x: x + dx, y: y + dy, threshold: threshold) {
                    let q = (y + dy) * width + x + dx
                    if seen.insert(q).inserted { stack.append(q) }
                }
            }
        }
        return seen
    }

    /// True when some pixel of `region` lies within `radius` of `point`.
    func region(_ region: Set<Int>, reaches point: (Int, Int), radius: Int = 2) -> Bool {
        for dy in -radius...radius {
            for dx in -radius...radius where region.contains((point.1 + dy) * width + point.0 + dx) { return true }
        }
        return false
    }

    /// Writes the image next to the test's other output when a test fails, so a person can look.
    func saveForInspection(named name: String) -> String {
        let path = "/tmp/quire-test-\(name).png"
        try? PNG.write(self, to: path, speed: .fast)
        return path
    }
}
