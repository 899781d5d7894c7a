/// GLSL 3.30 core sources. Colours leave the fragment shaders premultiplied; every blend in Quire is
/// premultiplied "over" (ONE, ONE_MINUS_SRC_ALPHA) so layers composite without dark fringes.
enum Shaders {
    /// A sprite's vertex attributes, in the layout of `Sprite` or of a compact span (whose colour and
    /// rotation are constants: SpriteBatchRenderer.describeSprites and describeSpan point the buffer at
    /// these locations). Points and quads read the same buffer.
    private static let spriteAttributes = """
        layout(location = 0) in vec2 aCenter;
        layout(location = 1) in float aDiameter;
        layout(location = 2) in float aRotation;
        layout(location = 3) in vec3 aColor;
        layout(location = 4) in float aAlpha;
        uniform mat3 uPageToClip;
        // (r, g, b, 1): every sprite drawn in that colour (an eraser painting the paper back);
        // (0, 0, 0, 0): each in its own.
        uniform vec4 uPaint;
        out vec4 vColor;
        flat out vec2 vTurn;
        vec3 spriteColor() { return mix(aColor, uPaint.rgb, uPaint.a); }
        // The dab's rotation as (cos, sin), worked out once a dab here rather than at each of its
        // pixels (llvmpipe evaluates sin and cos as long polynomials: at 300 dpi a page's dabs cover
        // millions of pixels). Flat: the same for the whole dab.
        void setTurn(float rotation) { vTurn = vec2(cos(rotation), sin(rotation)); }
        """

    static let spriteVertex = """
        #version 330 core
        \(spriteAttributes)
        uniform float uPixelScale;
        void main() {
            vec3 p = uPageToClip * vec3(aCenter, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            float size = aDiameter * uPixelScale;
            gl_PointSize = max(size, 1.0);
            // A dab narrower than a pixel is drawn one pixel wide with its coverage scaled down, so thin
            // lines fade instead of flickering between one pixel and none.
            float coverage = clamp(size * size, 0.0, 1.0);
            vColor = vec4(spriteColor() * aAlpha, aAlpha) * coverage;
            setTurn(aRotation);
        }
        """

    /// The brush's coverage at `corner` (0…1 across the dab, y down), turned by the dab's rotation
    /// (`turn`: its cosine and sine). Points and quads share it, so both draw the same dab.
    private static let brushCoverage = """
        uniform sampler2D uBrush;
        flat in vec2 vTurn;
        float brushCoverage(vec2 corner, vec2 turn) {
            vec2 c = corner - vec2(0.5);
            float s = turn.y;
            float k = turn.x;
            return texture(uBrush, vec2(k * c.x - s * c.y, s * c.x + k * c.y) + vec2(0.5)).r;
        }
        """

    static let spriteFragment = """
        #version 330 core
        \(brushCoverage)
        in vec4 vColor;
        out vec4 fragColor;
        void main() {
            fragColor = vColor * brushCoverage(gl_PointCoord, vTurn);
        }
        """

    /// Sprites larger than the driver's largest point: one instanced quad each, same look as a point.
    static let spriteQuadVertex = """
        #version 330 core
        \(spriteAttributes)
        out vec2 vCorner;
        void main() {
            // Corners of a triangle strip from the vertex number: (0,0) (1,0) (0,1) (1,1).
            vCorner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
            vec2 page = aCenter + (vCorner - vec2(0.5)) * aDiameter;
            vec3 p = uPageToClip * vec3(page, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            vColor = vec4(spriteColor() * aAlpha, aAlpha);
            setTurn(aRotation);
        }
        """

    static let spriteQuadFragment = """
        #version 330 core
        \(brushCoverage)
        in vec4 vColor;
        in vec2 vCorner;
        out vec4 fragColor;
        void main() {
            fragColor = vColor * brushCoverage(vCorner, vTurn);
        }
        """

