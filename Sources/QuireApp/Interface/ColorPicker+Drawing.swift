import Foundation
import QuireGeometry
import QuireInk
import QuireRender

extension ColorPicker {
    static let panelColor = InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 0.94)
    static let fieldColor = InkColor(red: 0.22, green: 0.22, blue: 0.25)
    static let accent = InkColor(red: 0.27, green: 0.47, blue: 0.85)
    static let refusedColor = InkColor(red: 0.90, green: 0.25, blue: 0.22)
    static let ringColor = InkColor(red: 1, green: 1, blue: 1, alpha: 0.95)
    static let shadeColor = InkColor(red: 0, green: 0, blue: 0, alpha: 0.55)
    /// The loupe's radius and how far above the drag it floats (a finger must not hide it), design px.
    static let loupeRadius = 24.0
    static let loupeLift = 50.0

    /// The open panel as overlay items, the loupe last (over everything); nothing when closed.
    func overlay() -> [OverlayItem] {
        guard isOpen, let layout else { return [] }
        let s = layout.scale
        var items: [OverlayItem] = [
            .polygon(InterfaceShape.roundedRect(layout.panel, radius: 12 * s), color: Self.panelColor),
            .colorField(.saturationBrightness(hue: color.hue), rect: layout.square),
            .colorField(.hue, rect: layout.hueStrip),
        ]
        // Where the colour lies in the square: a white ring with a dark rim, hollow so the colour
        // itself shows through.
        let spot = layout.squarePoint(of: color)
        items.append(.polyline(Self.circle(spot, radius: 8.5 * s), width: 1.2 * s, color: Self.shadeColor))
        items.append(.polyline(Self.circle(spot, radius: 6.5 * s), width: 2 * s, color: Self.ringColor))
        // The hue: a bar across the strip.
        let y = layout.stripY(of: color.hue)
        let bar = Rect(x: layout.hueStrip.minX - 2 * s, y: y - 3 * s, width: layout.hueStrip.width + 4 * s, height: 6 * s)
        items.append(.polyline(Self.outline(bar.outsetBy(1 * s)), width: 1.2 * s, color: Self.shadeColor))
        items.append(.polyline(Self.outline(bar), width: 2 * s, color: Self.ringColor))
        for (index, rect) in layout.recent.enumerated() {
            let shape = InterfaceShape.roundedRect(rect, radius: 5 * s)
            if recent.indices.contains(index) {
                items.append(.polygon(shape, color: recent[index]))
            } else {
                items.append(.polyline(shape + [shape[0]], width: 1 * s, color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.15)))
            }
        }
        items.append(.polygon(InterfaceShape.roundedRect(layout.current, radius: 6 * s), color: color.rgb))
        items += hexField(in: layout)
        if let loupe { items += Self.loupe(loupe, scale: s) }
        return items
    }

    /// The hex field: the colour's `#rrggbb`, or the text being typed with a caret (outlined in red when
    /// refused).
    private func hexField(in layout: ColorPickerLayout) -> [OverlayItem] {
        let s = layout.scale
        let field = layout.hexField
        let shape = InterfaceShape.roundedRect(field, radius: 6 * s)
        var items: [OverlayItem] = [.polygon(shape, color: Self.fieldColor)]
        if let entry {
            items.append(.polyline(shape + [shape[0]], width: 1.5 * s, color: entry.refused ? Self.refusedColor : Self.accent))
        }
        let words = entry?.text ?? color.rgb.hex
        let ink: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = entry == nil ? (190, 190, 196, 255)
            : (entry!.refused ? (255, 140, 130, 255) : (245, 245, 245, 255))
        var textEnd = field.minX + 10 * s
        if let text, let run = try? text.run(words, size: 15 * s, maximumWidth: Int(field.width)) {
            let origin = Point(field.minX + 10 * s, field.center.y - Double(run.layout.height) / 2)
            items.append(.text(run, at: origin, color: ink))
            textEnd = origin.x + Double(run.layout.width)
        }
        if entry != nil {
            items.append(.polygon(Self.outline(Rect(x: textEnd + 2 * s, y: field.minY + 7 * s, width: 1.5 * s, height: field.height - 14 * s)),
                                  color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.9)))
        }
        return items
    }

    /// A disc of the colour under the drag, floating above it, ringed white and rimmed dark.
    private static func loupe(_ loupe: Loupe, scale s: Double) -> [OverlayItem] {
        let radius = loupeRadius * s
        let centre = Point(loupe.point.x, max(radius + 3 * s, loupe.point.y - loupeLift * s))
        return [
            .polygon(circle(centre, radius: radius + 3 * s), color: shadeColor),
            .polygon(circle(centre, radius: radius + 1.5 * s), color: ringColor),
            .polygon(circle(centre, radius: radius), color: loupe.color),
        ]
    }

    /// A closed circle of `radius` round `centre` (its first point repeated last).
    static func circle(_ centre: Point, radius: Double) -> [Point] {
        (0...40).map { i in
            let a = Double(i % 40) / 40 * 2 * Double.pi
            return Point(centre.x + radius * cos(a), centre.y + radius * sin(a))
        }
    }

    /// A rectangle's corners, closed.
    static func outline(_ rect: Rect) -> [Point] {
        [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY),
         Point(rect.minX, rect.minY)]
    }
}
