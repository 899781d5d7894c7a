/// What Quire puts on the CLIPBOARD: the kinds it offers by MIME type, best first, each one's bytes made
/// when a program first asks for them (a 12-megapixel scrap's PNG is not encoded for a paste that
/// never comes). A kind whose bytes cannot be made is refused to the asker.
public struct ClipboardOffer: Sendable {
    public struct Kind: Sendable {
        public let type: String
        public let bytes: @Sendable () -> [UInt8]?

        public init(type: String, bytes: @escaping @Sendable () -> [UInt8]?) {
            self.type = type
            self.bytes = bytes
        }
    }

    public let kinds: [Kind]

    public init(_ kinds: [Kind]) {
        self.kinds = kinds
    }

    public var types: [String] { kinds.map(\.type) }
}
