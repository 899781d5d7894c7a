import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk

/// The fonts the page's text boxes are drawn with: for each family a text item names, the file
/// fontconfig matches (another face when the family is missing, as every desktop program does), kept
/// open; and the text drawn to pixels, the latest drawings kept (a box being typed into is drawn again
/// at every key). Behind a lock: exports draw on threads of their own.
public final class PageTextFonts: @unchecked Sendable {
    public static let shared = PageTextFonts()

    /// The most pixels, and the longest side, one text item is drawn to: past them it is drawn at less
    /// detail (softer, never missing).
    static let maximumPixels = 32 << 20
    static let maximumSide = 16_384
    /// Bytes of whole boxes' drawings kept (the newest always, however big), by default.
    public static let keptDrawingBytes = 64 << 20
    /// Bytes of single lines' drawings kept (`lineImages`): the lines of the boxes typed into lately.
    public static let keptLineBytes = 32 << 20

    private let lock = NSLock()
    private var rasterizers: [String: TextRasterizer] = [:]
    private var missing: [String: String] = [:]
    private var drawings: [DrawingKey: (image: RGBAImage, rect: Rect)] = [:]
    private var drawingOrder: [DrawingKey] = []
    /// Bytes of the whole boxes' drawings kept.
    private(set) var drawingBytes = 0

    private struct DrawingKey: Hashable {
        var text: String, family: String, size: Double, color: [Float], detail: Double, wrap: Double = 0
    }
    /// The latest lines worked out: the box being typed into asks for them every frame.
    private var lastLines: (key: DrawingKey, lines: ShownLines)?

    /// A box's lines as shown, measured at `scale` rasterizer pixels per page pixel.
    private struct ShownLines {
        var lines: [TextWrap.Line]
        var ascender: Int
        var lineHeight: Int
        var scale: Double

        /// The lines as one text, broken where they are shown.
        var text: String { lines.map(\.text).joined(separator: "\n") }
    }
    /// Lines measured lately (a key typed into a long box measures its one line again).
    private var measures: [DrawingKey: (width: Int, caretStops: [Double])] = [:]
    /// Caret stops kept for measured lines (8 bytes each: 16 MB).
    public static let keptStops = 2_000_000
    /// The bounds this one keeps to (the defaults above; tests give smaller ones).
    let bounds: (drawingBytes: Int, lineBytes: Int, stops: Int)
    private(set) var measuredStops = 0
    /// The lines `lineImages` gave last, by place, and what they were drawn with: a key typed into a
    /// long box changes one line, and the rest are taken from here by comparing their text, where
    /// hashing each into `lineDrawings` again cost a box of 100 lines a fifth of a millisecond a key.
    private var lastLineImages: (style: DrawingKey, lines: [String], drawn: [(image: RGBAImage, rect: Rect, name: String)?])?
    private var lineDrawings: [DrawingKey: RGBAImage] = [:]
    private var lineOrder: [DrawingKey] = []
    private(set) var lineBytes = 0

    public init(bounds: (drawingBytes: Int, lineBytes: Int, stops: Int) = (keptDrawingBytes, keptLineBytes, keptStops)) {
        self.bounds = bounds
    }

    /// Why `family` cannot be drawn (no font at all), or nil.
    public func problem(family: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        _ = rasterizer(family)
        return missing[family]
    }

