import QuireGeometry
import QuireImageIO
import QuireInk

/// Something the UI draws over the page in the window (a selection, handles, the scissors' path, a
/// drag preview), in WINDOW pixels (y down). The overlay is drawn after the page and the live stroke,
/// and never reaches the page's layers or its exports.
public enum OverlayItem: Sendable {
    /// Filled, even-odd (as clips are), so a polygon inside another makes a hole.
    case polygon([Point], color: InkColor)
    /// A line through the points, `width` pixels wide with square ends; where it crosses itself it is
    /// covered once, so a translucent line does not darken there.
    case polyline([Point], width: Double, color: InkColor)
    /// A picture filling `rect`; `key` names its pixels as `SceneImage.imageKey` does (its texture is
    /// kept while the overlay shows it).
    case image(key: String, image: RGBAImage, rect: Rect, opacity: Float)
    /// A field of colours computed per pixel (the colour picker's square and hue strip), filling `rect`.
    case colorField(ColorField, rect: Rect)
    /// A line of text from the glyph atlas (all text items of a frame are drawn in one call per page).
    case text(OverlayText)

    /// The window area it can touch; null when it holds a point that is not finite (then it is skipped).
    var bounds: Rect {
        switch self {
        case let .polygon(points, _):
            return Self.bounds(of: points)
        case let .polyline(points, width, _):
            guard width.isFinite, width > 0 else { return .null }
            let b = Self.bounds(of: points)
            return b.isNull ? b : b.outsetBy(width / 2 + 1)
        case let .image(_, _, rect, _), let .colorField(_, rect):
            guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return .null }
            return rect
        case let .text(text):
            return text.bounds
        }
    }

    private static func bounds(of points: [Point]) -> Rect {
        guard !points.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        return points.reduce(Rect.null) { $0.union($1) }
    }
}

extension OverlayItem {
    /// What an item draws, comparable: a picture by its key, place and opacity (the key names its
    /// pixels), not by its pixels. Frames compare overlays by this to know whether the overlay changed.
    enum Drawing: Equatable {
        case polygon([Point], InkColor)
        case polyline([Point], Double, InkColor)
        case image(String, Rect, Float)
        case colorField(ColorField, Rect)
        /// Text by where its glyphs come from and go: a page's pixels under one id never change.
        case text(Point, [OverlayGlyph], InkColor, Float)
    }

    var drawing: Drawing {
        switch self {
        case let .polygon(points, color): .polygon(points, color)
        case let .polyline(points, width, color): .polyline(points, width, color)
        case let .image(key, _, rect, opacity): .image(key, rect, opacity)
        case let .colorField(field, rect): .colorField(field, rect)
        case let .text(text): .text(text.pixelOrigin, text.glyphs, text.color, text.opacity)
        }
    }

    /// The window area a list of items can touch (null when none can).
    static func bounds(of overlay: [OverlayItem]) -> Rect {
        overlay.reduce(Rect.null) { $0.union($1.bounds) }
    }
}
