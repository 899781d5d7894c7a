import Foundation
import QuireDocument
import QuireRender
import QuireX11

/// The running program: one window, one page, the loop between them. It redraws only when something
/// changed, so an idle Quire uses no CPU.
public final class QuireApplication {
    private let options: AppOptions
    private let window: X11Window
    private let renderer: PageRenderer
    private let canvas: CanvasController
    /// Messages for the person running Quire (export done, errors); stdout by default.
    private let say: (String) -> Void
    private var reportedProblems: Set<String> = []
    private var recorder: InputRecorder?

    public init(options: AppOptions, say: @escaping (String) -> Void = { print($0); fflush(nil) }) throws {
        self.options = options
        self.say = say
        window = try X11Window(title: "Quire", width: options.windowWidth, height: options.windowHeight,
                               displayName: options.displayName)
        renderer = try PageRenderer(pageWidth: Int(options.pageSize.width.rounded()),
                                    pageHeight: Int(options.pageSize.height.rounded()),
                                    brushDirectory: ResourceLocator.brushesDirectory)
        canvas = CanvasController(page: Page(size: options.pageSize))
        let (settings, warnings) = InputSettings.load()
        canvas.settings = settings
        for warning in warnings { say("quire: warning: \(warning)") }
        recorder = try options.recordPath.map(InputRecorder.init(path:))
    }

    public func run() {
        window.show()
        if let path = options.replayPath {
            do {
                let events = try InputLog.read(path)
                for event in events { _ = canvas.handle(event) }
                say("Replayed \(events.count) events from \(path)")
            } catch {
                say("quire: \(error)")
            }
        }
        if ResourceLocator.brushesDirectory == nil {
            say("quire: warning: no Resources/Brushes folder found (set QUIRE_RESOURCES); every brush draws soft round")
        }
        say("Quire is ready (OpenGL \(GLInfo.version); \(GLInfo.renderer)). "
            + "P pen, M marker, H highlighter, E eraser, 1–9 colours; Ctrl+Z/Ctrl+Shift+Z undo/redo; "
            + "Ctrl+wheel or Ctrl+=/− zoom, wheel or arrows pan, Ctrl+0 resets; Ctrl+E writes the page as PNG, Ctrl+Q quits.")
        while true {
            // While tiles sharpen or strokes bake, keep drawing frames; otherwise sleep until input.
            for event in window.waitForEvents(timeout: renderer.needsAnotherFrame ? 0 : nil) {
                record(event)
                if case let .devicesChanged(devices) = event { describe(devices) }
                switch canvas.handle(event) {
                case .quit?:
                    window.close()
                    return
                case .exportPNG?:
                    exportPage()
                case nil:
                    break
                }
            }
            if canvas.needsRedraw || renderer.needsAnotherFrame { redraw() }
        }
    }

    /// Hands the canvas's queued stroke work to the renderer, in order.
    private func catchUpRenderer() {
        renderer.perform(canvas.takeRenderWork())
        for problem in renderer.brushProblems where !reportedProblems.contains(problem) {
            reportedProblems.insert(problem)
            say("quire: warning: \(problem)")
        }
    }

    private func record(_ event: WindowEvent) {
        guard let recorder else { return }
        do {
            try recorder.record(event)
        } catch {
            say("quire: stopped recording input to \(recorder.path): \(error)")
            self.recorder = nil
        }
    }

    /// Says which devices Quire found and how it reads them, once per change.
    private func describe(_ devices: [InputDevice]) {
        for device in devices where device.kind != .mouse || device.axes.contains(where: { $0.label == "Abs Pressure" }) {
            let axes = device.axes.map { "\($0.label) \(Int($0.minimum))…\(Int($0.maximum))" }.joined(separator: ", ")
            say("Input: \(device.name) (id \(device.id)) is a \(device.kind.rawValue) [\(device.kindSource)]: \(axes)")
        }
    }

    private func redraw() {
        catchUpRenderer()
        renderer.drawView(width: window.width, height: window.height, pageToWindow: canvas.pageToWindow,
                          provisional: canvas.provisionalSprites)
        window.swapBuffers()
    }

    private func exportPage() {
        // Bring the ink layer up to date first: the export shows everything drawn so far.
        catchUpRenderer()
        let path = options.exportPath ?? PageExporter.defaultPath()
        do {
            try PageExporter.write(try renderer.renderPageImage(), to: path)
            say("Wrote the page to \(path)")
        } catch {
            say("quire: could not write the page: \(error)")
        }
        redraw()
    }
}
