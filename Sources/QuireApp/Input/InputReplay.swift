import Foundation
import QuireDocument
import QuireRender
import QuireX11

/// `quire replay FILE --export-png OUT`: an input log fed through the same canvas and renderer as a
/// live window, with no window at all (EGL), and the page written as PNG.
public enum InputReplay {
    /// How many strokes' sample counts the summary lists.
    static let strokesListed = 20

    public static func exportPage(log path: String, to output: String, pageSize: PageSize = .letter,
                                  say: (String) -> Void) throws {
        let events = try InputLog.read(path)
        let context = try HeadlessGLContext()
        defer { _ = context }
        let renderer = try PageRenderer(pageWidth: pageSize.pixelSize.width, pageHeight: pageSize.pixelSize.height,
                                        brushDirectory: ResourceLocator.brushesDirectory)
        let canvas = CanvasController(page: Page(size: pageSize))
        canvas.settings = InputSettings.load(tools: canvas.tools).0
        for event in events {
            // Commands in the log (export, quit) belong to the recorded session, not to the replay.
            _ = canvas.handle(event)
            let builder = RenderItemBuilder(registry: canvas.registry)
            if !renderer.perform(canvas.takeRenderWork(), building: builder) { renderer.load(canvas.page, building: builder) }
        }
        // A log that ends mid-stroke (recording stopped with the pen down) keeps what that stroke drew, as
        // the window keeps it when it quits; a scrap let go just before the end lands where it springs to.
        canvas.finishGesture()
        if !renderer.perform(canvas.takeRenderWork(), building: RenderItemBuilder(registry: canvas.registry)) {
            renderer.load(canvas.page, building: RenderItemBuilder(registry: canvas.registry))
        }
        try PageExporter.write(try renderer.renderPageImage(), to: output)
        // Each stroke's samples, the first few of a long log (thousands of numbers help nobody).
        let strokes = canvas.page.strokes
        var counts = strokes.prefix(Self.strokesListed).map { String($0.storedSamples.count) }.joined(separator: ", ")
        if strokes.count > Self.strokesListed { counts += ", … \(strokes.count - Self.strokesListed) more" }
        say("Replayed \(events.count) events from \(path): \(canvas.page.strokes.count) strokes "
            + "(samples: \(counts)); wrote the page to \(output)")
    }
}
