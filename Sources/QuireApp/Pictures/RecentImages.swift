import QuireImageIO

/// Decoded or rendered images kept within a byte budget, the one used longest ago dropped first: the
/// picture cache's and the PDF page cache's store (their pixels are large; their sources stay in the
/// notebook to be read again).
struct RecentImages<Key: Hashable> {
    let budget: Int
    private var images: [Key: RGBAImage] = [:]
    /// Least recently used first.
    private var order: [Key] = []
    /// Bytes of pixels held.
    private(set) var bytes = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// The image kept as `key`, now the most recently used; nil when not kept.
    mutating func use(_ key: Key) -> RGBAImage? {
        guard let known = images[key] else { return nil }
        order.removeAll { $0 == key }
        order.append(key)
        return known
    }

    /// Every image kept, for a caller that looks for a stand-in (another size of the same source).
    var all: [Key: RGBAImage] { images }

    /// Keeps `image` as `key` (replacing what was kept as it), dropping the least recently used until
    /// it fits the budget.
    @discardableResult
    mutating func keep(_ image: RGBAImage, as key: Key) -> RGBAImage {
        let size = image.pixels.count
        while bytes + size > budget, let oldest = order.first { remove(oldest) }
        if let replaced = images.updateValue(image, forKey: key) {
            bytes -= replaced.pixels.count
            order.removeAll { $0 == key }
        }
        order.append(key)
        bytes += size
        return image
    }

    /// Drops what is kept as `key`, if anything.
    mutating func remove(_ key: Key) {
        guard let image = images.removeValue(forKey: key) else { return }
        order.removeAll { $0 == key }
        bytes -= image.pixels.count
    }
}
