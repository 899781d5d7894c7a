import QuireStorage
import QuireX11

/// What one run leaves for the next besides notebooks: the input settings read at start (pen buttons,
/// palm rejection, pen settings), each tool's colour and the picker's recent ones, and the window's size
/// and place. Reading or writing them never stops Quire: a failure is a warning.
final class KeptSettings {
    private let canvas: CanvasController
    private let interface: WindowInterface
    private let say: @Sendable (String) -> Void
    /// The colours as last kept in `PickedColors.path()`.
    private var keptColors: PickedColors

    /// Reads the input settings and the colours into the canvas and the colour picker.
    init(canvas: CanvasController, interface: WindowInterface, say: @escaping @Sendable (String) -> Void) {
        self.canvas = canvas
        self.interface = interface
        self.say = say
        let (settings, warnings) = InputSettings.load(tools: canvas.tools)
        canvas.settings = settings
        for warning in warnings { say("quire: warning: \(warning)") }
        let (colors, colorWarnings) = PickedColors.load()
        for warning in colorWarnings { say("quire: warning: \(warning)") }
        for (tool, color) in colors.byTool { canvas.setColor(color, for: tool) }
        interface.picker.restore(recent: colors.recent)
        keptColors = colors
    }

    /// The size and place kept by the last run (`WindowPlacement`), if any.
    static func keptPlacement(say: @Sendable (String) -> Void) -> WindowPlacement? {
        let (kept, warning) = WindowPlacement.load()
        if let warning { say("quire: warning: \(warning)") }
        return kept
    }

    /// Keeps the tools' colours and the recent ones for the next start when they changed (not while a
    /// drag on the colour picker goes on: its colour is kept when it ends).
    func keepColors() {
        guard !interface.isPickingColor else { return }
        let colors = PickedColors(byTool: canvas.chosenColors, recent: interface.picker.recent)
        guard colors != keptColors else { return }
        keptColors = colors
        do {
            try colors.save()
        } catch {
            say("quire: warning: the colours were not kept for next time: \(FileSystemReason.text(for: error))")
        }
    }

    /// Keeps the window's size and place for the next start.
    func keepPlacement(of window: X11Window) {
        guard let place = window.framePosition else { return }
        do {
            try WindowPlacement(width: window.width, height: window.height, x: place.x, y: place.y).save()
        } catch {
            say("quire: warning: the window's size was not kept for next time: \(FileSystemReason.text(for: error))")
        }
    }
}
