import QuireApp
import QuireGeometry
import QuireRender

/// The sticker in the window and in page images: its frame filled, and its underline as ink.
extension Sticker: DrawnCustomItem {
    func renderItem(through map: Homography?, using builder: RenderItemBuilder) -> RenderItem {
        let frame = builder.filled(outline, color: color, through: map)
        guard underlined else { return frame }
        return builder.combined([frame, builder.ink(underline, through: map)])
    }
}
