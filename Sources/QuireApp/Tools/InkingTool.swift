import QuireDocument
import QuireInk

/// Pen, marker, highlighter and eraser: a gesture becomes one stroke, drawn sample by sample by the
/// ink engine its style names and added to the page as one edit when the gesture ends.
public final class InkingTool: Tool {
    public let id: ToolID
    public let ink: InkTool
    /// Made once: the pointer and the toolbar ask for it every frame.
    public let offer: ToolOffer
    private var engine: (any InkDrawEngine)?
    private var style: StrokeStyle?
    private var samples: [InputSample] = []
    /// Reused for every sample: the engine refills it in place (the render queue copies out of it).
    private var update = StrokeUpdate()

    public init(_ ink: InkTool) {
        self.ink = ink
        id = ToolID(ink.rawValue)
        offer = Self.offer(for: ink)
    }

    public var isActive: Bool { engine != nil }

    public func begin(_ input: ToolInput, in context: ToolContext) {
        if isActive { end(nil, in: context) }
        guard Self.isUsable(input.sample) else { return }
        let style = context.style(for: ink, color: .rgb(context.color(id)))
        var engine = context.registry.makeEngine(for: style)
        context.renderQueue.append(.beginStroke(engine.renderStyle))
        engine.begin(input.sample, into: &update)
        self.engine = engine
        self.style = style
        samples = [input.sample]
        context.renderQueue.take(update)
    }

    public func move(_ input: ToolInput, in context: ToolContext) {
        guard engine != nil, Self.isUsable(input.sample) else { return }
        engine!.add(input.sample, into: &update)
        samples.append(input.sample)
        context.renderQueue.take(update)
    }

    public func end(_ input: ToolInput?, in context: ToolContext) {
        guard engine != nil, let style else { return }
        if let input, Self.isUsable(input.sample) {
            engine!.add(input.sample, into: &update)
            samples.append(input.sample)
            context.renderQueue.take(update)
        }
        engine!.end(into: &update)
        context.renderQueue.take(update)
        context.renderQueue.provisionalSprites = []
        // An exact copy: the page keeps every stroke, and a collected array carries up to twice its
        // samples' room (it grew by doubling).
        let stroke = Stroke(samples: samples.withUnsafeBufferPointer { Array($0) }, style: style)
        forget()
        let edit = context.editor.page.sticking(stroke)
        // Named by what the hand did, wherever the ink went (on the page, or stuck to scraps).
        let label = style.tool == .eraser ? "erasing" : "stroke"
        if case let .insert(placed) = edit, placed.count == 1, placed[0].index == context.editor.page.items.count {
            // On top of the page and in one piece: the renderer keeps the live stroke as the page's top
            // item, so the edit is not drawn again.
            context.renderQueue.append(.endStroke(placed[0].item.id))
            context.editor.apply(edit, label: label, alreadyRendered: true)
        } else {
            // Under the scraps, or in pieces that stick to them: drawn where the pieces go.
            context.renderQueue.append(.cancelStroke)
            context.editor.apply(edit, label: label)
        }
    }

    public func cancel(in context: ToolContext) {
        guard engine != nil else { return }
        engine!.cancel()
        context.renderQueue.provisionalSprites = []
        context.renderQueue.append(.cancelStroke)
        forget()
    }

    /// A sample with a position or time that is not a finite number (a damaged input log, an overflow)
    /// is passed over: it could be neither drawn nor stored. So is one beyond `InkLimits.maximumCoordinate`
    /// (a million-notch scroll mid-stroke): the engine would drop it, and the notebook must not keep it.
    static func isUsable(_ sample: InputSample) -> Bool {
        sample.position.x.isFinite && sample.position.y.isFinite && sample.time.isFinite
            && (sample.pressure?.isFinite ?? true) && sample.tiltX.isFinite && sample.tiltY.isFinite
            && (sample.wheel?.isFinite ?? true) && sample.checkedForInk != nil
    }

    private func forget() {
        engine = nil
        style = nil
        samples = []
    }
}

extension InkingTool {
    static func offer(for ink: InkTool) -> ToolOffer {
        switch ink {
        case .pen:
            // A nib: a long slanted barrel ending in a point.
            ToolOffer(name: "Pen", key: "p", help: "pen", icon: ToolIcon([
                ToolIcon.shape([(17, 3), (21, 7), (9, 19), (4, 20), (5, 15)]),
                ToolIcon.shape([(6.4, 16.2), (7.8, 17.6), (5.2, 18.8)], color: InkColor(red: 0.13, green: 0.13, blue: 0.15)),
            ]), cursor: .inkRing(filled: false))
        case .marker:
            // A broad felt tip.
            ToolOffer(name: "Marker", key: "m", help: "marker", icon: ToolIcon([
                ToolIcon.shape([(15, 2), (22, 9), (12, 19), (5, 12)]), ToolIcon.shape([(5, 13), (11, 19), (7, 22), (2, 17)]),
            ]), cursor: .inkRing(filled: false))
        case .highlighter:
            ToolOffer(name: "Highlighter", key: "h", help: "highlighter", icon: ToolIcon([
                ToolIcon.shape([(3, 17), (21, 17), (21, 22), (3, 22)], color: InkColor(red: 1, green: 0.86, blue: 0.1, alpha: 0.85)),
                ToolIcon.shape([(14, 2), (20, 8), (12, 16), (6, 10)]), ToolIcon.shape([(6, 11), (11, 16), (8, 17), (5, 14)]),
            ]), cursor: .inkRing(filled: false))
        case .eraser:
            ToolOffer(name: "Eraser", key: "e", help: "eraser", icon: ToolIcon([
                ToolIcon.shape([(13, 3), (21, 11), (12, 20), (4, 12)]),
                ToolIcon.shape([(4, 12), (8.5, 16.5), (6, 19), (1.5, 14.5)], color: InkColor(red: 0.95, green: 0.55, blue: 0.6)),
            ]), cursor: .inkRing(filled: true), penButtonName: "erase")
        }
    }
}
