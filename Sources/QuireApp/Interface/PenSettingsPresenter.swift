import QuireInk
import QuireStorage

/// The pen settings panel's part in the window: opened on the inking tool in hand (W, or its toolbar
/// button pressed again), following the tool while it shows, its changes given to the canvas and,
/// once a change is finished, written into the config file.
final class PenSettingsPresenter {
    private let canvas: CanvasController
    private let interface: WindowInterface
    private let say: @Sendable (String) -> Void

    init(canvas: CanvasController, interface: WindowInterface, say: @escaping @Sendable (String) -> Void) {
        self.canvas = canvas
        self.interface = interface
        self.say = say
        // The preview is inked by the page's own renderer code, in this window's context.
        let previewRenderer = PageImageRenderer(brushDirectory: ResourceLocator.brushesDirectory)
        var previewProblemSaid = false
        interface.penSettings.renderPreview = { [say] page, scale in
            do {
                return try previewRenderer.image(of: page, scale: scale)
            } catch {
                if !previewProblemSaid { say("quire: warning: the pen settings cannot show a preview: \(error)") }
                previewProblemSaid = true
                return nil
            }
        }
    }

    /// The panel for the current inking tool, or closed when it shows.
    func toggle() {
        guard !interface.penSettings.isOpen else { return interface.closePenSettings() }
        guard let tool = InkTool(rawValue: canvas.tool.rawValue) else {
            return say("quire: the \(canvas.tool) tool has no pen settings; pick the pen, marker, highlighter or eraser")
        }
        open(tool)
    }

    /// While the panel shows, it is the current tool's, in its colour: another inking tool picked turns
    /// the panel to it, a tool without ink closes it.
    func followTool() {
        guard interface.penSettings.isOpen else { return }
        guard let tool = InkTool(rawValue: canvas.tool.rawValue) else { return interface.closePenSettings() }
        open(tool)
    }

    /// The panel changed `tool`'s settings: they hold at once; `finished` (the drag or typing ended),
    /// they are kept in the config file, keeping the person's other lines. A failure is a warning (the
    /// settings still hold for this run).
    func changed(_ tool: InkTool, to settings: PenSettings, finished: Bool) {
        canvas.settings.pens[tool] = settings
        guard finished else { return }
        let path = InputSettings.path()
        do {
            try ConfigFileUpdate.write(PenSettingsConfig.lines(for: tool, settings), to: path)
        } catch {
            say("quire: warning: the \(tool.rawValue) settings were not saved to \(path): \(FileSystemReason.text(for: error))")
        }
    }

    private func open(_ tool: InkTool) {
        interface.openPenSettings(tool, settings: canvas.settings.pen(tool),
                                  style: canvas.registry.style(for: tool, color: .rgb(canvas.color)))
    }
}
