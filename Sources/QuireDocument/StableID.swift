import Foundation

/// An identity that stays with a thing across renames, reorders, edits, saves and moves between
/// notebooks (a copy gets a new one): a lowercase UUID string, so it reads well in JSON and SQL. `Kind`
/// only keeps a page's id from being passed where an item's is wanted.
public struct StableID<Kind>: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    /// A hash of `rawValue` kept beside it: ids that differ nearly always differ here, so comparing two
    /// reads no string's bytes (a page's check that an inserted item is not on it already compares the
    /// new id with all 10,000 of a full page's, and reaching each string's bytes on the heap cost a
    /// millisecond on the frame that finishes a stroke).
    private let fingerprint: UInt64

    public init() { self.init(UUID().uuidString.lowercased()) }
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        fingerprint = Self.fingerprint(of: rawValue)
    }

    public init(from decoder: Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (a: StableID, b: StableID) -> Bool {
        a.fingerprint == b.fingerprint && a.rawValue == b.rawValue
    }

    /// The text itself, through the seeded hasher: ids come from files, and FNV-1a collisions are easy to
    /// make, so a crafted notebook whose ids all shared a fingerprint would turn every set of ids into a
    /// list. Only `==` takes the fingerprint's shortcut.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    static func fingerprint(of text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    public var description: String { rawValue }
}

public enum PageIdentity {}
public enum ItemIdentity {}

/// A page's identity.
public typealias PageID = StableID<PageIdentity>
/// An item's identity on its page.
public typealias ItemID = StableID<ItemIdentity>
