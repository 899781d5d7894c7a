/// How a page image is cut into pieces that one offscreen render can hold: horizontal bands, top
/// first (the order a PNG takes its rows), each band as wide as the image and cut into columns no wider
/// than the tile limit. A band's pixels are read back side by side into one buffer of whole image rows,
/// so its rows go to the PNG writer without being copied again. Bands are also kept to about
/// `bandPixels`, so the memory an export holds does not depend on how large the image is.
public struct ExportTiling: Equatable, Sendable {
    /// About 8 MB of RGBA a band: a Letter page at 300 dpi goes in five. Each band is held up to four times
    /// (the tile rendered, and the read-back slots in flight), and a whole page a band was a third of a
    /// gigabyte resident; whether a page can be stored gray is known from what it draws
    /// (`PageBandRenderer.drawsOnlyGray`), not from seeing it whole.
    public static let defaultBandPixels = 2 << 20

    public let width: Int
    public let height: Int
    /// Rows of each band, top first.
    public let bands: [Range<Int>]
    /// Columns of each band, left first.
    public let columns: [Range<Int>]
    /// The largest side one render may have.
    public let tileLimit: Int

    /// `tileLimit`: the largest side one render may have (`PageImageSize.currentMaximumSide()`; tests
    /// lower it to make tiles of a small image).
    public init(width: Int, height: Int, tileLimit: Int, bandPixels: Int = Self.defaultBandPixels) {
        precondition(width >= 1 && height >= 1 && tileLimit >= 1, "an image and a tile have at least one pixel")
        self.width = width
        self.height = height
        self.tileLimit = tileLimit
        let bandHeight = max(1, min(tileLimit, height, max(64, bandPixels / width)))
        bands = Self.pieces(of: height, size: bandHeight)
        columns = Self.pieces(of: width, size: min(tileLimit, width))
    }

    /// `0..<total` in consecutive pieces of `size` (the last may be shorter).
    private static func pieces(of total: Int, size: Int) -> [Range<Int>] {
        stride(from: 0, to: total, by: size).map { $0..<min(total, $0 + size) }
    }

    /// Renders needed in all.
    public var tileCount: Int { bands.count * columns.count }

    /// The bytes of the largest band's rows (RGBA8).
    public var largestBandBytes: Int { (bands.map(\.count).max() ?? 0) * width * 4 }
}
