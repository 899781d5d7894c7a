#!/usr/bin/env python3
"""Writes Quire's brush textures to Resources/Brushes/ (run from the repository root).

Each texture is a 64x64 greyscale-with-alpha PNG: white, with the brush's coverage in the alpha channel,
so the renderer tints it with the sprite colour. Standard library only (zlib + struct write the PNG);
a fixed-seed generator makes the pencil grain the same on every run, so the files are reproducible.
"""
import math
import os
import random
import struct
import sys
import zlib

SIZE = 64


def write_png(path, alpha_rows):
    """Greyscale+alpha, 8 bits: colour type 4. Each row is a list of alpha values 0..255."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = bytearray()
    for row in alpha_rows:
        raw.append(0)  # filter: none
        for a in row:
            raw += bytes((255, a))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 4, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                + chunk(b"IEND", b""))


def texture(coverage):
    """Samples coverage(u, v) (u, v in -1..1 at pixel centres) into alpha rows."""
    rows = []
    for y in range(SIZE):
        v = (y + 0.5) / SIZE * 2 - 1
        rows.append([max(0, min(255, round(255 * coverage((x + 0.5) / SIZE * 2 - 1, v)))) for x in range(SIZE)])
    return rows


def edge(distance, width):
    """1 inside, 0 outside, a linear ramp of `width` (in -1..1 units) ending at distance 1."""
    return max(0.0, min(1.0, (1 - distance) / width))


def soft_round(u, v):
    r = math.hypot(u, v)
    return 0.0 if r >= 1 else (1 - r * r) ** 1.5  # smooth falloff to zero at the rim


def hard_round(u, v):
    return edge(math.hypot(u, v), 2 / SIZE * 2)  # a two-pixel anti-aliased rim


def chisel(u, v):
    # A flat nib: full width, a third of the height, slightly rounded corners.
    return edge(max(abs(u), abs(v) * 3), 2 / SIZE * 2)


def pencil_grain():
    rng = random.Random(1234)
    grain = [[rng.random() for _ in range(SIZE)] for _ in range(SIZE)]

    def coverage(u, v):
        x = min(SIZE - 1, int((u + 1) / 2 * SIZE))
        y = min(SIZE - 1, int((v + 1) / 2 * SIZE))
        # Paper tooth: the grain catches graphite only above a threshold, more towards the centre.
        tooth = max(0.0, grain[y][x] * 1.4 - 0.4)
        return edge(math.hypot(u, v), 0.3) * (0.35 + 0.65 * tooth)

    return coverage


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("Resources", "Brushes")
    os.makedirs(out, exist_ok=True)
    for name, coverage in [("soft-round", soft_round), ("hard-round", hard_round), ("chisel", chisel),
                           ("pencil-grain", pencil_grain())]:
        path = os.path.join(out, name + ".png")
        write_png(path, texture(coverage))
        print(path)


if __name__ == "__main__":
    main()
