import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11

/// Where pointer, touch and wheel events go, in two stages: gestures and palm rejection (pans, pinches,
/// wheel zoom; palms ignored), then the active tool, which gets the samples of a drawing gesture in page
/// coordinates (and finds what lies under them itself, if it acts on items).
final class InputRouter {
    private let viewport: Viewport
    private let tools: ToolRegistry
    var settings = InputSettings()
    /// The tool keys selected; a gesture may use another (the eraser end, a pen button set to erase).
    var selectedTool: ToolID = .pen {
        didSet { shownTool = selectedTool }
    }
    /// The tool whose overlay the page shows: the one the latest gesture used (a pen button's scissors
    /// show their dashed path, and a refused cut its red one, though the pen is selected) until a tool
    /// is selected again.
    private(set) var shownTool: ToolID = .pen

    /// The tool drawing the current gesture, the device drawing it (0: unknown; other devices' motion
    /// stays out of it), the button that began it (only its release ends it) and what it began on.
    private var activeTool: (any Tool)?
    private var gestureDeviceID = 0
    private var gestureButton: Int?

    /// Where the pen or mouse was last seen over the window (window pixels): where a paste lands.
    private(set) var lastPointer: Point?
    /// Where a finger carrying a scrap last moved (window pixels), while two fingers carry one: the
    /// scrap tray lights up when it would take it.
    var scrapCarriedAt: Point? { scrapTouch == nil ? nil : lastScrapFinger }
    private var lastScrapFinger: Point?
    /// Where a button pan last was, and the button holding it.
    private var panAnchor: Point?
    private var panButton: Int?
    private var palms = PalmRejection()
    private var touches = TouchGestures()
    /// Two fingers holding a scrap (they move it instead of the view).
    private var scrapTouch: ScrapTouchGesture?
    /// The finger drawing the scissors' path, when the scissors are the tool and one finger came down.
    private var cuttingFinger: Int?
    /// Four fingers pulling a scrap apart.
    private var stretchTouch: StretchTouchGesture?
    /// Fingers of a stretch that ended when one of them lifted: they leave the view alone until they
    /// lift too (hands coming off the glass are not a pinch).
    private var spentFingers: Set<Int> = []
    /// The straight edge over the page, when shown (R, or two fingers held still).
    var ruler: Ruler?
    /// The pointer moving or turning the ruler.
    private var rulerDrag: RulerDrag?
    /// Two fingers that may be laying (or are carrying) the ruler.
    private var rulerFingers: RulerFingers?
    /// The ruler's edge the gesture's ink follows: it began near it.
    private var rulerEdge: Ruler.Side?

    /// Zoom factor per wheel notch, and pan distance per notch (window pixels).
    static let zoomStep = 1.25
    static let scrollStep = 48.0

    init(viewport: Viewport, tools: ToolRegistry) {
        self.viewport = viewport
        self.tools = tools
    }

    var isDrawing: Bool { activeTool?.isActive ?? false }

    /// When the router must be woken though no input comes: the gesture's tool asks (`Tool.wakeTime`),
    /// or two fingers held still will have laid the ruler.
    var wakeTime: Double? {
        let tool = activeTool?.isActive == true ? activeTool?.wakeTime : nil
        let fingers = rulerFingers.flatMap { $0.isHolding ? nil : $0.due }
        return [tool, fingers].compactMap { $0 }.min()
    }

    /// The canvas's clock reached `now`: the gesture's tool acts on what waited for it, and fingers held
    /// still long enough lay the ruler.
    func tick(now: Double, context: ToolContext) {
        if let activeTool, activeTool.isActive { activeTool.tick(now: now, in: context) }
        if var fingers = rulerFingers, !fingers.isHolding, now >= fingers.due,
           let a = touches.fingers[fingers.fingers.0], let b = touches.fingers[fingers.fingers.1] {
            fingers.isHolding = true
            rulerFingers = fingers
            ruler = RulerFingers.ruler(between: a, b, toPage: viewport.toPage, shown: ruler ?? shownRuler)
            context.renderQueue.setNeedsRedraw()
        }
    }

