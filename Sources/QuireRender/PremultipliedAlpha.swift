/// GL holds premultiplied colour; PNG and people expect straight alpha.
public enum PremultipliedAlpha {
    /// Turns premultiplied RGBA8 pixels straight, in place (fully opaque and fully clear pixels are left).
    public static func unpremultiply(_ bytes: UnsafeMutableRawBufferPointer) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var i = 0
        while i + 3 < bytes.count {
            let a = Int(base[i + 3])
            if a != 0 && a != 255 {
                for c in 0..<3 { base[i + c] = UInt8(min(255, (Int(base[i + c]) * 255 + a / 2) / a)) }
            }
            i += 4
        }
    }
}
