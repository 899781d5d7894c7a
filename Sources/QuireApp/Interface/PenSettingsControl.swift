import Foundation
import QuireInk

/// One slider of the pen settings panel: what it shows, its range, and how a place along its track
/// (0…1) becomes a value. Widths go along the track by their square root, so the thin widths a pen
/// mostly uses get most of it.
enum PenSettingsControl: Equatable, CaseIterable {
    case minimumWidth, maximumWidth, width
    case minimumOpacity, maximumOpacity, opacity
    case smoothing

    /// The sliders a tool has, top to bottom.
    static func controls(for tool: InkTool) -> [PenSettingsControl] {
        let uses = PenSettings.uses(for: tool)
        var controls: [PenSettingsControl] = uses.widthRange ? [.minimumWidth, .maximumWidth] : [.width]
        if uses.opacity { controls += uses.opacityRange ? [.minimumOpacity, .maximumOpacity] : [.opacity] }
        return controls + [.smoothing]
    }

    private var isWidth: Bool { [.minimumWidth, .maximumWidth, .width].contains(self) }

    func value(in settings: PenSettings) -> Double {
        switch self {
        case .minimumWidth, .width: settings.minimumWidth
        case .maximumWidth: settings.maximumWidth
        case .minimumOpacity: settings.minimumOpacity
        case .maximumOpacity, .opacity: settings.maximumOpacity
        case .smoothing: settings.smoothing
        }
    }

    /// Sets the value at `position` (0…1 along the track).
    func set(_ settings: inout PenSettings, toPosition position: Double) {
        let t = min(1, max(0, position.isFinite ? position : 0))
        let widths = PenSettings.widths
        let width = widths.lowerBound + (widths.upperBound - widths.lowerBound) * t * t
        switch self {
        case .minimumWidth: settings.setMinimumWidth(width)
        case .maximumWidth: settings.setMaximumWidth(width)
        case .width: settings.setWidth(width)
        case .minimumOpacity: settings.setMinimumOpacity(t)
        case .maximumOpacity: settings.setMaximumOpacity(t)
        case .opacity: settings.setOpacity(t)
        case .smoothing: settings.setSmoothing(t)
        }
    }

    /// Where the current value sits along the track, 0…1.
    func position(in settings: PenSettings) -> Double {
        let value = value(in: settings)
        guard isWidth else { return min(1, max(0, value)) }
        let widths = PenSettings.widths
        return min(1, max(0, ((value - widths.lowerBound) / (widths.upperBound - widths.lowerBound)).squareRoot()))
    }

    /// The label with the value, as the panel writes it ("Firmest width  3.2 px").
    func label(in settings: PenSettings) -> String {
        let value = value(in: settings)
        let percent = "\(Int((value * 100).rounded())) %"
        switch self {
        case .minimumWidth: return "Lightest width   \(Self.width(value))"
        case .maximumWidth: return "Firmest width   \(Self.width(value))"
        case .width: return "Width   \(Self.width(value))"
        case .minimumOpacity: return "Lightest opacity   \(percent)"
        case .maximumOpacity: return "Firmest opacity   \(percent)"
        case .opacity: return "Opacity   \(percent)"
        case .smoothing: return "Smoothing   \(percent)"
        }
    }

    private static func width(_ value: Double) -> String {
        (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " px"
    }
}