    /// Shows the ruler level across the middle of the window, or hides it.
    func toggleRuler(context: ToolContext) {
        ruler = ruler == nil ? shownRuler : nil
        rulerDrag = nil
        context.renderQueue.setNeedsRedraw()
    }

    func hideRuler(context: ToolContext) {
        guard ruler != nil else { return }
        toggleRuler(context: context)
    }

    private var shownRuler: Ruler {
        Ruler.shown(windowSize: viewport.windowSize, toPage: viewport.toPage, zoom: viewport.view.zoom)
    }

    /// Routes one input event; false for events that are not input (keys, window changes).
    func route(_ event: WindowEvent, context: ToolContext) -> Bool {
        switch event {
        case let .pointerDown(sample, button, shift):
            notePen(sample)
            pointerDown(sample, button: button, shift: shift ?? false, context: context)
        case let .pointerMoved(sample):
            notePen(sample)
            if let rulerDrag {
                ruler = rulerDrag.ruler(at: viewport.toPage(sample.position))
                context.renderQueue.setNeedsRedraw()
                return true
            }
            if let anchor = panAnchor {
                viewport.view.pan(by: sample.position - anchor)
                panAnchor = sample.position
            }
            if gestureDeviceID == 0 || sample.deviceID == 0 || sample.deviceID == gestureDeviceID {
                activeTool?.move(input(sample), in: context)
            }
        case let .pointerUp(sample, button, _):
            notePen(sample)
            if button == rulerDrag?.button { rulerDrag = nil }
            if button == gestureButton {
                activeTool?.end(input(sample), in: context)
                forgetGesture()
            }
            if button == panButton {
                panAnchor = nil
                panButton = nil
            }
        case let .touchBegan(id, at, time):
            touches.began(id, at: at, isPalm: palms.isPalm(at: time, penDrawing: isDrawing && gestureDeviceID != 0,
                                                            window: settings.palmRejectionSeconds))
            if cuttingFinger != nil {
                // A second finger: the user meant to pan or zoom, not to cut.
                interruptGesture(context: context, keep: false)
            } else if selectedTool == .scissors, !isDrawing, touches.fingers.count == 1, touches.fingers[id] != nil {
                cuttingFinger = id
                beginGesture(InputSample(position: at, time: time, device: .touch), button: 1, shift: false, tool: .scissors, context: context)
                return true
            }
            beginScrapTouch(context: context)
            beginStretchTouch(context: context)
            beginRulerFingers(context: context)
        case let .touchMoved(id, at, time) where id == cuttingFinger:
            touches.track(id, to: at)
            activeTool?.move(input(InputSample(position: at, time: time, device: .touch)), in: context)
        case let .touchEnded(id, at, time) where id == cuttingFinger:
            touches.track(id, to: at)
            touches.ended(id, at: at, view: &viewport.view)
            activeTool?.end(input(InputSample(position: at, time: time, device: .touch)), in: context)
            forgetGesture()
        case let .touchMoved(id, at, _) where rulerFingers?.isHolding == true && rulerFingers?.owns(id) == true:
            // The fingers that laid the ruler carry it; the view stays.
            touches.track(id, to: at)
            if let fingers = rulerFingers, let a = touches.fingers[fingers.fingers.0], let b = touches.fingers[fingers.fingers.1],
               let shown = ruler {
                ruler = RulerFingers.ruler(between: a, b, toPage: viewport.toPage, shown: shown)
                context.renderQueue.setNeedsRedraw()
            }
        case let .touchMoved(id, at, _):
            // Fingers that may yet lay the ruler pan and pinch as ever; moving more than a tremble, they
            // are panning or pinching after all.
            if let fingers = rulerFingers, fingers.owns(id), !fingers.isStill(id, at: at) { rulerFingers = nil }
            if let stretchTouch, stretchTouch.owns(id) {
                touches.track(id, to: at)
                stretchTouch.move(id, to: viewport.toPage(at), in: context)
            } else if let scrapTouch, scrapTouch.owns(id) {
                touches.track(id, to: at)
                scrapTouch.move(id, to: viewport.toPage(at), in: context)
                lastScrapFinger = at
            } else if scrapTouch != nil || stretchTouch != nil || spentFingers.contains(id) {
                // More fingers coming down on a held scrap (the other hand, to stretch it) leave the
                // view where it is.
                touches.track(id, to: at)
            } else {
                touches.moved(id, to: at, view: &viewport.view)
            }
        case let .touchEnded(id, at, _):
            if let fingers = rulerFingers, fingers.owns(id) {
                rulerFingers = nil
                if fingers.isHolding {
                    // Neither moves the view as it lifts: the other leaves it alone until it lifts too.
                    spentFingers.formUnion([fingers.fingers.0, fingers.fingers.1])
                }
            }
            if let stretchTouch, stretchTouch.owns(id) {
                stretchTouch.move(id, to: viewport.toPage(at), in: context)
                stretchTouch.end(in: context)
                self.stretchTouch = nil
                spentFingers = Set(stretchTouch.fingers)
            } else if let scrapTouch, scrapTouch.owns(id) {
                scrapTouch.move(id, to: viewport.toPage(at), in: context)
                // Carried onto the window's right edge: into the scrap tray, as the select tool's drag.
                let select = tools.tool(.select) as? SelectTool
                if select?.dropsInTray?(at) == true, let drop = select?.onDropInTray {
                    scrapTouch.cancel(in: context)
                    drop(scrapTouch.item)
                } else {
                    scrapTouch.end(in: context)
                }
                self.scrapTouch = nil
                touches.track(id, to: at)
            }
            if spentFingers.remove(id) != nil { touches.track(id, to: at) }
            touches.ended(id, at: at, view: &viewport.view)
        case let .deviceGone(id):
            // Unplugged or disabled mid-stroke: keep what was drawn, as if the pen had lifted. A gone
            // device's fingers and pans end too (X sends no more events for them).
            if isDrawing, gestureDeviceID == id {
                activeTool?.end(nil, in: context)
                forgetGesture()
            } else if cuttingFinger != nil {
                // A finger's path cut short by its device going is not what the user meant to cut.
                interruptGesture(context: context, keep: false)
            }
            panAnchor = nil
            panButton = nil
            rulerDrag = nil
            rulerFingers = nil
            scrapTouch?.end(in: context)
            scrapTouch = nil
            stretchTouch?.end(in: context)
            stretchTouch = nil
            spentFingers.removeAll()
            touches.removeAll()
        case let .scroll(dx, dy, at, control):
            if control {
                viewport.view.zoom(by: dy < 0 ? Self.zoomStep : 1 / Self.zoomStep, around: at)
            } else {
                viewport.view.pan(by: Point(-dx, -dy) * Self.scrollStep)
            }
        case .key, .resized, .exposed, .closeRequested, .devicesChanged, .filesDropped, .pasted:
            return false
        }
        return true
    }

