import Foundation

/// Fewest pieces through points that lie along a smooth curve (Schneider's algorithm, "An Algorithm
/// for Automatically Fitting Digitized Curves", Graphics Gems 1990): one cubic whose ends are the first
/// and last point, leaving along the curve's own tangents there, its two handle lengths solved by least
/// squares over the points in between; where it strays too far, the points are split at the worst one
/// and each half fitted alike. Points that all lie near their chord become one line instead.
///
/// The pieces join end to end with the curve's own tangent at every join, so the path has no corners
/// the points did not have.
public enum CurveFit {
    /// Pieces (lines and cubics, joined end to end from `points.first` to `points.last`) that pass
    /// within `tolerance` of every point, and within `tolerance + stepTolerance` of the straight step
    /// between neighbouring points halfway along it: the points are taken as a curve's, whose steps
    /// stray up to `stepTolerance` from it, so a piece that follows that curve may be that much further
    /// from the step. `tangents[k]` is the direction of travel at `points[k]` (of any length); a zero
    /// one is taken from the neighbouring points. Nothing for fewer than two points.
    public static func fit(_ points: [Point], tangents: [Point], tolerance: Double, stepTolerance: Double = 0) -> [BezierCurve] {
        guard points.count >= 2, tangents.count == points.count else { return [] }
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
        let stepTolerance = stepTolerance > 0 && stepTolerance.isFinite ? stepTolerance : 0
        var result: [BezierCurve] = []
        result.reserveCapacity(points.count / 4 + 1)
        var fitter = Fitter(points: points, tangents: tangents, tolerance: tolerance, stepTolerance: stepTolerance)
        fitter.fit(0, points.count - 1, into: &result)
        return result
    }

    private struct Fitter {
        let points: [Point]
        let tangents: [Point]
        let tolerance: Double
        let stepTolerance: Double
        /// Scratch: the parameter of each point on the cubic being tried.
        var parameters: [Double] = []

        init(points: [Point], tangents: [Point], tolerance: Double, stepTolerance: Double) {
            self.points = points
            self.tangents = tangents
            self.tolerance = tolerance
            self.stepTolerance = stepTolerance
            parameters = [Double](repeating: 0, count: points.count)
        }

        /// Leaving `first` forward along the curve; arriving at `last` (the direction back along it).
        private func tangent(at index: Int, first: Int, last: Int, leaving: Bool) -> Point {
            let given = tangents[index]
            if given.lengthSquared > 0, given.x.isFinite, given.y.isFinite {
                let unit = given.normalized
                return leaving ? unit : -unit
            }
            let other = leaving ? points[min(index + 1, last)] : points[max(index - 1, first)]
            let chord = other - points[index]
            return chord.lengthSquared > 0 ? chord.normalized : .zero
        }

        mutating func fit(_ first: Int, _ last: Int, into result: inout [BezierCurve]) {
            let a = points[first], b = points[last]
            // Neighbouring points: the step between them is the caller's own (within its tolerance).
            if last - first == 1 {
                result.append(BezierCurve(line: a, b))
                return
            }
            if nearChord(first, last) {
                result.append(BezierCurve(line: a, b))
                return
            }
            let leave = tangent(at: first, first: first, last: last, leaving: true)
            let arrive = tangent(at: last, first: first, last: last, leaving: false)
            chordParameters(first, last)
            var curve = cubic(first, last, leave, arrive)
            var (error, worst) = maxError(curve, first, last)
            // Close misses often fit once each point's parameter is moved to its nearest place on the
            // cubic (a Newton step); far misses are split straight away.
            var tries = 0
            while error > tolerance, error < 10 * tolerance, tries < 4 {
                reparameterize(curve, first, last)
                curve = cubic(first, last, leave, arrive)
                (error, worst) = maxError(curve, first, last)
                tries += 1
            }
            if error <= tolerance {
                result.append(curve)
                return
            }
            let split = min(max(worst, first + 1), last - 1)
            fit(first, split, into: &result)
            fit(split, last, into: &result)
        }

