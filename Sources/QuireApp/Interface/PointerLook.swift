import QuireX11

/// The pointer's look: the tool in hand at this zoom (its ink's width), or the arrow over the
/// interface. The picture is made again only when what it shows changed.
final class PointerLook {
    private let window: X11Window
    private let canvas: CanvasController
    private let interface: WindowInterface
    private var shown: ToolCursor?

    init(window: X11Window, canvas: CanvasController, interface: WindowInterface) {
        self.window = window
        self.canvas = canvas
        self.interface = interface
    }

    func update() {
        let wanted = ToolCursor(style: canvas.tools.offer(canvas.tool)?.cursor ?? .arrow, inkWidth: canvas.toolInkWidth, zoom: canvas.view.zoom,
                                overInterface: interface.wantsArrow, largestSide: window.largestCursorSide)
        guard wanted != shown else { return }
        shown = wanted
        window.setCursor(wanted.cursor)
    }
}
