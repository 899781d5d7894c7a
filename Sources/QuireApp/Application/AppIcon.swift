import Foundation
import QuireImageIO
import QuireX11

/// The window's icon, read from the same PNGs the desktop's icon theme gets (`Resources/Icons`,
/// installed as `share/quire/Icons`), so task bar and launcher show the same artwork.
public enum AppIcon {
    /// The sizes the window offers its window manager: small ones for task bars and title bars, 128
    /// for window switchers. Larger ones would only lengthen the property every switcher reads.
    public static let windowSizes = [16, 32, 48, 64, 128]

    /// The icon's PNG at one size in `resources` (the folder `ResourceLocator` finds).
    public static func path(size: Int, in resources: String) -> String {
        "\(resources)/Icons/quire-\(size).png"
    }

    /// Every window size decoded, or an error naming the file that is missing or damaged.
    public static func windowImages(in resources: String) throws -> [WindowIconImage] {
        try windowSizes.map { size in
            let file = path(size: size, in: resources)
            let image = try PNG.read(from: file)
            guard image.width == size, image.height == size else {
                throw AppIconError.wrongSize(path: file, expected: size, width: image.width, height: image.height)
            }
            return try WindowIconImage(width: image.width, height: image.height, rgba: image.pixels)
        }
    }
}
