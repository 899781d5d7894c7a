import QuireGeometry
import QuireInk

/// How the page sits in the window, and the window's size: shared by the canvas, which zooms from
/// keys, and the input router, which pans and pinches from gestures.
public final class Viewport {
    public var view = PageView() {
        didSet { onChange?() }
    }
    /// The window's size, for zooming about its centre from the keyboard.
    public var windowSize = Point(1024, 768)
    var onChange: (() -> Void)?

    init() {}

    /// Page pixels → window pixels.
    public var pageToWindow: AffineTransform { view.pageToWindow }

    /// A window sample moved onto the page.
    func toPage(_ sample: InputSample) -> InputSample {
        var s = sample
        s.position = toPage(sample.position)
        return s
    }

    /// A window point on the page.
    func toPage(_ point: Point) -> Point {
        (pageToWindow.inverted ?? .identity).apply(point)
    }
}
