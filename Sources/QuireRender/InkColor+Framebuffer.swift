import CGL
import QuireInk

extension InkColor {
    /// The colour as an 8-bit framebuffer holds it (each channel rounded to 1/255): a layer cleared to
    /// it and one compared against it agree to the bit.
    var quantizedTo8Bits: InkColor {
        func stored(_ value: Float) -> Float { (min(max(value, 0), 1) * 255).rounded() / 255 }
        return InkColor(red: stored(red), green: stored(green), blue: stored(blue), alpha: stored(alpha))
    }

    /// Makes `color` GL's clear colour, premultiplied as every layer holds colour (transparent when nil).
    static func setClearColor(_ color: InkColor?) {
        let c = color ?? InkColor(red: 0, green: 0, blue: 0, alpha: 0)
        glClearColor(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
    }
}
