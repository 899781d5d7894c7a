import QuireGeometry

/// The content of an item whose kind is not one of Quire's own: a kind added from outside Quire's
/// sources (a test target now, a plug-in later) as one type and one registration
/// (`CustomItemKinds.register`).
///
/// The model asks the type for what every item must answer: its extent, how a gesture carries it,
/// whether it lies under a point, what makes it unusable, the blobs it shows. The store writes it as its
/// JSON under its kind's name, in item rows and history steps alike, and checks it with `problem` as it
/// reads it back. The layers above ask it through a protocol of their own, which the same type adopts in
/// a file of that layer's: drawing in the window and in page images (`DrawnCustomItem`, QuireApp),
/// vector export (`VectorCustomItem`, QuirePDF). Where a layer's protocol is not adopted the item is left
/// out there (Xournal++ export counts it as skipped).
public protocol CustomItemContent: Codable, Sendable, Equatable {
    /// The name its rows are stored under (the `kind` column, the history's steps): lower-case letters,
    /// digits and hyphens, and not one of `ItemKind`'s own. Part of the file format: never renamed.
    static var kindName: String { get }
    /// How messages name it ("sticker"); the kind's name unless the type says otherwise.
    static var displayName: String { get }
    /// The area it can draw on, in the coordinates of what holds it (the page, or a scrap).
    var bounds: Rect { get }
    /// It carried through `map`, or nil when part of it would land on the map's line at infinity
    /// (`PageItem.transformed(by:)`).
    func transformed(by map: Homography) -> Self?
    /// Whether it draws at `point`, or within `tolerance` of it; anywhere in its bounds unless the type
    /// says otherwise.
    func contains(_ point: Point, tolerance: Double) -> Bool
    /// What makes it unusable (a non-finite or absurd value read from a file), in words that name the
    /// value, or nil: checked before anything is sized from it, as every kind is (`ItemLimits`).
    var problem: String? { get }
    /// The stored blobs it shows, kept while it or a kept step names them; none unless it says so.
    var blobs: Set<BlobID> { get }
}

extension CustomItemContent {
    public static var displayName: String { kindName }

    public func contains(_ point: Point, tolerance: Double) -> Bool {
        bounds.outsetBy(tolerance).contains(point)
    }

    public var blobs: Set<BlobID> { [] }

    fileprivate func isEqual(to other: any CustomItemContent) -> Bool {
        (other as? Self) == self
    }

    fileprivate func carried(by map: Homography) -> (any CustomItemContent)? {
        transformed(by: map)
    }
}

/// An item of a custom kind as a page holds it: its content, of whichever registered type.
///
/// The content is held in a box of its own: a page's items are copied and compared by the thousand
/// (every edit checks ids along the page), and an existential inside `PageItem.Content` made every
/// item, of every kind, copy through the runtime's generic witnesses (undo of a cut on a 10,000-stroke
/// page went from 0.1 ms to 3.5 ms). A box is one reference: items copy as fast as without it. The
/// content never changes once boxed (`transformed` makes a new item), so sharing it is safe.
public struct CustomItem: Equatable, Sendable, Codable {
    private final class Box: Sendable {
        let content: any CustomItemContent
        init(_ content: any CustomItemContent) { self.content = content }
    }

    private let box: Box

    public var content: any CustomItemContent { box.content }

    public init(_ content: some CustomItemContent) {
        box = Box(content)
    }

    private init(existential content: any CustomItemContent) {
        box = Box(content)
    }

    /// The name its rows are stored under.
    public var kindName: String { type(of: content).kindName }
    public var displayName: String { type(of: content).displayName }
    public var bounds: Rect { content.bounds }
    public var problem: String? { content.problem }
    public var blobs: Set<BlobID> { content.blobs }

    public func contains(_ point: Point, tolerance: Double) -> Bool {
        content.contains(point, tolerance: tolerance)
    }

    public func transformed(by map: Homography) -> CustomItem? {
        content.carried(by: map).map(CustomItem.init(existential:))
    }

    public static func == (a: CustomItem, b: CustomItem) -> Bool {
        a.box === b.box || a.content.isEqual(to: b.content)
    }

    /// The content of kind `kindName` read from `decoder` (its JSON as `encodeContent` wrote it).
    /// Throws `DecodingError.dataCorrupted` for a kind no type is registered under.
    public static func decode(kind kindName: String, from decoder: Decoder) throws -> CustomItem {
        guard let type = CustomItemKinds.type(named: kindName) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "an item of a kind this Quire does not know (\(kindName))"))
        }
        return CustomItem(existential: try type.init(from: decoder))
    }

    /// Writes the content alone (its kind is written beside it by whoever stores it).
    public func encodeContent(to encoder: Encoder) throws {
        try content.encode(to: encoder)
    }

    private enum Key: String, CodingKey { case kind, content }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self = try Self.decode(kind: try container.decode(String.self, forKey: .kind),
                               from: try container.superDecoder(forKey: .content))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kindName, forKey: .kind)
        try encodeContent(to: container.superEncoder(forKey: .content))
    }
}
