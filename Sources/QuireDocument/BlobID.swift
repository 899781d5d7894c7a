/// Names the bytes of an image or a PDF by their content hash (lowercase hex SHA-256), so any number of
/// items — a photo cut into ten scraps, a PDF whose every page is a background — share one stored copy.
/// The document only names blobs; the store holds their bytes.
public struct BlobID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Nil unless `hex` is 64 lowercase hexadecimal digits: a name that cannot be a SHA-256 is refused
    /// where it comes in, not looked up.
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            return nil
        }
        rawValue = hex
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = BlobID(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a blob id must be 64 hex digits"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
