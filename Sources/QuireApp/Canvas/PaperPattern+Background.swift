import QuireDocument
import QuireRender

extension PaperPattern {
    /// What the renderer prints for a page's stored background.
    public init(_ background: PageBackground) {
        let kind: Kind
        switch background.pattern {
        case .blank: kind = .blank
        case .ruled: kind = .ruled
        case .grid: kind = .grid
        case .dotted: kind = .dotted
        }
        self.init(kind: kind, lineColor: background.lineColor, spacing: background.spacing)
    }
}
