import Foundation

/// How large the interface is drawn: interface pixels per design pixel. From `--ui-scale` when given,
/// else from the desktop's `Xft.dpi` X resource (96 dpi is 1×, 192 is 2×), else 1. Values are checked:
/// a scale outside `allowed` from the command line is a usage error; a resource outside it is ignored
/// with a warning, so a desktop's odd setting never makes the window unusable.
public enum InterfaceScale {
    public static let allowed = 0.5...4.0

    /// The scale to draw with, and a warning when the desktop's setting was not usable.
    public static func resolve(option: Double?, resourceDPI: Double?) -> (scale: Double, warning: String?) {
        if let option { return (option, nil) }
        guard let dpi = resourceDPI else { return (1, nil) }
        let scale = dpi / 96
        guard scale.isFinite, allowed.contains(scale) else {
            return (1, "the desktop's Xft.dpi is \(dpi), which makes an interface scale outside \(allowed.lowerBound)–"
                       + "\(allowed.upperBound); drawing at 1× (set --ui-scale to choose)")
        }
        return (scale, nil)
    }

    /// `Xft.dpi` from the text of the X server's RESOURCE_MANAGER property (`Xft.dpi:\t144` lines);
    /// nil when absent or not a number.
    public static func dpi(inResources text: String) -> Double? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            return Double(parts[1].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
