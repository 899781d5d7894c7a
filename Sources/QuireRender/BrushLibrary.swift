import Foundation
import QuireImageIO
import QuireInk

/// The brush textures, loaded once each from `Resources/Brushes/` (white PNGs whose alpha is the
/// brush's coverage). A brush whose file is missing or unreadable draws with the built-in soft round
/// brush instead, and the reason is kept in `problems` for the app to report: ink never vanishes
/// because an asset is absent.
public final class BrushLibrary {
    /// The folder holding the brush PNGs, if one was found.
    public let directory: String?
    public private(set) var problems: [String] = []
    private var textures: [String: BrushTexture] = [:]
    private lazy var fallback = BrushTexture.softRound()

    public init(directory: String?) {
        self.directory = directory
    }

    public func texture(for brush: Brush) -> BrushTexture {
        if let loaded = textures[brush.textureFile] { return loaded }
        let texture: BrushTexture
        do {
            texture = try load(brush.textureFile)
        } catch {
            problems.append("brush \(brush.name): \(error); drawing it with the built-in soft round brush")
            texture = fallback
        }
        textures[brush.textureFile] = texture
        return texture
    }

    private func load(_ file: String) throws -> BrushTexture {
        guard let directory else {
            throw PNGError.readFailed(path: file, reason: "no Resources/Brushes folder was found")
        }
        let image = try PNG.read(from: directory + "/" + file)
        guard image.width == image.height, image.width > 0 else {
            throw PNGError.readFailed(path: directory + "/" + file, reason: "a brush must be square")
        }
        var coverage = [UInt8](repeating: 0, count: image.width * image.height)
        for i in 0..<coverage.count { coverage[i] = image.pixels[i * 4 + 3] }
        return BrushTexture(size: image.width, coverage: coverage)
    }
}
