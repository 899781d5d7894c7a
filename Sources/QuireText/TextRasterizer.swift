import CFreeType
import QuireImageIO

/// One line of text drawn to pixels with FreeType: UTF-8 in, each character's glyph rendered as
/// anti-aliased coverage (light hinting: crisp on the pixel grid vertically, true to the design
/// horizontally), placed by its advance and the font's kerning, and coloured into a straight-alpha RGBA
/// image as tall as the font's line. Rendered glyphs are kept per size, so a message redrawn or a
/// label drawn again costs only the copy. `run` lays a line out on the same glyphs copied once into
/// `atlas` instead, for the GPU to draw (the interface's text). Not for use from two threads at once
/// (FreeType's face is not).
public final class TextRasterizer {
    /// Text heights (pixels per em) that can be asked for.
    public static let sizes = 4.0...512.0
    /// Longer text is cut, with an ellipsis: a line of the interface never holds more.
    public static let maximumCharacters = 1_000
    /// Wider lines are cut at the right: the widest texture every GL here can hold.
    public static let maximumWidth = 16_384

    public let fontPath: String
    /// Where `run` puts the glyphs it lays out, for drawing on the GPU.
    public let atlas: GlyphAtlas
    private var library: FT_Library?
    private(set) var face: FT_Face?
    private var glyphs: [GlyphKey: Glyph] = [:]
    private var currentSize = 0.0

    private struct GlyphKey: Hashable {
        var index: UInt32
        var size: Double
    }

    struct Glyph {
        /// The font's index for it (the atlas's key).
        var index: UInt32
        var width: Int
        var rows: Int
        /// From the pen position to the bitmap's left edge, and from the baseline up to its top.
        var left: Int
        var top: Int
        /// 26.6 fixed point.
        var advance: Int
        var coverage: [UInt8]
    }

    /// Text measured and laid out: where each glyph's bitmap goes in an image `width` × `height`.
    public struct Layout: Equatable, Sendable {
        public var width: Int
        public var height: Int
        /// From the top of the image to the baseline.
        public var baseline: Int
    }

    public init(fontPath: String, atlas: GlyphAtlas = GlyphAtlas()) throws {
        self.fontPath = fontPath
        self.atlas = atlas
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw TextError.unreadableFont(path: fontPath, code: -1) }
        self.library = library
        var face: FT_Face?
        let error = FT_New_Face(library, fontPath, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            self.library = nil
            throw TextError.unreadableFont(path: fontPath, code: Int(error))
        }
        self.face = face
    }

    /// The interface font, found through fontconfig.
    public convenience init() throws {
        try self.init(fontPath: try FontLocator.file(forFamily: FontLocator.interfaceFamily))
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The size of the image `render` would make for `text` at `size` pixels per em.
    public func layout(of text: String, size: Double) throws -> Layout {
        try place(text, size: size).layout
    }

    /// `text` as one line in `color` (straight alpha; its alpha scales the glyphs' coverage) on a
    /// transparent image, `size` pixels per em. Line breaks and tabs become spaces.
    public func render(_ text: String, size: Double, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) throws -> RGBAImage {
        let (layout, placed) = try place(text, size: size)
        var coverage = [UInt8](repeating: 0, count: layout.width * layout.height)
        for (x, y, glyph) in placed {
            for row in 0..<glyph.rows {
                let targetY = y + row
                guard targetY >= 0, targetY < layout.height else { continue }
                for column in 0..<glyph.width {
                    let targetX = x + column
                    guard targetX >= 0, targetX < layout.width else { continue }
                    let value = glyph.coverage[row * glyph.width + column]
                    let index = targetY * layout.width + targetX
                    // Neighbouring glyphs may overlap by a pixel: the darker coverage wins (no seams).
                    coverage[index] = max(coverage[index], value)
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        for (index, value) in coverage.enumerated() where value > 0 {
            pixels[index * 4] = color.r
            pixels[index * 4 + 1] = color.g
            pixels[index * 4 + 2] = color.b
            pixels[index * 4 + 3] = UInt8((Int(value) * Int(color.a) + 127) / 255)
        }
        return RGBAImage(width: layout.width, height: layout.height, pixels: pixels)
    }

    /// `text` as `render` draws it, cut short with an ellipsis where it would be wider than
    /// `maximumWidth` pixels.
    public func render(_ text: String, size: Double, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                       maximumWidth: Int) throws -> RGBAImage {
        try render(fitted(text, size: size, maximumWidth: maximumWidth), size: size, color: color)
    }

    /// `text`, cut short with an ellipsis where it would be wider than `maximumWidth` pixels.
    func fitted(_ text: String, size: Double, maximumWidth: Int) throws -> String {
        var characters = Array(text)
        var line = text
        var width = try layout(of: line, size: size).width
        while width > maximumWidth, characters.count > 1 {
            // Cut in proportion to the overflow (at least one character), then measure again.
            let keep = max(1, min(characters.count - 1, characters.count * maximumWidth / max(width, 1)))
            characters = Array(characters.prefix(keep - 1))
            line = String(characters).trimmingTrailingSpaces() + "…"
            width = try layout(of: line, size: size).width
        }
        return line
    }

    /// Lays the glyphs out along the baseline: positions in whole pixels of the image to make.
    func place(_ text: String, size: Double) throws -> (layout: Layout, placed: [(Int, Int, Glyph)]) {
        guard size.isFinite, Self.sizes.contains(size), let face else { throw TextError.badSize(size) }
        try setSize(size)
        var scalars = Array(text.unicodeScalars.prefix(Self.maximumCharacters + 1))
        if scalars.count > Self.maximumCharacters {
            scalars = Array(scalars.prefix(Self.maximumCharacters - 1)) + ["\u{2026}"]
        }
        let metrics = face.pointee.size.pointee.metrics
        let ascender = Int((metrics.ascender + 63) >> 6)
        let descender = Int((-metrics.descender + 63) >> 6)
        let hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        var pen = 0            // 26.6
        var previous: UInt32 = 0
        var placed: [(Int, Int, Glyph)] = []
        var right = 0
        for scalar in scalars {
            let code = scalar == "\n" || scalar == "\t" || scalar == "\r" ? 0x20 : scalar.value
            let index = FT_Get_Char_Index(face, FT_ULong(code))
            if hasKerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &delta) == 0 { pen += Int(delta.x) }
            }
            guard let glyph = try glyph(index, size: size) else { continue }
            let x = ((pen + 32) >> 6) + glyph.left
            placed.append((x, ascender - glyph.top, glyph))
            right = max(right, x + glyph.width)
            pen += glyph.advance
            previous = index
        }
        let width = max(1, min(max(right, (pen + 63) >> 6), Self.maximumWidth))
        let layout = Layout(width: width, height: max(1, ascender + descender), baseline: ascender)
        return (layout, placed)
    }

    private func setSize(_ size: Double) throws {
        guard size != currentSize, let face else { return }
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72)
        guard error == 0 else { throw TextError.badSize(size) }
        currentSize = size
    }

    /// The glyph rendered at the current size (cached); nil for one the font cannot render.
    func glyph(_ index: UInt32, size: Double) throws -> Glyph? {
        let key = GlyphKey(index: index, size: size)
        if let glyph = glyphs[key] { return glyph }
        guard let face, FT_Load_Glyph(face, index, quire_ft_load_render | quire_ft_load_target_light) == 0,
              let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), pitch >= width {
            for row in 0..<rows {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
        }
        let glyph = Glyph(index: index, width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                          advance: Int(slot.pointee.advance.x), coverage: coverage)
        glyphs[key] = glyph
        return glyph
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
