import Foundation

/// An identity that stays with a thing across renames, reorders, edits, saves and moves between
/// notebooks (a copy gets a new one): a lowercase UUID string, so it reads well in JSON and SQL. `Kind`
/// only keeps a page's id from being passed where an item's is wanted.
public struct StableID<Kind>: Hashable, Sendable, Codable, CustomStringConvertible {
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

public enum PageIdentity {}
public enum ItemIdentity {}

/// A page's identity.
public typealias PageID = StableID<PageIdentity>
/// An item's identity on its page.
public typealias ItemID = StableID<ItemIdentity>