    /// Ends the gesture in progress as if the pointer had lifted (a page is turned, a tool changes
    /// under it), or drops it.
    func interruptGesture(context: ToolContext, keep: Bool) {
        if keep { activeTool?.end(nil, in: context) } else { activeTool?.cancel(in: context) }
        forgetGesture()
    }

    // MARK: Stages

    /// What a button does for the device that pressed it: the tip or left button draws with the
    /// selected tool (an eraser end erases), a pen's side buttons do what the settings say, a mouse's
    /// middle button pans.
    private func pointerDown(_ sample: InputSample, button: Int, shift: Bool, context: ToolContext) {
        let action: PenButtonAction?
        switch button {
        case 1: action = nil
        case 2: action = sample.device.isStylus ? settings.lowerPenButton : .pan
        case 3: action = sample.device.isStylus ? settings.upperPenButton : PenButtonAction.none
        default: action = PenButtonAction.none
        }
        switch action {
        case nil:
            let tool = sample.device == .eraser ? ToolID.eraser : selectedTool
            if !takenByRuler(sample, button: button, tool: tool) {
                beginGesture(sample, button: button, shift: shift, tool: tool, context: context)
            }
        case let .tool(tool)?:
            if !takenByRuler(sample, button: button, tool: tool) {
                beginGesture(sample, button: button, shift: shift, tool: tool, context: context)
            }
        case .pan?:
            panAnchor = sample.position
            panButton = button
        case .none?:
            break
        }
    }

