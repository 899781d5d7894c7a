import QuireDocument

/// Image or PDF bytes on their way into a notebook, named by their content hash once, when made: the
/// importer needs the id to build the item that shows them, and the store writes them under it.
public struct BlobBytes: Sendable {
    public let id: BlobID
    public let bytes: [UInt8]
    public let kind: BlobKind

    public init(_ bytes: [UInt8], kind: BlobKind) {
        self.bytes = bytes
        self.kind = kind
        id = BlobRows.id(of: bytes)
    }

    /// Bytes read from a notebook, whose hash the store has just checked against `id`.
    init(id: BlobID, bytes: [UInt8], kind: BlobKind) {
        self.id = id
        self.bytes = bytes
        self.kind = kind
    }
}

extension Sequence where Element == BlobBytes {
    /// The bytes by their id, for whatever draws the items that show them (the first of any repeated).
    public var bytesByID: [BlobID: [UInt8]] {
        reduce(into: [:]) { found, blob in if found[blob.id] == nil { found[blob.id] = blob.bytes } }
    }
}
