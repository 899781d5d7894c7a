/// A page's paper: its size (and so its orientation) and what it is printed with. What a paper change
/// (`NotebookEdit.paperChanged`) swaps; the page's items stay where they are.
public struct PagePaper: Hashable, Sendable, Codable {
    public var size: PageSize
    public var background: PageBackground

    public init(size: PageSize, background: PageBackground) {
        self.size = size
        self.background = background
    }

    /// The same paper with the next pattern: blank, ruled, grid, dotted, then blank again.
    public var withNextPattern: PagePaper {
        let patterns = PageBackground.Pattern.allCases
        var next = self
        next.background.pattern = patterns[((patterns.firstIndex(of: background.pattern) ?? 0) + 1) % patterns.count]
        return next
    }

    /// The paper turned a quarter: portrait becomes landscape and back (width and height swapped).
    public var turned: PagePaper {
        var next = self
        next.size = PageSize(width: size.height, height: size.width)
        return next
    }

    /// What is wrong with this paper for a page (its size out of `PageSize`'s limits, a spacing that is
    /// not a positive number), or nil when it is usable. Paper read from a file is checked with this.
    public var problem: String? {
        if let problem = size.problem { return problem }
        guard background.spacing.isFinite, background.spacing > 0 else { return "its pattern's spacing is \(background.spacing) px" }
        return nil
    }

    /// In a few words for the status line ("paper: ruled", "paper turned landscape").
    func change(from before: PagePaper) -> String {
        before.size != size ? "paper turned \(size.orientation.rawValue)" : "paper: \(background.pattern.rawValue)"
    }
}

extension Page {
    public var paper: PagePaper { PagePaper(size: size, background: background) }
}
