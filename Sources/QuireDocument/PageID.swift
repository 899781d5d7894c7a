import Foundation

/// A page's identity, stable across renames, reorders and moves between notebooks (a moved page keeps
/// it; a copy gets a new one). A UUID string, so it reads well in JSON and SQL.
public struct PageID: Hashable, Sendable, Codable, CustomStringConvertible {
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
