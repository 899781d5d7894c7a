import QuireGeometry

/// Where the person was in a notebook: the page and how it sat in the window. Saved with the notebook,
/// so starting again (after a quit or a crash) returns to the same page and view.
public struct NotebookView: Equatable, Sendable, Codable {
    public var pageID: PageID
    /// Page pixels → window pixels, as `a b c d tx ty`.
    public var pageToWindow: [Double]

    public init(pageID: PageID, pageToWindow: AffineTransform = .identity) {
        self.pageID = pageID
        let t = pageToWindow
        self.pageToWindow = [t.a, t.b, t.c, t.d, t.tx, t.ty]
    }

    public var transform: AffineTransform {
        guard pageToWindow.count == 6 else { return .identity }
        let v = pageToWindow
        return AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }
}
