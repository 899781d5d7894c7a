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

    /// Writes the image next to the test's other output when a test fails, so a person can look.
    func saveForInspection(named name: String) -> String {
        let path = "/tmp/quire-test-\(name).png"
        try? PNG.write(self, to: path, speed: .fast)
        return path
    }
}