    /// `item` drawn at `detail` image pixels per page pixel (less when that would be too big, or past
    /// the largest size FreeType draws here), and the rectangle the image covers in the box's own frame
    /// (`TextItem.localToPage` puts it on the page); nil when no font can be had or the item has nothing
    /// to draw.
    public func image(of item: TextItem, detail: Double) -> (image: RGBAImage, rect: Rect)? {
        guard !item.text.isEmpty, PageItem.Content.text(item).problem == nil, detail.isFinite, detail > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rasterizer = rasterizer(item.fontFamily) else { return nil }
        // A wrapped box is drawn broken where its layout breaks it (at every detail alike).
        let text: String
        if item.wrapWidth == nil {
            text = item.text
        } else {
            guard let shown = shownLines(of: item, rasterizer) else { return nil }
            text = shown.text
        }
        var scale = Self.clampedScale(item.fontSize, detail)
        let key = DrawingKey(text: text, family: item.fontFamily, size: item.fontSize,
                             color: Self.components(of: item.color), detail: scale)
        if let kept = drawings[key] { return kept }
        guard var block = try? rasterizer.block(text, size: item.fontSize * scale, withCarets: false) else { return nil }
        // Too big at this detail: less, in proportion.
        let pixels = Double(block.width) * Double(block.height)
        let shrink = min(1, Double(Self.maximumSide) / Double(max(block.width, block.height)), (Double(Self.maximumPixels) / pixels).squareRoot())
        if shrink < 1 {
            scale = Self.clampedScale(item.fontSize, scale * shrink * 0.95)
            guard let smaller = try? rasterizer.block(text, size: item.fontSize * scale, withCarets: false) else { return nil }
            block = smaller
        }
        guard block.width <= Self.maximumSide, block.height <= Self.maximumSide,
              let drawn = try? rasterizer.renderBlock(text, size: item.fontSize * scale, color: Self.bytes(of: item.color),
                                                     laidOut: block) else { return nil }
        // In the box's own frame (its origin at 0, 0): the renderer turns it with the box.
        let rect = Rect(x: 0, y: -Double(drawn.block.ascender) / scale,
                        width: Double(drawn.image.width) / scale, height: Double(drawn.image.height) / scale)
        keep((drawn.image, rect), as: key)
        return (drawn.image, rect)
    }

