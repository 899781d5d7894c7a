import Foundation
import QuireApp
import QuireInk
import QuireRender

/// The pen settings panel re-inks its preview stroke each frame a slider or control point moves:
/// that must fit in a frame, at the interface scales people use.
let penPreviewBenchmark = Benchmark(
    name: "pen-preview",
    summary: "re-inking the pen settings panel's preview stroke (engine + renderer + read-back), per change"
) { context in
    guard let gl = benchmarkGL() else { return }
    defer { _ = gl }
    let renderer = PageImageRenderer(brushDirectory: FileManager.default.fileExists(atPath: "Resources/Brushes")
        ? "Resources/Brushes" : ResourceLocator.brushesDirectory)
    for tool in [InkTool.pen, .eraser] {
        for scale in [1.0, 2.0] {
            var style = StrokeStyle.defaults(for: tool)
            var step = 0
            let seconds = try bestTime {
                // A different width each time, as a slider being dragged.
                step += 1
                style.maximumWidth = style.minimumWidth + Double(step % 20)
                _ = try renderer.image(of: PenPreview.page(style: style, width: 466, height: 84), scale: scale)
            }
            context.report("\(tool.rawValue) preview at \(Int(scale))×", seconds * 1000, "ms", target: "< 16 ms, a frame")
        }
    }
}
