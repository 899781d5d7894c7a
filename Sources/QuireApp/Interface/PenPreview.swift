import Foundation
import QuireDocument
import QuireGeometry
import QuireInk

/// The pen settings panel's sample: one stroke in the tool's style with its settings, a gentle wave
/// with the pressure rising from a light touch to the firmest and falling again, on a small page of
/// white paper — drawn by the same engines and renderer as the page (`PageImageRenderer`), so what the
/// preview shows is what the pen will draw. An eraser's sample erases across bands of grey ink.
public enum PenPreview {
    /// Samples along the wave; enough for the curve to look drawn by hand, few enough to ink at once.
    public static let sampleCount = 80

    /// The page of `width` × `height` page pixels holding the sample stroke in `style`.
    public static func page(style: StrokeStyle, width: Int, height: Int) -> Page {
        let size = PageSize(width: Double(max(1, width)), height: Double(max(1, height)))
        var strokes: [Stroke] = []
        if style.tool == .eraser {
            let grey = StrokeStyle.defaults(for: .pen, color: .rgb(InkColor(red: 0.55, green: 0.56, blue: 0.6)))
            for row in 1...3 {
                var band = grey
                band.minimumWidth = size.height / 9
                band.maximumWidth = band.minimumWidth
                let y = size.height * Double(row) / 4
                strokes.append(Stroke(samples: [InputSample(position: Point(8, y), time: 0),
                                                InputSample(position: Point(size.width - 8, y), time: 0.1)], style: band))
            }
        }
        strokes.append(Stroke(samples: samples(width: size.width, height: size.height), style: style))
        return Page(size: size, strokes: strokes)
    }

    /// The wave: across the page with a margin of the widest ink, pressure 0 → 1 → 0 (a sine's hump).
    static func samples(width: Double, height: Double) -> [InputSample] {
        let margin = min(width / 4, max(12, height / 4))
        return (0..<sampleCount).map { index in
            let t = Double(index) / Double(sampleCount - 1)
            let x = margin + (width - 2 * margin) * t
            let y = height / 2 - height * 0.18 * sin(2 * Double.pi * t)
            return InputSample(position: Point(x, y), pressure: sin(Double.pi * t), time: t * 0.6, device: .pen)
        }
    }
}
