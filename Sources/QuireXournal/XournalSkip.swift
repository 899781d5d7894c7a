/// Something in a Xournal++ file that Quire does not import, counted so the import can say what it left.
public enum XournalSkip: Hashable, Sendable, Comparable {
    case texImage, pdfBackground, pictureBackground
    /// A stroke's fill (Xournal++ fills closed shapes) or dash pattern: the stroke is imported, solid
    /// and unfilled.
    case fill, dashes
    /// An element Quire does not know, by its tag name.
    case element(String)

    /// "3 text elements skipped", "1 PDF background not imported".
    public func summary(count: Int) -> String {
        let plural = count == 1 ? "" : "s"
        switch self {
        case .texImage: return "\(count) LaTeX image\(plural) skipped"
        case .pdfBackground: return "\(count) PDF background\(plural) not imported"
        case .pictureBackground: return "\(count) picture background\(plural) not imported"
        case .fill: return "\(count) stroke fill\(plural) not imported"
        case .dashes: return "\(count) dash pattern\(plural) not imported (drawn solid)"
        case let .element(name): return "\(count) <\(name)> element\(plural) skipped"
        }
    }
}
