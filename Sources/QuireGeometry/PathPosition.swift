/// A place on a path: the element that draws it, the parameter on that element, and the arc length
/// from the path's start.
public struct PathPosition: Hashable, Sendable, CustomStringConvertible {
    public var elementIndex: Int
    public var t: Double
    public var length: Double

    public init(elementIndex: Int, t: Double, length: Double) {
        (self.elementIndex, self.t, self.length) = (elementIndex, t, length)
    }

    public var description: String { "element \(elementIndex) t=\(t) at length \(length)" }
}