    static let quadVertex = """
        #version 330 core
        layout(location = 0) in vec2 aPosition;
        layout(location = 1) in vec2 aTexCoord;
        uniform mat3 uPageToClip;
        out vec2 vTexCoord;
        out vec2 vPage;
        void main() {
            vec3 p = uPageToClip * vec3(aPosition, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            vTexCoord = aTexCoord;
            vPage = aPosition;
        }
        """

    /// A layer drawn as a textured quad: the texture at an opacity, nothing else. llvmpipe runs every
    /// side of a shader's branches, so the patterned paper's shader (below) would cost its pattern,
    /// and the fill its texture fetch, on every pixel of every layer composited.
    static let quadLayerFragment = """
        #version 330 core
        uniform sampler2D uTexture;
        uniform float uOpacity;
        in vec2 vTexCoord;
        out vec4 fragColor;
        void main() {
            fragColor = texture(uTexture, vTexCoord) * uOpacity;
        }
        """

    /// A quad filled with one premultiplied colour at an opacity (blank paper, the overlay's rectangles).
    static let quadFillFragment = """
        #version 330 core
        uniform vec4 uColor;
        uniform float uOpacity;
        out vec4 fragColor;
        void main() {
            fragColor = uColor * uOpacity;
        }
        """

    /// Paper with a pattern printed on it (rules, grid, dots) in a colour.
    static let quadFragment = """
        #version 330 core
        uniform vec4 uColor;
        uniform float uOpacity;
        // Paper patterns (0 none, 1 ruled, 2 grid, 3 dotted), in page pixels.
        uniform int uPattern;
        uniform vec4 uLineColor;
        uniform float uSpacing;
        in vec2 vTexCoord;
        in vec2 vPage;
        out vec4 fragColor;

        // How much of this pixel a line of half-width `halfWidth` at distance `d` covers; `pixel` is the
        // page distance one pixel spans, so lines stay antialiased at every zoom.
        float line(float d, float halfWidth, float pixel) {
            return clamp((halfWidth - d) / pixel + 0.5, 0.0, 1.0);
        }

        float patternCoverage() {
            vec2 pixel = max(fwidth(vPage), vec2(1e-4));
            vec2 offset = abs(mod(vPage + vec2(0.5 * uSpacing), vec2(uSpacing)) - vec2(0.5 * uSpacing));
            if (uPattern == 1) {
                // Rules below a top margin of two spacings, as on a ruled pad.
                return vPage.y < 2.0 * uSpacing ? 0.0 : line(offset.y, 0.5, pixel.y);
            }
            if (uPattern == 2) return max(line(offset.x, 0.5, pixel.x), line(offset.y, 0.5, pixel.y));
            if (uPattern == 3) return line(length(offset), 1.2, max(pixel.x, pixel.y));
            return 0.0;
        }

        void main() {
            vec4 base = mix(uColor, uLineColor, patternCoverage() * uLineColor.a);
            fragColor = base * uOpacity;
        }
        """
}

extension Shaders {
    /// Glyphs from an atlas page: window position, page texel position (normalized), premultiplied colour.
    static let glyphVertex = """
        #version 330 core
        layout(location = 0) in vec2 aPosition;
        layout(location = 1) in vec2 aTexCoord;
        layout(location = 2) in vec4 aColor;
        uniform mat3 uPageToClip;
        out vec2 vTexCoord;
        out vec4 vColor;
        void main() {
            vec3 p = uPageToClip * vec3(aPosition, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            vTexCoord = aTexCoord;
            vColor = aColor;
        }
        """

    /// The page holds coverage in its red channel; the colour comes premultiplied.
    static let glyphFragment = """
        #version 330 core
        uniform sampler2D uAtlas;
        in vec2 vTexCoord;
        in vec4 vColor;
        out vec4 fragColor;
        void main() {
            fragColor = vColor * texture(uAtlas, vTexCoord).r;
        }
        """

