import QuireX11

/// The tools Quire has, by id, in the order the toolbar and the help show them. A new tool is one file
/// plus one line in `standard`: its offer gives it a toolbar button, a key, a cursor, a pen-button name
/// and its words in the help.
public final class ToolRegistry {
    private var tools: [ToolID: any Tool] = [:]
    public private(set) var ids: [ToolID] = []

    public init() {}

    public func register(_ tool: any Tool) {
        if tools[tool.id] == nil { ids.append(tool.id) }
        tools[tool.id] = tool
    }

    public func tool(_ id: ToolID) -> (any Tool)? { tools[id] }

    public func offer(_ id: ToolID) -> ToolOffer? { tools[id]?.offer }

    /// The tools with a toolbar button, in order.
    public var toolbarTools: [ToolID] { ids.filter { tools[$0]?.offer.icon != nil } }

    /// The tool whose key `input` is (a plain letter, no modifier), if any.
    public func tool(forKey input: KeyInput) -> ToolID? {
        ids.first { id in tools[id]?.offer.key.map { KeyChord(.character($0)).matches(input) } ?? false }
    }

    /// The tool a pen button's setting names (`erase`, `select`…), if any.
    public func tool(penButtonName name: String) -> ToolID? {
        ids.first { tools[$0]?.offer.penButtonName == name }
    }

    /// The words a pen button's setting may name a tool by, in order.
    public var penButtonNames: [String] { ids.compactMap { tools[$0]?.offer.penButtonName } }

    /// The key table's row for the tools: their keys and what each is.
    var keyBinding: KeyBinding {
        let keyed = ids.compactMap { id in tools[id]?.offer.key.map { (id, $0, tools[id]!.offer.help) } }
        return KeyBinding(.canvas, keyed.map { String($0.1).uppercased() }.joined(separator: ", "),
                          keyed.map(\.2).joined(separator: ", "),
                          keyed.map { (KeyChord(.character($0.1)), AppAction.selectTool($0.0)) })
    }

    public static var standard: ToolRegistry {
        let registry = ToolRegistry()
        registry.register(InkingTool(.pen))
        registry.register(InkingTool(.marker))
        registry.register(InkingTool(.highlighter))
        registry.register(InkingTool(.eraser))
        registry.register(SelectTool())
        registry.register(ScissorsTool())
        registry.register(TextTool())
        return registry
    }
}
