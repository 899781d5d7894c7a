import Foundation

/// An item's identity on its page, stable across edits, undo, saves and moves between notebooks (a
/// copy gets a new one). A UUID string, like `PageID`, so it reads well in JSON and SQL.
public struct ItemID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init() { rawValue = UUID().uuidString.lowercased() }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
