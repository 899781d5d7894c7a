/// A picture an item shows: which stored blob holds its encoded bytes (PNG, later JPEG) and its size in
/// pixels, known without decoding it.
public struct ImageReference: Hashable, Sendable, Codable {
    public var blob: BlobID
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(blob: BlobID, pixelWidth: Int, pixelHeight: Int) {
        self.blob = blob
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