    /// A press on the ruler: its middle or an end takes hold of it (whatever the tool); near an edge, an
    /// inking tool's stroke follows that edge (`rulerEdge`, set for the gesture about to begin).
    private func takenByRuler(_ sample: InputSample, button: Int, tool: ToolID) -> Bool {
        rulerEdge = nil
        guard let ruler else { return false }
        let onPage = viewport.toPage(sample.position)
        switch ruler.grip(at: onPage, reach: Ruler.edgeReach / max(viewport.view.zoom, 1e-9)) {
        case let .edge(side)?:
            if InkTool(rawValue: tool.rawValue) != nil { rulerEdge = side }
            return false
        case let grip?:
            rulerDrag = RulerDrag(grip: grip, start: ruler, from: onPage, button: button)
            return true
        case nil:
            return false
        }
    }

    private func beginGesture(_ sample: InputSample, button: Int, shift: Bool, tool id: ToolID, context: ToolContext) {
        if isDrawing { interruptGesture(context: context, keep: true) }
        guard let tool = tools.tool(id) else { return }
        let onPage = alongRuler(viewport.toPage(sample))
        activeTool = tool
        shownTool = id
        gestureDeviceID = sample.deviceID
        gestureButton = button
        tool.begin(ToolInput(sample: onPage, shift: shift, alongRuler: rulerEdge != nil), in: context)
    }

    /// Two fingers just came down on the same scrap: they hold it from now on (not while the pen draws).
    private func beginScrapTouch(context: ToolContext) {
        let fingers = touches.fingers
        guard scrapTouch == nil, !isDrawing, fingers.count == 2 else { return }
        let ids = fingers.keys.sorted()
        scrapTouch = ScrapTouchGesture(fingers: (ids[0], ids[1]),
                                       at: (viewport.toPage(fingers[ids[0]]!), viewport.toPage(fingers[ids[1]]!)),
                                       on: context.editor.page)
        scrapTouch?.prepare(in: context)
    }

    /// A fourth finger just came down, all four on one scrap: they stretch it from now on. Two of them
    /// may be holding it already (the first hand); what they did to it is kept, and the stretch starts
    /// from there.
    private func beginStretchTouch(context: ToolContext) {
        let fingers = touches.fingers
        guard stretchTouch == nil, !isDrawing, fingers.count == 4 else { return }
        let points = fingers.mapValues { viewport.toPage($0) }
        if let scrapTouch {
            guard points.values.allSatisfy({ scrapTouch.current.contains($0, tolerance: 0) }) else { return }
            scrapTouch.end(in: context)
            self.scrapTouch = nil
        }
        stretchTouch = StretchTouchGesture(fingers: points, on: context.editor.page)
    }

    private func input(_ sample: InputSample) -> ToolInput {
        ToolInput(sample: alongRuler(viewport.toPage(sample)))
    }

    /// A sample of the gesture on the page, laid on the ruler's edge when the gesture follows it.
    private func alongRuler(_ sample: InputSample) -> InputSample {
        guard let rulerEdge, let ruler, sample.position.x.isFinite, sample.position.y.isFinite else { return sample }
        var laid = sample
        laid.position = ruler.onEdge(rulerEdge, sample.position)
        return laid
    }

    /// Two fingers just came down on the page, not on a scrap: held still, they will lay the ruler.
    private func beginRulerFingers(context: ToolContext) {
        let fingers = touches.fingers
        guard rulerFingers == nil, scrapTouch == nil, stretchTouch == nil, !isDrawing, fingers.count == 2 else {
            // A third finger: not a ruler after all.
            if rulerFingers?.isHolding == false { rulerFingers = nil }
            return
        }
        let ids = fingers.keys.sorted()
        rulerFingers = RulerFingers(fingers: (ids[0], ids[1]), starts: (fingers[ids[0]]!, fingers[ids[1]]!), since: context.now())
    }

    private func notePen(_ sample: InputSample) {
        lastPointer = sample.position
        if sample.device.isStylus { palms.notePen(at: sample.time) }
    }

    private func forgetGesture() {
        rulerEdge = nil
        cuttingFinger = nil
        activeTool = nil
        gestureDeviceID = 0
        gestureButton = nil
    }
}
