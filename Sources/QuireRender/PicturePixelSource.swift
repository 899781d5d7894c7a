import QuireImageIO

/// Where the pixels of pictures come from when the renderer does not hold them (the window's picture
/// cache): a picture is decoded, uploaded as a texture, and its CPU copy let go, so a photo is held once
/// rather than twice. The renderer tells the source when a texture of one of its pictures is made or
/// goes, and asks it for the pixels again when it must upload a picture whose copy was let go.
///
/// Idle textures (no item shows them any more: a photo deleted, a page turned away from) are kept while
/// the source has room for them (`hasRoom`), the one looked at longest ago going first, so undo and a
/// page turned back to find their pictures still on the GPU.
///
/// Called on the renderer's thread only.
public protocol PicturePixelSource: AnyObject, Sendable {
    /// The pixels named `imageKey`, decoded again if no copy is held; nil when they cannot be had.
    func pixels(of imageKey: String) -> RGBAImage?
    /// A texture of `imageKey` now holds the picture, `bytes` of GPU memory: a copy kept for it can go.
    func textureMade(of imageKey: String, bytes: Int)
    /// That texture went.
    func textureDeleted(of imageKey: String, bytes: Int)
    /// Whether the pictures held (copies and textures together) are within the source's budget: while
    /// they are not, idle textures are let go.
    var hasRoom: Bool { get }
}
