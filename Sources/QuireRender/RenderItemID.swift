/// What names an item on the renderer's page: the document's item id, as text (the renderer knows no
/// document types). Edits find their items by it, so the renderer never has to be told an index it
/// must trust; items put in without one (tests, exports) are given one of their own (`unnamed`).
public struct RenderItemID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// The text's hash (seeded, so the same only within one run), kept beside it: looking an id up
    /// among 10,000 compares these and reaches no string's bytes on the heap, where comparing the
    /// strings themselves cost a millisecond.
    private let fingerprint: Int

    public init(_ rawValue: String) {
        self.rawValue = rawValue
        fingerprint = rawValue.hashValue
    }

    public static func == (a: RenderItemID, b: RenderItemID) -> Bool {
        a.fingerprint == b.fingerprint && a.rawValue == b.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// An id no document item has (they are UUIDs): the `serial`th item this renderer was given unnamed.
    static func unnamed(_ serial: Int) -> RenderItemID {
        RenderItemID("unnamed-\(serial)")
    }

    public var description: String { rawValue }
}
