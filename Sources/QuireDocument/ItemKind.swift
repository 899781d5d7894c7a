/// The kinds of item a page holds, as the store's `kind` column and the history's steps name them. The
/// row codecs, the history's codec and the blob collector switch over it, so a new kind of Quire's own
/// (a case here and in `PageItem.Content`) is found by the compiler everywhere it must be handled. A
/// kind from outside Quire's sources is `custom`, by the name it registered (`CustomItemKinds`): its type
/// answers for itself wherever it is handled.
public enum ItemKind: Hashable, Sendable, RawRepresentable {
    case stroke, scrap, image, pdfPage, text
    case custom(String)

    /// Quire's own kinds, in the order they came.
    public static let builtIn: [ItemKind] = [.stroke, .scrap, .image, .pdfPage, .text]

    /// A built-in kind by its stored name, or a registered custom one; nil for a name this Quire does
    /// not know.
    public init?(rawValue: String) {
        if let own = Self.builtIn.first(where: { $0.rawValue == rawValue }) {
            self = own
        } else if CustomItemKinds.type(named: rawValue) != nil {
            self = .custom(rawValue)
        } else {
            return nil
        }
    }

    /// The stored name: "stroke", "pdf-page", a custom kind's own.
    public var rawValue: String {
        switch self {
        case .stroke: "stroke"
        case .scrap: "scrap"
        case .image: "image"
        case .pdfPage: "pdf-page"
        case .text: "text"
        case let .custom(name): name
        }
    }

    /// How messages name it: "stroke", "PDF page", a custom kind's display name.
    public var name: String {
        switch self {
        case .pdfPage: "PDF page"
        case let .custom(name): CustomItemKinds.type(named: name)?.displayName ?? name
        case .stroke, .scrap, .image, .text: rawValue
        }
    }
}
