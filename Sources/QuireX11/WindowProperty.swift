import CX11

/// A window property read whole, in bounded chunks. Another client wrote it (a clipboard owner, a
/// drag source), so nothing in it is trusted: the format must be 8, 16 or 32 and stay the same across
/// chunks, and the total size is checked against a limit before anything is kept.
struct WindowProperty {
    /// The property's type atom (None when the property does not exist).
    var type: Atom
    /// 8, 16 or 32 (0 when the property does not exist).
    var format: Int32
    /// Format 8: the bytes as stored. Empty for other formats.
    var bytes: [UInt8] = []
    /// Format 16 and 32: the items, widened (Xlib hands format-32 items over as C longs).
    var items: [UInt] = []

    var itemCount: Int { format == 8 ? bytes.count : items.count }

    /// The bytes it holds as the protocol counts them (items of `format` bits; a value with no format
    /// yet, nothing received, counts its items as bytes): what a transfer's size limit and its owner's
    /// announcement are measured in.
    var byteCount: Int { itemCount * max(1, Int(format) / 8) }

    enum Failure: Error, Equatable {
        /// The property holds more than the caller allows (`size` as announced by the server).
        case tooLarge(size: Int, limit: Int)
        /// The server refused the read, or the property's format is not one X defines, or it changed
        /// while being read.
        case unreadable(String)
    }

    /// Chunk size per request, in bytes: big enough that a few megabytes take a handful of round trips,
    /// small enough that Xlib's reply buffer stays modest.
    static let chunkBytes = 1 << 20

    /// Reads `property` of `window`, deleting it after a complete read when `delete` (the INCR protocol
    /// and XDND rely on the delete). `limit` is in bytes of stored data.
    static func read(display: OpaquePointer, window: Window, property: Atom, limit: Int,
                     delete: Bool) -> Result<WindowProperty, Failure> {
        var value = WindowProperty(type: 0, format: 0)
        var offset = 0 // in 32-bit units, as the protocol counts it
        var first = true
        while true {
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0
            var remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(display, window, property, offset, chunkBytes / 4, 0,
                                            Atom(AnyPropertyType), &type, &format, &count, &remaining, &data)
            defer { if let data { XFree(data) } }
            guard status == Success else { return .failure(.unreadable("the X server refused to read the property")) }
            if first {
                guard type != 0 else { return .success(value) } // no such property
                guard format == 8 || format == 16 || format == 32 else {
                    return .failure(.unreadable("the property has format \(format), not 8, 16 or 32"))
                }
                value.type = type
                value.format = format
                first = false
            } else if type != value.type || format != value.format {
                return .failure(.unreadable("the property changed while it was read"))
            }
            let unit = Int(format) / 8
            // The server's own figures: what came in this chunk and what is left. Checked before the
            // chunk is copied, so an announced size over the limit allocates nothing.
            guard count <= UInt(chunkBytes / unit), remaining <= UInt(Int.max / 2) else {
                return .failure(.unreadable("the server reported an impossible property size"))
            }
            let stored = value.itemCount * unit
            let total = stored + Int(count) * unit + Int(remaining)
            guard total <= limit else { return .failure(.tooLarge(size: total, limit: limit)) }
            if count > 0 {
                guard let data else { return .failure(.unreadable("the server returned no data")) }
                switch format {
                case 8:
                    value.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
                case 16:
                    data.withMemoryRebound(to: CShort.self, capacity: Int(count)) { shorts in
                        value.items += (0..<Int(count)).map { UInt(UInt16(bitPattern: shorts[$0])) }
                    }
                default:
                    data.withMemoryRebound(to: CLong.self, capacity: Int(count)) { longs in
                        value.items += (0..<Int(count)).map { UInt(UInt32(truncatingIfNeeded: longs[$0])) }
                    }
                }
            }
            guard remaining > 0 else { break }
            // Every chunk but the last is whole 32-bit units; a short one with data left over means
            // the server and this reader disagree, so stop rather than loop for ever.
            let consumed = Int(count) * unit
            guard consumed > 0, consumed % 4 == 0 else { return .failure(.unreadable("the server returned a ragged chunk")) }
            offset += consumed / 4
        }
        if delete { XDeleteProperty(display, window, property) }
        return .success(value)
    }
}
