import QuireInk

/// One page: its size and its strokes, oldest first. A value type, so a background save can take a
/// snapshot without locks.
public struct Page: Equatable, Sendable, Codable {
    public var size: PageSize
    public private(set) var strokes: [Stroke] = []

    public init(size: PageSize = .letter) {
        self.size = size
    }

    public mutating func append(_ stroke: Stroke) {
        strokes.append(stroke)
    }

    /// Takes the newest stroke off the page (undo), if there is one.
    @discardableResult
    public mutating func removeLast() -> Stroke? {
        strokes.popLast()
    }
}
