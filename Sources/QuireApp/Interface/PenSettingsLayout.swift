import Foundation
import QuireGeometry
import QuireInk

/// Where everything of the pen settings panel sits for one tool, in window pixels: the panel beside
/// the toolbar, its title, the preview card across the top, the sliders down the left, and for a
/// tool that feels pressure the pressure curve's square graph on the right. Sizes are design pixels
/// times `scale`.
struct PenSettingsLayout: Equatable {
    static let origin = Point(76, 12)
    static let padding = 14.0
    static let titleHeight = 28.0
    static let previewHeight = 84.0
    static let gap = 12.0
    static let sliderWidth = 270.0
    static let rowHeight = 38.0
    /// The track's first pixels from the row's top (the label is above it).
    static let trackOffset = 27.0
    static let graphSide = 172.0
    static let graphLabelHeight = 20.0
    /// How far from a knob or a control point a press still takes it: a fingertip's reach.
    static let grabRadius = 16.0

    let scale: Double
    let panel: Rect
    let title: Rect
    let preview: Rect
    /// Each slider's row (label above, track below) and its track.
    let sliders: [(control: PenSettingsControl, row: Rect, track: Rect)]
    /// The graph's label and square (pressure across, ink up), when the tool has a curve.
    let graphLabel: Rect?
    let graph: Rect?

    static func == (a: PenSettingsLayout, b: PenSettingsLayout) -> Bool {
        a.scale == b.scale && a.panel == b.panel && a.sliders.map(\.control) == b.sliders.map(\.control)
    }

    init(tool: InkTool, scale: Double) {
        self.scale = scale
        func s(_ value: Double) -> Double { value * scale }
        let controls = PenSettingsControl.controls(for: tool)
        let hasCurve = PenSettings.uses(for: tool).pressureCurve
        let innerWidth = Self.sliderWidth + (hasCurve ? Self.gap * 2 + Self.graphSide : 0)
        let columnsHeight = max(Double(controls.count) * Self.rowHeight, hasCurve ? Self.graphLabelHeight + Self.graphSide : 0)
        let height = Self.padding * 2 + Self.titleHeight + Self.previewHeight + Self.gap + columnsHeight
        let left = s(Self.origin.x), top = s(Self.origin.y)
        panel = Rect(x: left, y: top, width: s(innerWidth + 2 * Self.padding), height: s(height))
        let x = left + s(Self.padding)
        title = Rect(x: x, y: top + s(Self.padding), width: s(innerWidth), height: s(Self.titleHeight))
        preview = Rect(x: x, y: title.maxY, width: s(innerWidth), height: s(Self.previewHeight))
        let columnsTop = preview.maxY + s(Self.gap)
        sliders = controls.enumerated().map { index, control in
            let row = Rect(x: x, y: columnsTop + s(Double(index) * Self.rowHeight), width: s(Self.sliderWidth), height: s(Self.rowHeight))
            let knob = s(Self.grabRadius / 2)
            return (control, row, Rect(x: row.minX + knob, y: row.minY + s(Self.trackOffset), width: row.width - 2 * knob, height: s(4)))
        }
        if hasCurve {
            let graphX = x + s(Self.sliderWidth + Self.gap * 2)
            graphLabel = Rect(x: graphX, y: columnsTop, width: s(Self.graphSide), height: s(Self.graphLabelHeight))
            graph = Rect(x: graphX, y: columnsTop + s(Self.graphLabelHeight), width: s(Self.graphSide), height: s(Self.graphSide))
        } else {
            graphLabel = nil
            graph = nil
        }
    }

    /// The panel's size in design pixels for `tool` (to fit it into a window).
    static func designSize(for tool: InkTool) -> Point {
        let layout = PenSettingsLayout(tool: tool, scale: 1)
        return Point(layout.panel.maxX + origin.x / 2, layout.panel.maxY + origin.y)
    }

    /// A point of the curve's unit square (pressure, ink) in window pixels, and back.
    func windowPoint(curve point: Point) -> Point? {
        graph.map { Point($0.minX + point.x * $0.width, $0.maxY - point.y * $0.height) }
    }

    func curvePoint(window point: Point) -> Point? {
        graph.map { Point((point.x - $0.minX) / $0.width, ($0.maxY - point.y) / $0.height) }
    }

    /// A place along `track` (0…1) for a window x.
    static func position(of x: Double, along track: Rect) -> Double {
        track.width > 0 ? min(1, max(0, (x - track.minX) / track.width)) : 0
    }
}
