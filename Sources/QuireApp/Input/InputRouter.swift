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

    /// Zoom factor per wheel notch, and pan distance per notch (window pixels).
    static let zoomStep = 1.25
    static let scrollStep = 48.0

    init(viewport: Viewport, tools: ToolRegistry) {
        self.viewport = viewport
        self.tools = tools
    }

    var isDrawing: Bool { activeTool?.isActive ?? false }

    /// When the gesture's tool wants to be woken though no input comes (`Tool.wakeTime`).
    var wakeTime: Double? { activeTool?.isActive == true ? activeTool?.wakeTime : nil }

    /// The canvas's clock reached `now`: the gesture's tool acts on what waited for it.
    func tick(now: Double, context: ToolContext) {
        if let activeTool, activeTool.isActive { activeTool.tick(now: now, in: context) }
    }

    /// Routes one input event; false for events that are not input (keys, window changes).
    func route(_ event: WindowEvent, context: ToolContext) -> Bool {
        switch event {
        case let .pointerDown(sample, button, shift):
            notePen(sample)
            pointerDown(sample, button: button, shift: shift ?? false, context: context)
        case let .pointerMoved(sample):
            notePen(sample)
            if let anchor = panAnchor {
                viewport.view.pan(by: sample.position - anchor)
                panAnchor = sample.position
            }
            if gestureDeviceID == 0 || sample.deviceID == 0 || sample.deviceID == gestureDeviceID {
                activeTool?.move(input(sample), in: context)
            }
        case let .pointerUp(sample, button, _):
            notePen(sample)
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
        case let .touchMoved(id, at, time) where id == cuttingFinger:
            touches.track(id, to: at)
            activeTool?.move(input(InputSample(position: at, time: time, device: .touch)), in: context)
        case let .touchEnded(id, at, time) where id == cuttingFinger:
            touches.track(id, to: at)
            touches.ended(id, at: at, view: &viewport.view)
            activeTool?.end(input(InputSample(position: at, time: time, device: .touch)), in: context)
            forgetGesture()
        case let .touchMoved(id, at, _):
            if let stretchTouch, stretchTouch.owns(id) {
                touches.track(id, to: at)
                stretchTouch.move(id, to: viewport.toPage(at), in: context)
            } else if let scrapTouch, scrapTouch.owns(id) {
                touches.track(id, to: at)
                scrapTouch.move(id, to: viewport.toPage(at), in: context)
            } else if scrapTouch != nil || stretchTouch != nil || spentFingers.contains(id) {
                // More fingers coming down on a held scrap (the other hand, to stretch it) leave the
                // view where it is.
                touches.track(id, to: at)
            } else {
                touches.moved(id, to: at, view: &viewport.view)
            }
        case let .touchEnded(id, at, _):
            if let stretchTouch, stretchTouch.owns(id) {
                stretchTouch.move(id, to: viewport.toPage(at), in: context)
                stretchTouch.end(in: context)
                self.stretchTouch = nil
                spentFingers = Set(stretchTouch.fingers)
            } else if let scrapTouch, scrapTouch.owns(id) {
                scrapTouch.move(id, to: viewport.toPage(at), in: context)
                scrapTouch.end(in: context)
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
            beginGesture(sample, button: button, shift: shift, tool: sample.device == .eraser ? .eraser : selectedTool,
                         context: context)
        case let .tool(tool)?:
            beginGesture(sample, button: button, shift: shift, tool: tool, context: context)
        case .pan?:
            panAnchor = sample.position
            panButton = button
        case .none?:
            break
        }
    }

    private func beginGesture(_ sample: InputSample, button: Int, shift: Bool, tool id: ToolID, context: ToolContext) {
        if isDrawing { interruptGesture(context: context, keep: true) }
        guard let tool = tools.tool(id) else { return }
        let onPage = viewport.toPage(sample)
        activeTool = tool
        shownTool = id
        gestureDeviceID = sample.deviceID
        gestureButton = button
        tool.begin(ToolInput(sample: onPage, shift: shift), in: context)
    }

    /// Two fingers just came down on the same scrap: they hold it from now on (not while the pen draws).
    private func beginScrapTouch(context: ToolContext) {
        let fingers = touches.fingers
        guard scrapTouch == nil, !isDrawing, fingers.count == 2 else { return }
        let ids = fingers.keys.sorted()
        scrapTouch = ScrapTouchGesture(fingers: (ids[0], ids[1]),
                                       at: (viewport.toPage(fingers[ids[0]]!), viewport.toPage(fingers[ids[1]]!)),
                                       on: context.editor.page)
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
        ToolInput(sample: viewport.toPage(sample))
    }

    private func notePen(_ sample: InputSample) {
        if sample.device.isStylus { palms.notePen(at: sample.time) }
    }

    private func forgetGesture() {
        cuttingFinger = nil
        activeTool = nil
        gestureDeviceID = 0
        gestureButton = nil
    }
}
