/// The window divided into square tiles, each either sharp (rendered from vectors at the current view)
/// or stale (showing the scaled page texture until its turn comes). After a zoom or pan every tile is
/// stale; a few are re-rendered each frame, nearest the window's centre first.
public struct ViewTiles: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let tileSize: Int
    public var columns: Int { (width + tileSize - 1) / tileSize }
    public var rows: Int { (height + tileSize - 1) / tileSize }
    private var sharp: [Bool]

    public init(width: Int, height: Int, tileSize: Int = 256) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.tileSize = tileSize
        sharp = []
        sharp = Array(repeating: false, count: columns * rows)
    }

    /// A tile's rectangle in window pixels (y down): x, y, width, height, clipped to the window.
    public func rect(ofTile index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = (index % columns) * tileSize, y = (index / columns) * tileSize
        return (x, y, min(tileSize, width - x), min(tileSize, height - y))
    }

    public var count: Int { sharp.count }
    public var allSharp: Bool { !sharp.contains(false) }
    public func isSharp(_ index: Int) -> Bool { sharp[index] }

    public mutating func markAllStale() {
        for i in sharp.indices { sharp[i] = false }
    }

    public mutating func markSharp(_ index: Int) { sharp[index] = true }

    /// The stale tiles, nearest the centre first: what a person looks at sharpens first.
    public var staleTilesCentreFirst: [Int] {
        let cx = Double(width) / 2, cy = Double(height) / 2
        return sharp.indices.filter { !sharp[$0] }.sorted { a, b in
            let ra = rect(ofTile: a), rb = rect(ofTile: b)
            let da = (Double(ra.x + ra.width / 2) - cx).magnitude + (Double(ra.y + ra.height / 2) - cy).magnitude
            let db = (Double(rb.x + rb.width / 2) - cx).magnitude + (Double(rb.y + rb.height / 2) - cy).magnitude
            return da == db ? a < b : da < db
        }
    }
}
