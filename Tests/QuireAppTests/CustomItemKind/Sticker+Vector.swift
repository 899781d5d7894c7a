import QuirePDF

/// The sticker in PDF and SVG: its frame filled, and its underline as ink.
extension Sticker: VectorCustomItem {
    func vectorParts(tolerance: Double) -> [VectorCustomPart] {
        [.filled(outline, color: color, opacity: 1)] + (underlined ? [.ink(underline)] : [])
    }
}
