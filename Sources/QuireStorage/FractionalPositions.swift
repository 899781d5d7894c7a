/// Order kept as `position` numbers, so that putting rows between two others writes only the new rows:
/// pages in a notebook, items on a page. One rule for both.
enum FractionalPositions {
    /// `count` increasing positions strictly between `before` and `after` (nil: that end is open),
    /// evenly spread: one past `before` for each when nothing follows, and as if `before` were
    /// `count + 1` below `after` when nothing comes first. Nil when the gap has run out of precision
    /// for them: the caller renumbers the rows and asks again.
    static func between(_ before: Double?, _ after: Double?, count: Int = 1) -> [Double]? {
        guard count > 0 else { return [] }
        guard let after else {
            let last = before ?? 0
            return (1...count).map { last + Double($0) }
        }
        let low = before ?? after - Double(count + 1)
        let step = (after - low) / Double(count + 1)
        let spread = (1...count).map { low + step * Double($0) }
        var previous = low
        for value in spread {
            guard value > previous && value < after else { return nil }
            previous = value
        }
        return spread
    }
}
