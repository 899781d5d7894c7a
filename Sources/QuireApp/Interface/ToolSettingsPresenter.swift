import QuireInk
import QuireStorage

/// The settings panels' part in the window: the pen settings panel opened on the inking tool in hand,
/// the text settings panel on the text tool (W, or the tool's toolbar button pressed again), following
/// the tool while one shows, their changes given to the canvas and, once a change is finished, written
/// into the config file.
final class ToolSettingsPresenter {
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

    /// The panel for the current tool, or closed when one shows.
    func toggle() {
        guard !interface.penSettings.isOpen, !interface.textSettings.isOpen else { return interface.closePenSettings() }
        if canvas.tool == .text { return openText() }
        guard let tool = InkTool(rawValue: canvas.tool.rawValue) else {
            return say("quire: the \(canvas.tool) tool has no settings; pick the pen, marker, highlighter, eraser or text")
        }
        open(tool)
    }

    /// While a panel shows, it is the current tool's, in its colour: another inking tool picked turns
    /// the panel to it (the text tool to the text settings), a tool without settings closes it.
    func followTool() {
        guard interface.penSettings.isOpen || interface.textSettings.isOpen else { return }
        if canvas.tool == .text { return openText() }
        guard let tool = InkTool(rawValue: canvas.tool.rawValue) else { return interface.closePenSettings() }
        open(tool)
    }

    /// The text settings panel changed the font: it holds at once (for the box being typed into too);
    /// `finished`, it is kept in the config file.
    func textChanged(family: String, size: Double, finished: Bool) {
        canvas.setTextFont(family: family, size: size)
        guard finished else { return }
        let path = InputSettings.path()
        do {
            try ConfigFileUpdate.write(ConfigSettings.textSettings.map { ($0.key, $0.value(in: canvas.settings)) }, to: path)
        } catch {
            say("quire: warning: the text settings were not saved to \(path): \(FileSystemReason.text(for: error))")
        }
    }

    private func openText() {
        let settings = canvas.settings
        let open = interface.textSettings
        // Opened afresh, or the colour changed: shown again (a drag on it is not interrupted).
        if !open.isOpen || open.color != canvas.color {
            interface.openTextSettings(family: settings.textFamily, size: settings.textSize, color: canvas.color)
        }
    }

    /// The pen settings panel changed `tool`'s settings: they hold at once; `finished` (the drag or typing ended),
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
