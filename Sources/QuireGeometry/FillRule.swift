/// Which points a path with overlapping or nested subpaths encloses.
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero: a hole must wind the other way.
    case nonZero
    /// Inside where a ray crosses the outline an odd number of times: nesting alone makes a hole.
    case evenOdd
}
