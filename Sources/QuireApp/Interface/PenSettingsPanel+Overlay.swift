import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender

/// How the pen settings panel draws: a dark rounded panel like the toolbar's, a white card with the
/// preview stroke, sliders (a track lit up to its knob, the label and value above), and the pressure
/// curve's graph with its two control points on their handles.
extension PenSettingsPanel {
    /// The panel's items in window pixels, top last (nothing while closed).
    func overlay() -> [OverlayItem] {
        guard let tool, let layout else { return [] }
        let s = drawnScale
        var items: [OverlayItem] = [.polygon(InterfaceShape.roundedRect(layout.panel, radius: 12 * s), color: PanelDrawing.panelColor)]
        let name = tool.rawValue.prefix(1).uppercased() + tool.rawValue.dropFirst()
        items += labels.items("\(name) settings", size: 15 * s, in: layout.title, color: PanelDrawing.textColor)
        items += previewItems(layout)
        for slider in layout.sliders {
            items += labels.items(slider.control.label(in: settings), size: 12.5 * s, in: slider.row, color: PanelDrawing.textColor)
            items += PanelDrawing.slider(track: slider.track, position: slider.control.position(in: settings), held: held == .slider(slider.control),
                                         scale: s)
        }
        if let graph = layout.graph, let graphLabel = layout.graphLabel {
            items += labels.items("Pressure curve", size: 12.5 * s, in: graphLabel, color: PanelDrawing.textColor)
            items += graphItems(graph, layout: layout)
        }
        return items
    }

    /// The white card and the stroke on it, re-inked when the style or the scale changed.
    private func previewItems(_ layout: PenSettingsLayout) -> [OverlayItem] {
        let card = layout.preview
        var items: [OverlayItem] = [.polygon(InterfaceShape.roundedRect(card, radius: 8 * drawnScale), color: .white)]
        let style = settings.applied(to: baseStyle)
        if preview?.style != style || preview?.scale != drawnScale {
            previewSerial += 1
            // The page is the card in design pixels, drawn at the scale: widths look as on a page at 1×.
            let page = PenPreview.page(style: style, width: Int((card.width / drawnScale).rounded()),
                                       height: Int((card.height / drawnScale).rounded()))
            preview = (style, drawnScale, "pen-preview-\(previewSerial)", renderPreview?(page, drawnScale))
        }
        if let preview, let image = preview.image {
            items.append(.image(key: preview.key, image: image, rect: Rect(x: card.minX, y: card.minY, width: Double(image.width),
                                                                           height: Double(image.height)), opacity: 1))
        }
        return items
    }

    /// The square (pressure across, ink up) with a faint diagonal (linear), each control point on a
    /// line from its end of the curve, and the curve as `PressureCurve.value(at:)` maps pressure.
    private func graphItems(_ graph: Rect, layout: PenSettingsLayout) -> [OverlayItem] {
        let s = drawnScale
        let curve = settings.pressureCurve
        func window(_ x: Double, _ y: Double) -> Point { layout.windowPoint(curve: Point(x, y)) ?? .zero }
        var items: [OverlayItem] = [
            .polygon(InterfaceShape.roundedRect(graph, radius: 4 * s), color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.06)),
            .polyline([window(0, 0), window(1, 0), window(1, 1), window(0, 1), window(0, 0)], width: 1 * s, color: PanelDrawing.faint),
            .polyline([window(0, 0), window(1, 1)], width: 1 * s, color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.1)),
            .polyline([window(0, 0), window(curve.control1.x, curve.control1.y)], width: 1.2 * s, color: PanelDrawing.faint),
            .polyline([window(1, 1), window(curve.control2.x, curve.control2.y)], width: 1.2 * s, color: PanelDrawing.faint),
        ]
        let steps = 64
        items.append(.polyline((0...steps).map { i in
            let x = Double(i) / Double(steps)
            return window(x, curve.value(at: x))
        }, width: 2.2 * s, color: PanelDrawing.accent))
        for (index, control) in [curve.control1, curve.control2].enumerated() {
            let radius = (held == .curveControl(index + 1) ? 8 : 6.5) * s
            items.append(.polygon(PanelDrawing.disc(window(control.x, control.y), radius: radius), color: PanelDrawing.light))
            items.append(.polygon(PanelDrawing.disc(window(control.x, control.y), radius: radius * 0.45), color: PanelDrawing.accent))
        }
        return items
    }
}
