/// What a picture's header says, read without decoding a pixel.
public struct ImageInfo: Equatable, Sendable {
    public var format: ImageFormat
    /// The size as stored in the file, before `orientation` is applied.
    public var width: Int
    public var height: Int
    public var orientation: ExifOrientation
    /// The size the picture is seen at: `width`×`height`, sides swapped for orientations 5–8.
    public var uprightWidth: Int { orientation.swapsSides ? height : width }
    public var uprightHeight: Int { orientation.swapsSides ? width : height }

    public init(format: ImageFormat, width: Int, height: Int, orientation: ExifOrientation = .upright) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }
}