        /// Whether every point between lies within the tolerance of the straight step from first to last.
        private func nearChord(_ first: Int, _ last: Int) -> Bool {
            let a = points[first], ab = points[last] - a, lengthSquared = ab.lengthSquared
            for k in (first + 1)..<last {
                let p = points[k] - a
                let t = lengthSquared > 0 ? min(1, max(0, p.dot(ab) / lengthSquared)) : 0
                if (p - ab * t).lengthSquared > tolerance * tolerance { return false }
            }
            return true
        }

        private mutating func chordParameters(_ first: Int, _ last: Int) {
            parameters[first] = 0
            for k in (first + 1)...last { parameters[k] = parameters[k - 1] + points[k].distance(to: points[k - 1]) }
            let total = parameters[last]
            guard total > 0 else {
                for k in first...last { parameters[k] = Double(k - first) / Double(last - first) }
                return
            }
            for k in (first + 1)...last { parameters[k] /= total }
        }

        /// The cubic from `first` to `last` along the given end tangents whose handle lengths minimise
        /// the squared distances to the points at their parameters; a third of the chord each where that
        /// has no sound answer.
        private func cubic(_ first: Int, _ last: Int, _ leave: Point, _ arrive: Point) -> BezierCurve {
            let a = points[first], b = points[last]
            var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
            for k in first...last {
                let u = parameters[k], s = 1 - u
                let b0 = s * s * s, b1 = 3 * s * s * u, b2 = 3 * s * u * u, b3 = u * u * u
                let a1 = leave * b1, a2 = arrive * b2
                c00 += a1.dot(a1)
                c01 += a1.dot(a2)
                c11 += a2.dot(a2)
                let rest = points[k] - (a * (b0 + b1) + b * (b2 + b3))
                x0 += a1.dot(rest)
                x1 += a2.dot(rest)
            }
            let determinant = c00 * c11 - c01 * c01
            let chord = a.distance(to: b)
            var alpha1 = chord / 3, alpha2 = chord / 3
            if abs(determinant) > 1e-12 * max(1, c00 * c11) {
                let l = (x0 * c11 - x1 * c01) / determinant, r = (c00 * x1 - c01 * x0) / determinant
                // A handle that points backwards or is negligibly short makes a loop or a kink.
                let shortest = 1e-6 * chord
                if l > shortest, r > shortest, l.isFinite, r.isFinite { (alpha1, alpha2) = (l, r) }
            }
            return BezierCurve(cubic: a, a + leave * alpha1, b + arrive * alpha2, b)
        }

        /// The largest distance from a point to the cubic at its parameter, or from the cubic halfway
        /// between two points' parameters to the step between them less the step's own allowance; and
        /// the point nearest where it was.
        private func maxError(_ curve: BezierCurve, _ first: Int, _ last: Int) -> (Double, Int) {
            var worst = 0.0, index = (first + last) / 2
            for k in (first + 1)...last {
                if k < last {
                    let d = curve.point(at: parameters[k]).distance(to: points[k])
                    if d > worst { (worst, index) = (d, k) }
                }
                let middle = curve.point(at: (parameters[k - 1] + parameters[k]) / 2)
                let d = middle.distance(toSegment: points[k - 1], points[k]) - stepTolerance
                if d > worst { (worst, index) = (d, k - 1 > first ? k - 1 : k) }
            }
            return (worst.isFinite ? worst : .infinity, index)
        }

        /// Each point's parameter moved by one Newton step towards its nearest place on `curve`.
        private mutating func reparameterize(_ curve: BezierCurve, _ first: Int, _ last: Int) {
            for k in (first + 1)..<last {
                let u = parameters[k]
                let d = curve.point(at: u) - points[k], d1 = curve.derivative(at: u), d2 = curve.secondDerivative(at: u)
                let denominator = d1.dot(d1) + d.dot(d2)
                guard denominator != 0, denominator.isFinite else { continue }
                parameters[k] = min(1, max(0, u - d.dot(d1) / denominator))
            }
        }
    }
}
