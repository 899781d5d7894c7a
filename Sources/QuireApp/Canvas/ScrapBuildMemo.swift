import QuireDocument
import QuireRender

/// The last scrap `RenderItemBuilder.renderItem(_:replacing:)` built for a change in what it carries,
/// and what it was built as: the next such change of it (the next key typed into a box on it) takes
/// the strokes it carries unchanged from there. One scrap, its strokes' sprites kept on the CPU
/// (about a megabyte for a scrap of 200 handwritten strokes) until another change of another kind.
public final class ScrapBuildMemo {
    private var item: PageItem?
    private var built: RenderItem?

    public init() {}

    /// What `item` was built as, when it is the scrap kept.
    func built(as item: PageItem) -> RenderItem? {
        self.item == item ? built : nil
    }

    func keep(_ item: PageItem, builtAs built: RenderItem) {
        (self.item, self.built) = (item, built)
    }

    func forget() {
        (item, built) = (nil, nil)
    }
}