    /// `item`'s lines (as shown: wrapped) drawn one by one at `detail` (as `image`), each with the
    /// rectangle it covers in the box's own frame and a name for its pixels (what a texture may be
    /// kept by), an empty line none; a line drawn before (unchanged as a box is typed into) is not drawn
    /// again. Nil when no font can be had.
    public func lineImages(of item: TextItem, detail: Double) -> [(image: RGBAImage, rect: Rect, name: String)]? {
        guard PageItem.Content.text(item).problem == nil, detail.isFinite, detail > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rasterizer = rasterizer(item.fontFamily) else { return nil }
        let scale = Self.clampedScale(item.fontSize, detail)
        guard let metrics = try? rasterizer.lineMetrics(size: item.fontSize * scale) else { return nil }
        let lines = item.wrapWidth == nil ? TextBlock.lines(of: item.text) : shownLines(of: item, rasterizer)?.lines.map(\.text)
        guard let lines else { return nil }
        // What a line is drawn with, its text left out.
        let style = DrawingKey(text: "", family: item.fontFamily, size: item.fontSize, color: Self.components(of: item.color), detail: scale)
        let last = lastLineImages.flatMap { $0.style == style ? $0 : nil }
        var drawn: [(image: RGBAImage, rect: Rect, name: String)] = []
        var drawnByLine: [(image: RGBAImage, rect: Rect, name: String)?] = Array(repeating: nil, count: lines.count)
        defer { lastLineImages = (style, lines, drawnByLine) }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            if let last, index < last.lines.count, let kept = last.drawn[index], last.lines[index] == line {
                drawn.append(kept)
                drawnByLine[index] = kept
                continue
            }
            var key = style
            key.text = line
            let image: RGBAImage
            if let kept = lineDrawings[key] {
                image = kept
            } else {
                guard let made = try? rasterizer.render(line, size: item.fontSize * scale, color: Self.bytes(of: item.color)) else { return nil }
                image = made
                keepLine(made, as: key)
            }
            let rect = Rect(x: 0, y: Double(index * metrics.lineHeight - metrics.ascender) / scale,
                            width: Double(image.width) / scale, height: Double(image.height) / scale)
            drawn.append((image, rect, "textline:\(key.hashValue)@\(image.width)x\(image.height)"))
            drawnByLine[index] = drawn.last
        }
        return drawn
    }

    private func keepLine(_ image: RGBAImage, as key: DrawingKey) {
        lineDrawings[key] = image
        lineOrder.append(key)
        lineBytes += image.pixels.count
        while lineBytes > bounds.lineBytes, !lineOrder.isEmpty {
            let old = lineOrder.removeFirst()
            lineBytes -= lineDrawings.removeValue(forKey: old)?.pixels.count ?? 0
        }
    }

    /// `item` laid out in page pixels: its lines as shown, and each line's caret stops and baseline; nil
    /// when no font can be had.
    public func layout(of item: TextItem) -> PageTextLayout? {
        guard PageItem.Content.text(item).problem == nil else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rasterizer = rasterizer(item.fontFamily), let shown = shownLines(of: item, rasterizer) else { return nil }
        return PageTextLayout(item: item, lines: shown.lines, ascender: shown.ascender, lineHeight: shown.lineHeight, scale: shown.scale)
    }

    /// `item`'s lines as shown, laid out at a size FreeType draws (then scaled to the page), wrapped at
    /// its width there: so a box breaks in the same places at every detail it is drawn at. Called
    /// holding the lock.
    private func shownLines(of item: TextItem, _ rasterizer: TextRasterizer) -> ShownLines? {
        let scale = Self.clampedScale(item.fontSize, 1)
        let key = DrawingKey(text: item.text, family: item.fontFamily, size: item.fontSize, color: [], detail: scale, wrap: item.wrapWidth ?? 0)
        if let last = lastLines, last.key == key { return last.lines }
        guard let metrics = try? rasterizer.lineMetrics(size: item.fontSize * scale) else { return nil }
        if measuredStops > bounds.stops {
            measures.removeAll(keepingCapacity: true)
            measuredStops = 0
        }
        // A box not wrapped shows its lines as they are: the last one worked out (the same box, a key
        // ago) gives each line it held unchanged at the same place, found by comparing, not hashing.
        var previous: [TextWrap.Line] = []
        if item.wrapWidth == nil, let last = lastLines, last.key.wrap == 0, last.key.family == key.family, last.key.size == key.size,
           last.key.detail == key.detail {
            previous = last.lines.lines
        }
        var index = 0
        let lines = try? TextWrap.lines(of: item.text, width: item.wrapWidth.map { $0 * scale }) { line in
            defer { index += 1 }
            if index < previous.count, previous[index].text == line { return (previous[index].width, previous[index].caretStops) }
            let lineKey = DrawingKey(text: line, family: item.fontFamily, size: item.fontSize, color: [], detail: scale)
            if let kept = measures[lineKey] { return (Double(kept.width), kept.caretStops) }
            let made = try rasterizer.measure(line, size: item.fontSize * scale)
            measures[lineKey] = made
            measuredStops += made.caretStops.count
            return (Double(made.width), made.caretStops)
        }
        guard let lines else { return nil }
        let shown = ShownLines(lines: lines, ascender: metrics.ascender, lineHeight: metrics.lineHeight, scale: scale)
        lastLines = (key, shown)
        return shown
    }

    /// How far below the top of `item`'s first line its baseline lies (page pixels): where a box pressed
    /// or read from Xournal++ (which keeps the top) puts its origin. Nine tenths of the size when no font
    /// can be had.
    public func ascender(of item: TextItem) -> Double {
        layout(of: item)?.ascender ?? item.fontSize * 0.9
    }

    /// `color` as the drawings' keys hold it, and as the rasterizer's straight-alpha bytes.
    private static func components(of color: InkColor) -> [Float] { [color.red, color.green, color.blue, color.alpha] }
    private static func bytes(of color: InkColor) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (InkColor.level(color.red), InkColor.level(color.green), InkColor.level(color.blue), InkColor.level(color.alpha))
    }

    /// `detail`, or the nearest that draws `fontSize` at a size FreeType draws here.
    static func clampedScale(_ fontSize: Double, _ detail: Double) -> Double {
        let size = fontSize * detail
        let sizes = TextRasterizer.sizes
        if size < sizes.lowerBound { return sizes.lowerBound / fontSize }
        if size > sizes.upperBound { return sizes.upperBound / fontSize }
        return detail
    }

    private func keep(_ drawing: (image: RGBAImage, rect: Rect), as key: DrawingKey) {
        drawings[key] = drawing
        drawingOrder.append(key)
        drawingBytes += drawing.image.pixels.count
        while drawingBytes > bounds.drawingBytes, drawingOrder.count > 1 {
            drawingBytes -= drawings.removeValue(forKey: drawingOrder.removeFirst())?.image.pixels.count ?? 0
        }
    }

    /// The family's rasterizer, opened the first time it is asked for.
    private func rasterizer(_ family: String) -> TextRasterizer? {
        if let kept = rasterizers[family] { return kept }
        guard missing[family] == nil else { return nil }
        do {
            let rasterizer = try TextRasterizer(fontPath: try FontLocator.file(forFamily: family))
            rasterizers[family] = rasterizer
            return rasterizer
        } catch {
            missing[family] = "\(error)"
            return nil
        }
    }
}
