/// A picture an item shows: which stored blob holds its encoded bytes (PNG or JPEG) and its size in
/// pixels, known without decoding it.
///
/// The size is the picture's UPRIGHT size, as a person sees it: a JPEG whose EXIF orientation turns it
/// a quarter turn stores its bytes as the camera wrote them (never re-encoded), so its encoded width and
/// height are swapped here. Whatever decodes the blob for drawing applies the orientation, and an item's
/// geometry (a scrap's outline and image rect) is laid out in these upright pixels.
public struct ImageReference: Hashable, Sendable, Codable {
    public var blob: BlobID
    /// Upright width in pixels (EXIF orientation applied).
    public var pixelWidth: Int
    /// Upright height in pixels (EXIF orientation applied).
    public var pixelHeight: Int

    public init(blob: BlobID, pixelWidth: Int, pixelHeight: Int) {
        self.blob = blob
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
