import CCairo
import Foundation
import QuireImageIO

/// A picture as a cairo image surface at its full resolution, ready to draw: a JPEG carries its own
/// bytes as mime data, so the PDF and SVG backends embed them as they are (no re-encoding), and every
/// picture carries its blob id as its unique id, so the PDF backend writes one image object however
/// often and on whichever pages it is drawn.
///
/// A JPEG's pixels are kept as stored (before its EXIF orientation), since those are what its bytes
/// hold; `toStored` carries upright picture coordinates onto them.
final class PictureSurface {
    let surface: OpaquePointer
    /// Upright size, as the page's items lay the picture out.
    let width: Int
    let height: Int
    /// Upright picture coordinates → the surface's pixels.
    let toStored: cairo_matrix_t
    /// Every pixel fully opaque (a photo): pieces of it may overlap without showing.
    let isOpaque: Bool
    /// The bytes given to cairo as mime data, held until cairo lets go of them.
    private final class Held { let bytes: [UInt8]; init(_ bytes: [UInt8]) { self.bytes = bytes } }

    /// `bytes` (a PNG or JPEG) decoded whole; `uniqueID` names the picture (its blob id).
    init(bytes: [UInt8], uniqueID: String) throws {
        let info = try ImageFile.probe(bytes)
        let upright = try ImageFile.decode(bytes)
        let isJPEG = info.format == .jpeg
        let orientation = isJPEG ? info.orientation : .upright
        let stored = orientation.inverse.apply(to: upright)
        // A JPEG has no alpha: its 12 megapixels need no look to know it (each look is a pass over 48 MB).
        isOpaque = isJPEG || upright.isOpaque
        surface = try Self.surface(from: stored, opaque: isOpaque)
        width = upright.width
        height = upright.height
        toStored = Self.matrix(orientation, storedWidth: Double(stored.width), storedHeight: Double(stored.height))
        if isJPEG { Self.attach(bytes, as: "image/jpeg", to: surface) }
        Self.attach(Array(uniqueID.utf8), as: "application/x-cairo.uuid", to: surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Cairo keeps the bytes by pointer; a retained box is released by cairo's destroy callback.
    private static func attach(_ bytes: [UInt8], as mimeType: String, to surface: OpaquePointer) {
        let held = Held(bytes)
        let box = Unmanaged.passRetained(held).toOpaque()
        let status = held.bytes.withUnsafeBufferPointer { buffer in
            cairo_surface_set_mime_data(surface, mimeType, buffer.baseAddress, UInt(buffer.count),
                                        { Unmanaged<Held>.fromOpaque($0!).release() }, box)
        }
        if status != CAIRO_STATUS_SUCCESS { Unmanaged<Held>.fromOpaque(box).release() }
    }

    /// Straight RGBA → cairo's premultiplied native-endian ARGB32 (RGB24 when `opaque`, so no soft mask is
    /// written for a photo, and its channels are moved, not multiplied).
    private static func surface(from image: RGBAImage, opaque: Bool) throws -> OpaquePointer {
        guard let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                       Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw ImageError.tooLarge(width: image.width, height: image.height)
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let target = cairo_image_surface_get_data(surface)!
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let row = (target + y * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { $0 }
                if opaque {
                    for x in 0..<image.width {
                        let i = (y * image.width + x) * 4
                        row[x] = 0xFF00_0000 | UInt32(source[i]) << 16 | UInt32(source[i + 1]) << 8 | UInt32(source[i + 2])
                    }
                    continue
                }
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(source[i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] = a << 24 | premultiplied(source[i]) << 16 | premultiplied(source[i + 1]) << 8
                        | premultiplied(source[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Upright picture coordinates → stored pixel coordinates (`ExifOrientation.storedPosition`, for
    /// points rather than pixel indices).
    private static func matrix(_ orientation: ExifOrientation, storedWidth w: Double, storedHeight h: Double) -> cairo_matrix_t {
        // (x, y) upright ↦ (xx·x + xy·y + x0, yx·x + yy·y + y0) stored.
        switch orientation {
        case .upright: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        case .mirror: cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: 1, x0: w, y0: 0)
        case .turn180: cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: -1, x0: w, y0: h)
        case .flip: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: h)
        case .transpose: cairo_matrix_t(xx: 0, yx: 1, xy: 1, yy: 0, x0: 0, y0: 0)
        case .turnClockwise: cairo_matrix_t(xx: 0, yx: -1, xy: 1, yy: 0, x0: 0, y0: h)
        case .transverse: cairo_matrix_t(xx: 0, yx: -1, xy: -1, yy: 0, x0: w, y0: h)
        case .turnCounterclockwise: cairo_matrix_t(xx: 0, yx: 1, xy: -1, yy: 0, x0: w, y0: 0)
        }
    }
}

extension ExifOrientation {
    /// The orientation that undoes this one (a quarter turn one way undoes the other; the rest undo
    /// themselves).
    var inverse: ExifOrientation {
        switch self {
        case .turnClockwise: .turnCounterclockwise
        case .turnCounterclockwise: .turnClockwise
        default: self
        }
    }
}
