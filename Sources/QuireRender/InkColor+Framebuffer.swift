import QuireInk

extension InkColor {
    /// The colour as an 8-bit framebuffer holds it (each channel rounded to 1/255): a layer cleared to
    /// it and one compared against it agree to the bit.
    var quantizedTo8Bits: InkColor {
        func stored(_ value: Float) -> Float { (min(max(value, 0), 1) * 255).rounded() / 255 }
        return InkColor(red: stored(red), green: stored(green), blue: stored(blue), alpha: stored(alpha))
    }
}
