/// The tools Quire has, by id. A new tool is one file plus one line in `standard` (and a row in
/// `KeyTable` to select it).
public final class ToolRegistry {
    private var tools: [ToolID: any Tool] = [:]
    public private(set) var ids: [ToolID] = []

    public init() {}

    public func register(_ tool: any Tool) {
        if tools[tool.id] == nil { ids.append(tool.id) }
        tools[tool.id] = tool
    }

    public func tool(_ id: ToolID) -> (any Tool)? { tools[id] }

    public static var standard: ToolRegistry {
        let registry = ToolRegistry()
        registry.register(InkingTool(.pen))
        registry.register(InkingTool(.marker))
        registry.register(InkingTool(.highlighter))
        registry.register(InkingTool(.eraser))
        registry.register(SelectTool())
        registry.register(ScissorsTool())
        return registry
    }
}
