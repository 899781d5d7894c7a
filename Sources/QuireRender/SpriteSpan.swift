import QuireInk

/// Where one finished stroke's sprites lie in the arena (`SpriteArena`), how they are laid out there,
/// and its largest dab (which decides points or quads without a pass over the sprites).
struct SpriteSpan: Equatable {
    /// The arena buffer (chunk) holding them.
    var chunk: Int
    /// The first sprite's place in that buffer, in 16-byte slots.
    var first: Int
    /// Sprites.
    var count: Int
    var largest: Float
    /// Set when every sprite has this colour and no rotation: each is then kept in one slot (centre,
    /// diameter, opacity) and the colour once, here. Nil: each sprite is kept whole, in two slots.
    var sharedColor: SharedColor?

    static let empty = SpriteSpan(chunk: 0, first: 0, count: 0, largest: 0, sharedColor: nil)

    /// 16-byte slots a sprite takes.
    var slotsPerSprite: Int { sharedColor == nil ? 2 : 1 }
    var slotCount: Int { count * slotsPerSprite }

    /// Sprites `range` of this span (relative to its first sprite).
    func slice(_ range: Range<Int>) -> SpriteSpan {
        SpriteSpan(chunk: chunk, first: first + range.lowerBound * slotsPerSprite, count: range.count,
                   largest: largest, sharedColor: sharedColor)
    }

    /// This span and `next` as one, when `next` lies right after it in the same buffer, laid out alike
    /// (one draw call for both); nil otherwise. The empty span joins anything.
    func joined(with next: SpriteSpan) -> SpriteSpan? {
        if count == 0 { return next }
        if next.count == 0 { return self }
        guard next.chunk == chunk, next.sharedColor == sharedColor, first + slotCount == next.first else { return nil }
        return SpriteSpan(chunk: chunk, first: first, count: count + next.count, largest: max(largest, next.largest),
                          sharedColor: sharedColor)
    }
}

/// The straight-alpha colour shared by every sprite of a compact span (each keeps its own opacity).
struct SharedColor: Equatable {
    var red: Float
    var green: Float
    var blue: Float

    /// The colour of all of `sprites` when they share one and none is rotated; nil otherwise.
    init?<C: Collection>(of sprites: C) where C.Element == Sprite {
        guard let head = sprites.first else { return nil }
        for s in sprites where s.rotation != 0 || s.red != head.red || s.green != head.green || s.blue != head.blue {
            return nil
        }
        red = head.red
        green = head.green
        blue = head.blue
    }
}

/// A sprite of a compact span as the GPU keeps it: 16 bytes, its colour in the span.
struct CompactSprite {
    var x: Float
    var y: Float
    var diameter: Float
    var alpha: Float

    init(_ sprite: Sprite) {
        x = sprite.x
        y = sprite.y
        diameter = sprite.diameter
        alpha = sprite.alpha
    }

    func sprite(colored color: SharedColor) -> Sprite {
        Sprite(x: x, y: y, diameter: diameter, rotation: 0,
               color: InkColor(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
    }
}
