/// Why a picture could not be read, in words for the person who dropped it on a page.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The bytes start with neither the PNG nor the JPEG signature.
    case notAnImage
    /// The file stops before the picture does: a download or copy cut short.
    case truncated
    /// The file has the right signature but damaged contents; `reason` says what was found.
    case corrupt(reason: String)
    /// The header claims more pixels than `ImageFile.maximumSide` / `ImageFile.maximumPixels` allow.
    case tooLarge(width: Int, height: Int)
    /// A real picture of a kind Quire does not read (12-bit or lossless JPEG, say).
    case unsupported(reason: String)

    public var description: String {
        switch self {
        case .notAnImage:
            return "the file is not a picture Quire can read (it is neither a PNG nor a JPEG)"
        case .truncated:
            return "the picture file ends before its image data is complete (was it cut short while copying?)"
        case let .corrupt(reason):
            return "the picture file is damaged: \(reason)"
        case let .tooLarge(width, height):
            return "the picture is \(width)×\(height) pixels; Quire reads pictures up to \(ImageFile.maximumSide) "
                + "pixels a side and \(ImageFile.maximumPixels / 1_000_000) million pixels in all"
        case let .unsupported(reason):
            return "Quire cannot read this kind of picture: \(reason)"
        }
    }
}
