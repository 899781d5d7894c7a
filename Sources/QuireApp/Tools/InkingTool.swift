import QuireDocument
import QuireGeometry
import QuireInk

/// Pen, marker, highlighter and eraser: a gesture becomes one stroke, drawn sample by sample by the
/// ink engine its style names and added to the page as one edit when the gesture ends.
///
/// Held still for half a second at its end (`StrokeHold`), a pen's, marker's or highlighter's stroke
/// that is nearly a line, rectangle, ellipse, triangle or arrow (`ShapeRecognizer`) is shown as the
/// clean shape; lifted then, the shape is kept, one undo step after the hand-drawn stroke (undo gives
/// that back). Moving on instead goes back to the hand-drawn stroke and carries on drawing it.
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
    private var hold = StrokeHold(at: Point(0, 0), now: 0)
    /// The clean shape shown in place of the stroke while the pen stays still, and its samples.
    private var shaped: (shape: RecognizedShape, samples: [InputSample])?
    /// The gesture's samples are laid along the ruler.
    private var followsRuler = false

    public init(_ ink: InkTool) {
        self.ink = ink
        id = ToolID(ink.rawValue)
        offer = Self.offer(for: ink)
    }

    public var isActive: Bool { engine != nil }

    public var wakeTime: Double? {
        isActive && shaped == nil && !hold.isSpent && ink != .eraser && !followsRuler ? hold.due : nil
    }

    public func begin(_ input: ToolInput, in context: ToolContext) {
        if isActive { end(nil, in: context) }
        guard Self.isUsable(input.sample) else { return }
        let style = context.style(for: ink, color: .rgb(context.color(id)))
        self.style = style
        samples = [input.sample]
        hold = StrokeHold(at: input.sample.position, now: context.now())
        // Along the ruler, a stroke is the ruler's line: never taken for another.
        followsRuler = input.alongRuler
        startLiveStroke(drawing: samples, in: context)
    }

    public func move(_ input: ToolInput, in context: ToolContext) {
        guard engine != nil, Self.isUsable(input.sample) else { return }
        samples.append(input.sample)
        let movedOn = hold.pen(at: input.sample.position, now: context.now(), radius: holdRadius(context))
        if shaped != nil {
            // The shape is shown while the pen stays; moving on draws the hand's stroke again, on from here.
            if movedOn { unshape(in: context) }
            return
        }
        engine!.add(input.sample, into: &update)
        context.renderQueue.take(update)
        tick(now: context.now(), in: context)
    }

    public func tick(now: Double, in context: ToolContext) {
        guard isActive, shaped == nil, ink != .eraser, !followsRuler, hold.isDue(now: now) else { return }
        hold.isSpent = true
        guard let shape = ShapeRecognizer.recognize(samples.map(\.position)) else { return }
        let clean = shape.samples(replacing: samples)
        guard !clean.isEmpty, clean.allSatisfy(Self.isUsable) else { return }
        shaped = (shape, clean)
        startLiveStroke(drawing: clean, in: context, finished: true)
    }

    public func end(_ input: ToolInput?, in context: ToolContext) {
        guard engine != nil, let style else { return }
        if let input, Self.isUsable(input.sample) {
            if shaped != nil {
                samples.append(input.sample)
                if hold.pen(at: input.sample.position, now: context.now(), radius: holdRadius(context)) { unshape(in: context) }
            } else {
                engine!.add(input.sample, into: &update)
                samples.append(input.sample)
                context.renderQueue.take(update)
            }
        }
        if let shaped {
            keepShape(shaped, of: style, in: context)
            return
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

    /// The hand-drawn stroke goes on the page, then the shape replaces it: two steps, so that one undo
    /// gives back what the hand drew. Both stick to scraps as any stroke does.
    private func keepShape(_ shaped: (shape: RecognizedShape, samples: [InputSample]), of style: StrokeStyle, in context: ToolContext) {
        context.renderQueue.provisionalSprites = []
        context.renderQueue.append(.cancelStroke)
        // Exact copies, as for any stroke kept (`end`).
        let hand = Stroke(samples: samples.withUnsafeBufferPointer { Array($0) }, style: style)
        let clean = Stroke(samples: shaped.samples.withUnsafeBufferPointer { Array($0) }, style: style)
        forget()
        let page = context.editor.page
        let drawn = page.sticking(hand)
        guard context.editor.apply(drawn, label: "stroke") else { return }
        context.editor.apply(.combined([drawn.inverse, page.sticking(clean)]), label: "\(shaped.shape.kind.rawValue) from the stroke")
    }

    /// Starts the renderer's live stroke afresh with a new engine drawing `samples` (`finished`: all of
    /// them, the stroke ended there).
    private func startLiveStroke(drawing samples: [InputSample], in context: ToolContext, finished: Bool = false) {
        guard let style, let first = samples.first else { return }
        if engine != nil {
            engine!.cancel()
            context.renderQueue.provisionalSprites = []
            context.renderQueue.append(.cancelStroke)
        }
        var engine = context.registry.makeEngine(for: style)
        context.renderQueue.append(.beginStroke(engine.renderStyle))
        engine.begin(first, into: &update)
        context.renderQueue.take(update)
        for sample in samples.dropFirst() {
            engine.add(sample, into: &update)
            context.renderQueue.take(update)
        }
        if finished {
            engine.end(into: &update)
            context.renderQueue.take(update)
        }
        self.engine = engine
    }

    /// Back from the shape to the hand-drawn stroke, every sample so far.
    private func unshape(in context: ToolContext) {
        shaped = nil
        startLiveStroke(drawing: samples, in: context)
    }

    /// `StrokeHold.windowRadius` in page pixels at the view's zoom.
    private func holdRadius(_ context: ToolContext) -> Double {
        let scale = abs(context.pageToWindow.determinant).squareRoot()
        return StrokeHold.windowRadius / (scale > 0 && scale.isFinite ? scale : 1)
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
        shaped = nil
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
