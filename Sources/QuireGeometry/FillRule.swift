/// Which points a path with overlapping or nested subpaths encloses.
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero: a hole must wind the other way.
    case nonZero
    /// Inside where a ray crosses the outline an odd number of times: nesting alone makes a hole.
    case evenOdd
}

extension FillRule {
    /// Whether a point the outline winds round `winding` times is inside by this rule.
    func holds(winding: Int) -> Bool {
        switch self {
        case .nonZero: winding != 0
        case .evenOdd: winding & 1 != 0
        }
    }
}