    /// Flat triangles: clip-path fans into the stencil, the overlay's shapes, a shadow mask's quad.
    static let flatVertex = """
        #version 330 core
        layout(location = 0) in vec2 aPosition;
        uniform mat3 uPageToClip;
        void main() {
            vec3 p = uPageToClip * vec3(aPosition, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
        }
        """

    static let flatFragment = """
        #version 330 core
        uniform vec4 uColor;
        out vec4 fragColor;
        void main() {
            fragColor = uColor;
        }
        """

    /// A picture through four corners. The page position is interpolated (linear in window space, since
    /// page → window is affine) and the picture's coordinates come from the inverse homography per
    /// fragment: exact perspective, where interpolating texture coordinates per triangle would bend the
    /// picture along the quad's diagonal.
    static let imageVertex = """
        #version 330 core
        layout(location = 0) in vec2 aPosition;
        uniform mat3 uPageToClip;
        out vec2 vPage;
        void main() {
            vec3 p = uPageToClip * vec3(aPosition, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            vPage = aPosition;
        }
        """

    /// An upright picture (the overlay's): its place in the picture interpolated from the corners,
    /// which for a rectangle is exactly what the homography gives, with no division or test per pixel.
    static let uprightImageVertex = """
        #version 330 core
        layout(location = 0) in vec2 aPosition;
        layout(location = 1) in vec2 aTexCoord;
        uniform mat3 uPageToClip;
        out vec2 vTexCoord;
        void main() {
            vec3 p = uPageToClip * vec3(aPosition, 1.0);
            gl_Position = vec4(p.xy, 0.0, 1.0);
            vTexCoord = aTexCoord;
        }
        """

    static let uprightImageFragment = """
        #version 330 core
        uniform sampler2D uImage;
        uniform float uOpacity;
        in vec2 vTexCoord;
        out vec4 fragColor;
        void main() {
            fragColor = texture(uImage, vTexCoord) * uOpacity;
        }
        """

    static let imageFragment = """
        #version 330 core
        uniform sampler2D uImage;
        uniform mat3 uPageToImage;
        uniform float uOpacity;
        in vec2 vPage;
        out vec4 fragColor;
        void main() {
            vec3 h = uPageToImage * vec3(vPage, 1.0);
            vec2 uv = h.xy / h.z;
            // Outside the picture by more than rounding (a sliver at the quad's edge): nothing, as
            // transparent black, which blends (premultiplied over, or behind) to what is there. Not
            // `discard`: a shader that can discard has its stencil tested after it runs on llvmpipe, so
            // a picture clipped to a piece of a scrap was shaded whole; without one, blocks the clip
            // rejects are never shaded.
            float inside = float(all(greaterThanEqual(uv, vec2(-1e-4))) && all(lessThanEqual(uv, vec2(1.0 + 1e-4))));
            fragColor = texture(uImage, uv) * (uOpacity * inside);
        }
        """
}

extension Shaders {
    /// A shadow's mask (see `ShadowMask`) as premultiplied black, each framebuffer pixel taking its own
    /// texel, over a quad on whole pixels drawn by `flatVertex` in framebuffer coordinates (y down, as
    /// the mask's rows run), while GL's window rows run bottom up.
    static let shadowMaskFragment = """
        #version 330 core
        uniform sampler2D uMask;
        uniform ivec2 uCorner;
        uniform int uFramebufferHeight;
        out vec4 fragColor;
        void main() {
            ivec2 pixel = ivec2(gl_FragCoord.xy);
            ivec2 texel = ivec2(pixel.x - uCorner.x, uFramebufferHeight - 1 - pixel.y - uCorner.y);
            texel = clamp(texel, ivec2(0), textureSize(uMask, 0) - 1);
            fragColor = vec4(0.0, 0.0, 0.0, texelFetch(uMask, texel, 0).r);
        }
        """
}
