/// An edit in a few words, for the status line's "Undid: …" and "Redid: …" and for the history a store
/// keeps: what a person would call it. A tool that knows better (the scissors' "cut into 5 pieces")
/// names its edit itself.
extension PageEdit {
    public var summary: String {
        switch self {
        case let .insert(items): return Self.counted(items.map(\.item), verb: "added")
        case let .remove(items): return Self.counted(items.map(\.item), verb: "deleted")
        case let .replace(removed, inserted):
            if removed.count == 1, removed[0].item.itemKind == .scrap, inserted.allSatisfy({ $0.item.itemKind == .scrap }) {
                return "cut into \(inserted.count) pieces"
            }
            return "\(Self.things(removed.map(\.item))) replaced"
        case let .update(changes): return Self.counted(changes.map(\.after), verb: "changed")
        case let .reorder(_, from, to): return to > from ? "brought forward" : "sent back"
        case let .combined(edits):
            // A stroke across scraps: its page part first, then the scraps it stuck to.
            return edits.first?.summary ?? "nothing"
        }
    }

    /// "stroke", "3 strokes", "erasing", "scrap added", "2 items deleted".
    private static func counted(_ items: [PageItem], verb: String) -> String {
        if !items.isEmpty, verb == "added", items.allSatisfy({ $0.itemKind == .stroke }) {
            if items.allSatisfy({ $0.stroke?.style.tool == .eraser }) { return "erasing" }
            return items.count == 1 ? "stroke" : "\(items.count) strokes"
        }
        return "\(things(items)) \(verb)"
    }

    private static func things(_ items: [PageItem]) -> String {
        let kinds = Set(items.map(\.itemKind))
        guard kinds.count == 1, let kind = kinds.first else { return "\(items.count) items" }
        let name = kind.name
        return items.count == 1 ? name : "\(items.count) \(name)s"
    }
}
