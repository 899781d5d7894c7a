import QuireInk
import QuireRender
import QuireText

/// The window's interface overlay made without a window: the toolbar and status line as the run loop
/// hands them to the renderer each frame, for the benchmarks (frame time with the toolbar
/// shown and hidden, through the real renderer).
public final class InterfaceOverlayPreview {
    private let interface: WindowInterface
    private let status: String

    /// The text heights (interface pixels, before the scale) the interface's text is drawn at.
    public static var textSizes: [Double] {
        [StatusLine.textSize, NoticeLine.textSize, Toolbar.tooltipTextSize, HelpOverlay.textSize, HelpOverlay.textSize * 0.9,
         HelpOverlay.titleSize, LatencyLine.textSize]
    }

    public init(text: TextRasterizer, scale: Double) {
        interface = WindowInterface(text: text)
        interface.scale = scale
        status = StatusLine.text(position: "Physics — page 3 of 12", zoom: 1)
    }

    /// The toolbar and status line shown (Tab hides both).
    public var toolbarShown: Bool {
        get { interface.shown }
        set { if newValue != interface.shown { interface.toggleShown() } }
    }

    /// Everything drawn over the page in a window `width` × `height`, the pen active.
    public func overlay(width: Int, height: Int) -> [OverlayItem] {
        let look = interface.look(tool: .pen, canUndo: true, canRedo: false, color: InkColor(red: 0.1, green: 0.2, blue: 0.6),
                                  width: 2.5, status: status, now: 1)
        return interface.overlay(look, width: width, height: height, now: 1)
    }
}
