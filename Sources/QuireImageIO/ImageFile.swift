/// Pictures as they arrive from files, the clipboard or a drop: PNG or JPEG, told apart by their bytes.
/// `probe` reads only the header; `decode` gives the picture upright (EXIF orientation applied) and, when
/// asked, no larger than needed.
public enum ImageFile {
    /// The longest side Quire reads. Larger than any camera or scanner produces (a 100 MP medium-format
    /// back is 11,648×8,736), and a GL texture of this size is still addressable.
    public static let maximumSide = 32_768
    /// The most pixels Quire reads: a 100 MP camera fits, with room to spare. A header claiming
    /// 50,000×50,000 (2.5 G pixels, 10 GB as RGBA) does not, so such a "decompression bomb" is refused
    /// from its header before a byte is allocated for it. At the limit, decoding needs about 480 MB.
    public static let maximumPixels = 120_000_000

    /// What the header of `data` says: format, stored size, EXIF orientation. Reads no pixel data and
    /// allocates nothing in proportion to the claimed size.
    public static func probe(_ data: [UInt8]) throws -> ImageInfo {
        try ImageHeaderReader(data: data).info()
    }

    /// The picture in `data`, upright. When `maximumSide` is given and either upright side exceeds it,
    /// the picture is shrunk (aspect kept, each side at least 1) so its longer side is `maximumSide`;
    /// it is never enlarged.
    public static func decode(_ data: [UInt8], fittingIn maximumSide: Int? = nil) throws -> RGBAImage {
        if let maximumSide, maximumSide < 1 {
            throw ImageError.unsupported(reason: "a picture cannot be fitted into \(maximumSide) pixels")
        }
        let info = try probe(data)
        let upright = fittedSize(width: info.uprightWidth, height: info.uprightHeight, maximumSide: maximumSide)
        let wanted = info.orientation.swapsSides ? (width: upright.height, height: upright.width) : upright
        let stored: RGBAImage
        switch info.format {
        case .png: stored = try decodePNG(data, info: info)
        case .jpeg: stored = try JPEG.decode(data, info: info, atLeast: wanted)
        }
        let resized = AreaResampler.resize(stored, width: wanted.width, height: wanted.height)
        return info.orientation.apply(to: resized)
    }

    /// `width`×`height` shrunk so neither side exceeds `maximumSide`, the longer side landing on it.
    static func fittedSize(width: Int, height: Int, maximumSide: Int?) -> (width: Int, height: Int) {
        guard let maximumSide, max(width, height) > maximumSide else { return (width, height) }
        // Rounded to nearest, in integers so the longer side is exactly `maximumSide`.
        if width >= height {
            return (maximumSide, max(1, (height * maximumSide + width / 2) / width))
        }
        return (max(1, (width * maximumSide + height / 2) / height), maximumSide)
    }

    /// Throws `tooLarge` unless a `width`×`height` picture is within the limits.
    static func checkLimits(width: Int, height: Int) throws {
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw ImageError.tooLarge(width: width, height: height)
        }
    }

    private static func decodePNG(_ data: [UInt8], info: ImageInfo) throws -> RGBAImage {
        try ImageHeaderReader(data: data).checkPNGIsComplete()
        let image: RGBAImage
        do {
            image = try PNG.decode(data)
        } catch PNGError.readFailed(_, let reason) {
            // libpng's simplified API has no error codes; this is its words for running out of input.
            if reason.contains("beyond end of data") || reason.contains("Not enough image data") {
                throw ImageError.truncated
            }
            throw ImageError.corrupt(reason: "the PNG data is damaged (libpng: \(reason))")
        }
        guard image.width == info.width, image.height == info.height else {
            throw ImageError.corrupt(reason: "libpng read a size of \(image.width)×\(image.height) pixels, "
                + "the header says \(info.width)×\(info.height)")
        }
        return image
    }
}
