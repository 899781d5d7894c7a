import Foundation

/// Which engines and effects exist, which engine each tool uses, and how a stored `StrokeStyle` becomes
/// a working engine again. Engines and effects from outside this module register the same way as the
/// built-ins. Shared between threads (the app's input thread and its document loader), so every access
/// goes through a lock.
public final class InkEngineRegistry: @unchecked Sendable {
    public typealias EngineFactory = @Sendable (_ style: StrokeStyle, _ effects: [any InkEffectsEngine]) -> any InkDrawEngine
    public typealias EffectFactory = @Sendable () -> any InkEffectsEngine

    /// The registry the app uses, holding the built-ins.
    public static let standard = InkEngineRegistry()

    /// The engine used for any tool not mapped otherwise, and for strokes whose engine is unknown.
    public static let defaultEngineID = ShemanarevEngine.identifier

    private let lock = NSLock()
    private var engines: [String: EngineFactory] = [:]
    private var effects: [String: EffectFactory] = [:]
    private var engineForTool: [InkTool: String] = [:]

    /// A registry with the built-in engines and effects (or none, for `builtIns: false`).
    public init(builtIns: Bool = true) {
        guard builtIns else { return }
        register(engine: ShemanarevEngine.identifier) { ShemanarevEngine(style: $0, effects: $1) }
        register(engine: DouglasPeuckerCatmullRomEngine.identifier) { DouglasPeuckerCatmullRomEngine(style: $0, effects: $1) }
        register(engine: QuadMidpointEngine.identifier) { QuadMidpointEngine(style: $0, effects: $1) }
        register(engine: BitmapCacheEngine.identifier) { BitmapCacheEngine(style: $0, effects: $1) }
        register(effect: PressureWidthEffect.identifier) { PressureWidthEffect() }
        register(effect: DistanceWidthEffect.identifier) { DistanceWidthEffect() }
        register(effect: HighlighterEffect.identifier) { HighlighterEffect() }
        register(effect: EraserEffect.identifier) { EraserEffect() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Adds (or replaces) the engine known as `id`.
    public func register(engine id: String, _ factory: @escaping EngineFactory) {
        locked { engines[id] = factory }
    }

    /// Adds (or replaces) the effect known as `id`.
    public func register(effect id: String, _ factory: @escaping EffectFactory) {
        locked { effects[id] = factory }
    }

    public var engineIDs: [String] { locked { engines.keys.sorted() } }
    public var effectIDs: [String] { locked { effects.keys.sorted() } }

    /// Makes `tool` draw with the engine `id` from now on.
    public func setEngine(_ id: String, for tool: InkTool) {
        locked { engineForTool[tool] = id }
    }

    public func engineID(for tool: InkTool) -> String {
        locked { engineForTool[tool] ?? Self.defaultEngineID }
    }

    /// A new stroke's style: the tool's defaults in `color`, with the engine the tool is mapped to.
    public func style(for tool: InkTool, color: StrokeColor = .rgb(.black)) -> StrokeStyle {
        var style = StrokeStyle.defaults(for: tool, color: color)
        style.engineID = engineID(for: tool)
        return style
    }

    /// Fresh effects for `ids`, in order; ids nobody registered are skipped.
    public func makeEffects(_ ids: [String]) -> [any InkEffectsEngine] {
        let factories = locked { ids.compactMap { effects[$0] } }
        return factories.map { $0() }
    }

    /// An engine for a stroke in `style`: the engine the style names, or the default engine if that one
    /// is not registered (a document from a build with more engines still draws).
    public func makeEngine(for style: StrokeStyle) -> any InkDrawEngine {
        let factory = locked { engines[style.engineID] ?? engines[Self.defaultEngineID] }
        let effects = makeEffects(style.effectIDs)
        guard let factory else { return ShemanarevEngine(style: style, effects: effects) }
        return factory(style, effects)
    }

    /// A stored stroke as vectors, drawn by the engine its style names (see `InkDrawEngine.vectorInk`).
    public func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk {
        var engine = makeEngine(for: style)
        return engine.vectorInk(for: samples, style: style)
    }
}
