extension Shaders {
    /// A colour field (`ColorField`): the window position goes through to the fragment shader, which
    /// finds its place in the field's rectangle.
    static let colorFieldVertex = """
        #version 330 core
        layout(location = 0) in vec2 aPosition;
        uniform mat3 uPageToClip;
        out vec2 vWindow;
        void main() {
            vec3 p = uPageToClip * vec3(aPosition, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            vWindow = aPosition;
        }
        """

    /// HSB → RGB without branches (`HSBColor.rgb` is the same formula): the square is saturation ×
    /// brightness at `uHue`, the strip every hue. Opaque, so premultiplied is the colour itself.
    static let colorFieldFragment = """
        #version 330 core
        uniform vec4 uRect;
        uniform int uKind;
        uniform float uHue;
        in vec2 vWindow;
        out vec4 fragColor;
        vec3 hsb(float h, float s, float b) {
            vec3 pure = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
            return b * mix(vec3(1.0), pure, s);
        }
        void main() {
            vec2 uv = clamp((vWindow - uRect.xy) / uRect.zw, 0.0, 1.0);
            vec3 c = uKind == 0 ? hsb(uHue, uv.x, 1.0 - uv.y) : hsb(uv.y, 1.0, 1.0);
            fragColor = vec4(c, 1.0);
        }
        """
}
