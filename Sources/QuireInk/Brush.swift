/// How a brush's texture is turned as it is stamped.
public enum BrushRotation: Hashable, Sendable, Codable {
    /// Always at this angle, in radians (a calligraphy nib held at one angle).
    case fixed(Double)
    /// Along the stroke's direction of travel plus this offset, in radians.
    case followStroke(offset: Double)
}

/// A brush described for the renderer: which texture to stamp, how densely, and how it turns. The
/// textures are greyscale-in-alpha PNGs in `Resources/Brushes/`, made by `Packaging/tools/make-brushes.py`;
/// the renderer loads them (this layer reads no files).
public struct Brush: Hashable, Sendable, Codable {
    /// A stable name, for menus and for the document.
    public var name: String
    /// The texture's file name inside `Resources/Brushes/`.
    public var textureFile: String
    /// Distance between dabs as a fraction of the current width.
    public var spacing: Double
    public var rotation: BrushRotation
    /// How much pen tilt widens the brush: the width is multiplied by `1 + tiltWidening × sin(tilt)`.
    /// Zero for round brushes; a flat (chisel) brush laid over on its side leaves a broader mark.
    public var tiltWidening: Double

    public init(name: String, textureFile: String, spacing: Double, rotation: BrushRotation = .fixed(0),
                tiltWidening: Double = 0) {
        self.name = name
        self.textureFile = textureFile
        self.spacing = spacing
        self.rotation = rotation
        self.tiltWidening = tiltWidening
    }

    /// Soft-edged round dab: the default for ink; dense spacing hides the dabs.
    public static let softRound = Brush(name: "soft-round", textureFile: "soft-round.png", spacing: 0.1)
    /// Hard round dab with a one-pixel anti-aliased edge.
    public static let hardRound = Brush(name: "hard-round", textureFile: "hard-round.png", spacing: 0.15)
    /// Flat nib a third as tall as it is wide, held at 45°, widened by tilt.
    public static let chisel = Brush(name: "chisel", textureFile: "chisel.png", spacing: 0.08,
                                     rotation: .fixed(.pi / 4), tiltWidening: 1)
    /// Round dab with a paper-grain texture, turned along the stroke so the grain follows it.
    public static let pencilGrain = Brush(name: "pencil-grain", textureFile: "pencil-grain.png", spacing: 0.2,
                                          rotation: .followStroke(offset: 0))

    public static let builtIn: [Brush] = [.softRound, .hardRound, .chisel, .pencilGrain]
}
