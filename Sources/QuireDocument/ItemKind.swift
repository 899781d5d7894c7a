/// The kinds of item a page holds, as the store's `kind` column and the history's steps name them. The
/// row codecs, the history's codec and the blob collector switch over it, so a new kind (a case here and
/// in `PageItem.Content`) is found by the compiler everywhere it must be handled.
public enum ItemKind: String, CaseIterable, Sendable {
    case stroke, scrap, image
    case pdfPage = "pdf-page"
    case text

    /// How messages name it: "stroke", "PDF page".
    public var name: String {
        switch self {
        case .pdfPage: "PDF page"
        case .stroke, .scrap, .image, .text: rawValue
        }
    }
}
