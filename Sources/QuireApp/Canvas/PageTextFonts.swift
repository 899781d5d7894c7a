import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireText

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
        var text: String, family: String, size: Double, color: [Float], detail: Double
    }
    /// The latest layout worked out: the box being typed into asks for it every frame.
    private var lastBlock: (key: DrawingKey, block: TextBlock)?
    /// Lines measured lately (a key typed into a long box measures its one line again).
    private var measures: [DrawingKey: (width: Int, caretStops: [Double])] = [:]
    /// Caret stops kept for measured lines (8 bytes each: 16 MB).
    public static let keptStops = 2_000_000
    /// The bounds this one keeps to (the defaults above; tests give smaller ones).
    let bounds: (drawingBytes: Int, lineBytes: Int, stops: Int)
    private(set) var measuredStops = 0
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
    /// the largest size FreeType draws here), and the page rectangle the image covers; nil when no font
    /// can be had or the item has nothing to draw.
    public func image(of item: TextItem, detail: Double) -> (image: RGBAImage, rect: Rect)? {
        guard !item.text.isEmpty, PageItem.Content.text(item).problem == nil, detail.isFinite, detail > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rasterizer = rasterizer(item.fontFamily) else { return nil }
        var scale = Self.clampedScale(item.fontSize, detail)
        let key = DrawingKey(text: item.text, family: item.fontFamily, size: item.fontSize,
                             color: Self.components(of: item.color), detail: scale)
        if let kept = drawings[key] { return kept }
        guard var block = try? rasterizer.block(item.text, size: item.fontSize * scale, withCarets: false) else { return nil }
        // Too big at this detail: less, in proportion.
        let pixels = Double(block.width) * Double(block.height)
        let shrink = min(1, Double(Self.maximumSide) / Double(max(block.width, block.height)), (Double(Self.maximumPixels) / pixels).squareRoot())
        if shrink < 1 {
            scale = Self.clampedScale(item.fontSize, scale * shrink * 0.95)
            guard let smaller = try? rasterizer.block(item.text, size: item.fontSize * scale, withCarets: false) else { return nil }
            block = smaller
        }
        guard block.width <= Self.maximumSide, block.height <= Self.maximumSide,
              let drawn = try? rasterizer.renderBlock(item.text, size: item.fontSize * scale, color: Self.bytes(of: item.color)) else { return nil }
        let rect = Rect(x: item.origin.x, y: item.origin.y - Double(drawn.block.ascender) / scale,
                        width: Double(drawn.image.width) / scale, height: Double(drawn.image.height) / scale)
        keep((drawn.image, rect), as: key)
        return (drawn.image, rect)
    }

    /// `item`'s lines drawn one by one at `detail` (as `image`), each with the page rectangle it covers,
    /// an empty line none; a line drawn before (unchanged as a box is typed into) is not drawn again.
    /// Nil when no font can be had.
    public func lineImages(of item: TextItem, detail: Double) -> [(image: RGBAImage, rect: Rect, key: Int)]? {
        guard PageItem.Content.text(item).problem == nil, detail.isFinite, detail > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rasterizer = rasterizer(item.fontFamily) else { return nil }
        let scale = Self.clampedScale(item.fontSize, detail)
        guard let metrics = try? rasterizer.lineMetrics(size: item.fontSize * scale) else { return nil }
        var drawn: [(image: RGBAImage, rect: Rect, key: Int)] = []
        for (index, line) in TextBlock.lines(of: item.text).enumerated() where !line.isEmpty {
            let key = DrawingKey(text: line, family: item.fontFamily, size: item.fontSize, color: Self.components(of: item.color), detail: scale)
            let image: RGBAImage
            if let kept = lineDrawings[key] {
                image = kept
            } else {
                guard let made = try? rasterizer.render(line, size: item.fontSize * scale, color: Self.bytes(of: item.color)) else { return nil }
                image = made
                keepLine(made, as: key)
            }
            let rect = Rect(x: item.origin.x, y: item.origin.y + Double(index * metrics.lineHeight - metrics.ascender) / scale,
                            width: Double(image.width) / scale, height: Double(image.height) / scale)
            drawn.append((image, rect, key.hashValue))
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

    /// `item` laid out in page pixels: its lines, and each line's caret stops and baseline; nil when no
    /// font can be had.
    public func layout(of item: TextItem) -> PageTextLayout? {
        guard PageItem.Content.text(item).problem == nil else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let rasterizer = rasterizer(item.fontFamily) else { return nil }
        // Laid out at a size FreeType draws, then scaled to the page.
        let scale = Self.clampedScale(item.fontSize, 1)
        let key = DrawingKey(text: item.text, family: item.fontFamily, size: item.fontSize, color: [], detail: scale)
        if let last = lastBlock, last.key == key { return PageTextLayout(item: item, block: last.block, scale: scale) }
        guard let metrics = try? rasterizer.lineMetrics(size: item.fontSize * scale) else { return nil }
        let lines = TextBlock.lines(of: item.text)
        var width = 0
        var stops: [[Double]] = []
        stops.reserveCapacity(lines.count)
        if measuredStops > bounds.stops {
            measures.removeAll(keepingCapacity: true)
            measuredStops = 0
        }
        for line in lines {
            let lineKey = DrawingKey(text: line, family: item.fontFamily, size: item.fontSize, color: [], detail: scale)
            let measured: (width: Int, caretStops: [Double])
            if let kept = measures[lineKey] {
                measured = kept
            } else {
                guard let made = try? rasterizer.measure(line, size: item.fontSize * scale) else { return nil }
                measured = made
                measures[lineKey] = made
                measuredStops += made.caretStops.count
            }
            width = max(width, measured.width)
            stops.append(measured.caretStops)
        }
        let block = TextBlock(lines: lines, ascender: metrics.ascender, lineHeight: metrics.lineHeight, width: max(1, width), caretStops: stops)
        lastBlock = (key, block)
        return PageTextLayout(item: item, block: block, scale: scale)
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

/// A text item's lines as laid out on the page: where each line's baseline is and where a caret
/// stands before each character, page pixels.
public struct PageTextLayout: Equatable, Sendable {
    public var lines: [String]
    /// Each line's caret stops, page pixels from the item's origin.
    public var caretStops: [[Double]]
    public var origin: Point
    public var ascender: Double
    public var lineHeight: Double
    public var width: Double

    init(item: TextItem, block: TextBlock, scale: Double) {
        lines = block.lines
        caretStops = block.caretStops.map { $0.map { $0 / scale } }
        origin = item.origin
        ascender = Double(block.ascender) / scale
        lineHeight = Double(block.lineHeight) / scale
        width = Double(block.width) / scale
    }

    /// The box the text fills on the page.
    public var bounds: Rect {
        Rect(x: origin.x, y: origin.y - ascender, width: width, height: Double(max(1, lines.count)) * lineHeight)
    }

    /// The top of line `line` and its caret's x before character `column` (clamped to the line).
    public func caret(line: Int, column: Int) -> (x: Double, top: Double) {
        let line = max(0, min(lines.count - 1, line))
        let stops = caretStops[line]
        return (origin.x + stops[max(0, min(stops.count - 1, column))], origin.y - ascender + Double(line) * lineHeight)
    }

    /// The line and column nearest `point` on the page.
    public func position(nearest point: Point) -> (line: Int, column: Int) {
        let line = max(0, min(lines.count - 1, Int(((point.y - (origin.y - ascender)) / lineHeight).rounded(.down))))
        let x = point.x - origin.x
        let stops = caretStops[line]
        let column = stops.indices.min { abs(stops[$0] - x) < abs(stops[$1] - x) } ?? 0
        return (line, column)
    }
}
