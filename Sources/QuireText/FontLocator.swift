import CFreeType

/// Which font file to draw the interface with, asked of fontconfig: the best match for a family name
/// (another sans face when the family is missing), as every desktop program finds its fonts.
public enum FontLocator {
    /// The interface's family; `Packaging/setup-debian.sh` installs it (fonts-dejavu-core).
    public static let interfaceFamily = "DejaVu Sans"

    /// The file fontconfig matches for `family`.
    public static func file(forFamily family: String) throws -> String {
        guard FcInit() != 0 else { throw TextError.noFontConfiguration }
        guard let pattern = FcNameParse(family) else { throw TextError.noFont(family: family) }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { throw TextError.noFont(family: family) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else {
            throw TextError.noFont(family: family)
        }
        return String(cString: file)
    }
}
