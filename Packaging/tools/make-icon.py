#!/usr/bin/env python3
"""Draws Quire's icon, a notebook page with a pen stroke across it, from one geometry: the SVG
(Resources/Icons/io.github.quire.Quire.svg) and PNGs at the hicolor theme's sizes (quire-SIZE.png).
Run from the repository root; the files are committed, so building needs neither this script nor an
SVG renderer.

The PNGs are not rendered from the SVG (that would need librsvg or Inkscape): both are written from
the shapes below. Every shape is a signed distance in icon units (the icon is 512 units square), and
a pixel's coverage is how far inside the shape its centre lies, in pixels, clamped to 0..1: one sample
a pixel, antialiased, and the same at every size. Standard library only; the output is reproducible.
"""
import math
import os
import struct
import sys
import zlib

UNITS = 512
SIZES = [16, 22, 24, 32, 48, 64, 128, 256, 512]

PAGE = (92, 44, 420, 468)  # left, top, right, bottom
PAGE_RADIUS = 22
PAGE_EDGE = 6
PAPER = (255, 253, 246)
PAPER_EDGE = (150, 144, 132)
SHADOW_OFFSET = (10, 14)
RULE_COLOUR = (150, 186, 228)
RULE_WIDTH = 7
RULES_Y = [132 + 52 * k for k in range(7)]  # the last at 444, inside the page
MARGIN_X = 150
MARGIN_COLOUR = (226, 122, 122)
INK = (29, 58, 138)
INK_WIDTH = 34  # widest, mid-stroke; the ends taper as a pen lifts
# The stroke: a Catmull-Rom curve through these points, a loop then a rising tail (handwriting).
STROKE_POINTS = [(118, 372), (178, 282), (236, 240), (262, 290), (218, 338), (196, 300),
                 (250, 230), (330, 196), (400, 120)]


def catmull_rom(points, steps=24):
    """Samples the centripetal-free (uniform) Catmull-Rom spline through `points`."""
    padded = [points[0]] + points + [points[-1]]
    out = []
    for i in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[i - 1], padded[i], padded[i + 1], padded[i + 2]
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                                    + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3) for k in range(2)))
    out.append(points[-1])
    return out


def stroke_samples():
    """(x, y, radius) along the stroke: a pressure curve that swells in the middle and tapers at the ends."""
    points = catmull_rom(STROKE_POINTS)
    n = len(points) - 1
    return [(x, y, INK_WIDTH / 2 * (0.25 + 0.75 * math.sin(math.pi * i / n) ** 0.6)) for i, (x, y) in enumerate(points)]


def rounded_rect_distance(x, y, rect, radius):
    left, top, right, bottom = rect
    cx, cy = (left + right) / 2, (top + bottom) / 2
    hx, hy = (right - left) / 2 - radius, (bottom - top) / 2 - radius
    qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius


def segment_distance(px, py, ax, ay, bx, by):
    """Distance to segment AB and where along it (0..1) the nearest point lies."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy), t


class Canvas:
    """Premultiplied RGBA floats; shapes are composited over what is there."""

    def __init__(self, size):
        self.size = size
        self.unit = UNITS / size  # icon units per pixel
        self.pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]

    def centre(self, i):
        return ((i + 0.5) * self.unit for i in (i % self.size, i // self.size))

    def over(self, i, colour, alpha):
        if alpha <= 0:
            return
        p = self.pixels[i]
        keep = 1 - alpha
        for k in range(3):
            p[k] = colour[k] / 255 * alpha + p[k] * keep
        p[3] = alpha + p[3] * keep

    def fill(self, distance, colour, opacity=1.0, softness=None):
        """Fills where distance(x, y) < 0; `softness` (units) blurs the edge, as for a shadow."""
        width = softness or self.unit
        for i in range(self.size * self.size):
            x, y = self.centre(i)
            self.over(i, colour, opacity * max(0.0, min(1.0, 0.5 - distance(x, y) / width)))

    def capsules(self, samples, colour, bounds=None):
        """A stroke: capsules between consecutive (x, y, radius) samples, the radius interpolated.
        Each capsule touches only the pixels of its own box, and a pixel takes its greatest coverage."""
        coverage = {}
        for (ax, ay, ar), (bx, by, br) in zip(samples, samples[1:]):
            reach = max(ar, br) + self.unit
            x0, x1 = int((min(ax, bx) - reach) / self.unit), int((max(ax, bx) + reach) / self.unit) + 1
            y0, y1 = int((min(ay, by) - reach) / self.unit), int((max(ay, by) + reach) / self.unit) + 1
            for py in range(max(0, y0), min(self.size, y1)):
                for px in range(max(0, x0), min(self.size, x1)):
                    x, y = (px + 0.5) * self.unit, (py + 0.5) * self.unit
                    if bounds and rounded_rect_distance(x, y, *bounds) > 0:
                        continue
                    d, t = segment_distance(x, y, ax, ay, bx, by)
                    c = max(0.0, min(1.0, 0.5 + (ar + (br - ar) * t - d) / self.unit))
                    i = py * self.size + px
                    if c > coverage.get(i, 0.0):
                        coverage[i] = c
        for i, c in coverage.items():
            self.over(i, colour, c)

    def rows(self):
        """8-bit straight (not premultiplied) RGBA rows, as PNG stores them."""
        out = []
        for y in range(self.size):
            row = bytearray()
            for p in self.pixels[y * self.size:(y + 1) * self.size]:
                a = p[3]
                row += bytes([0, 0, 0, 0]) if a <= 0 else bytes(
                    [max(0, min(255, round(p[k] / a * 255))) for k in range(3)] + [round(a * 255)])
            out.append(bytes(row))
        return out


def rules(size):
    """The ruled lines and the margin as (x, y, radius) capsule pairs; left out below 32 px, where
    they would only grey the page."""
    if size < 32:
        return [], []
    left, top, right, bottom = PAGE
    r = RULE_WIDTH / 2
    lines = [[(left + 14, y, r), (right - 14, y, r)] for y in RULES_Y]
    margin = [(MARGIN_X, top + 4, r), (MARGIN_X, bottom - 4, r)]
    return lines, margin


def draw(size):
    canvas = Canvas(size)
    sx, sy = SHADOW_OFFSET
    shadow_rect = (PAGE[0] + sx, PAGE[1] + sy, PAGE[2] + sx, PAGE[3] + sy)
    canvas.fill(lambda x, y: rounded_rect_distance(x, y, shadow_rect, PAGE_RADIUS), (0, 0, 0), 0.30, softness=18)
    canvas.fill(lambda x, y: rounded_rect_distance(x, y, PAGE, PAGE_RADIUS), PAPER_EDGE)
    inner = (PAGE[0] + PAGE_EDGE, PAGE[1] + PAGE_EDGE, PAGE[2] - PAGE_EDGE, PAGE[3] - PAGE_EDGE)
    canvas.fill(lambda x, y: rounded_rect_distance(x, y, inner, PAGE_RADIUS - PAGE_EDGE), PAPER)
    lines, margin = rules(size)
    for line in lines:
        canvas.capsules(line, RULE_COLOUR, bounds=(inner, PAGE_RADIUS - PAGE_EDGE))
    if margin:
        canvas.capsules(margin, MARGIN_COLOUR, bounds=(inner, PAGE_RADIUS - PAGE_EDGE))
    canvas.capsules(stroke_samples(), INK)
    return canvas.rows()


def write_png(path, rows):
    """RGBA, 8 bits a channel: colour type 6, no filtering, zlib level 9."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    size = len(rows)
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


def hex_colour(c):
    return "#%02x%02x%02x" % c


def stroke_outline(samples):
    """The stroke as one closed polygon: its left side forwards, its right side back."""
    left, right = [], []
    for i, (x, y, r) in enumerate(samples):
        ax, ay, _ = samples[max(0, i - 1)]
        bx, by, _ = samples[min(len(samples) - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1
        nx, ny = -dy / length * r, dx / length * r
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    points = left + right[::-1]
    return "M " + " L ".join("%.1f %.1f" % p for p in points) + " Z"


def write_svg(path):
    left, top, right, bottom = PAGE
    sx, sy = SHADOW_OFFSET
    e = PAGE_EDGE
    lines, margin = rules(UNITS)
    rule_elements = "\n".join(
        '    <line x1="%g" y1="%g" x2="%g" y2="%g"/>' % (a[0], a[1], b[0], b[1]) for a, b in lines)
    svg = f"""<?xml version="1.0" encoding="UTF-8"?>
<!-- Quire's icon: written by Packaging/tools/make-icon.py, with the PNGs beside it, from one geometry. -->
<svg xmlns="http://www.w3.org/2000/svg" width="{UNITS}" height="{UNITS}" viewBox="0 0 {UNITS} {UNITS}">
  <defs>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="120%">
      <feGaussianBlur stdDeviation="8"/>
    </filter>
    <clipPath id="paper">
      <rect x="{left + e}" y="{top + e}" width="{right - left - 2 * e}" height="{bottom - top - 2 * e}" rx="{PAGE_RADIUS - e}"/>
    </clipPath>
  </defs>
  <rect x="{left + sx}" y="{top + sy}" width="{right - left}" height="{bottom - top}" rx="{PAGE_RADIUS}" fill="#000000" fill-opacity="0.30" filter="url(#shadow)"/>
  <rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="{PAGE_RADIUS}" fill="{hex_colour(PAPER_EDGE)}"/>
  <rect x="{left + e}" y="{top + e}" width="{right - left - 2 * e}" height="{bottom - top - 2 * e}" rx="{PAGE_RADIUS - e}" fill="{hex_colour(PAPER)}"/>
  <g clip-path="url(#paper)" stroke-width="{RULE_WIDTH}" stroke-linecap="round">
    <g stroke="{hex_colour(RULE_COLOUR)}">
{rule_elements}
    </g>
    <line x1="{margin[0][0]}" y1="{margin[0][1]}" x2="{margin[1][0]}" y2="{margin[1][1]}" stroke="{hex_colour(MARGIN_COLOUR)}"/>
  </g>
  <path d="{stroke_outline(stroke_samples())}" fill="{hex_colour(INK)}"/>
</svg>
"""
    with open(path, "w") as f:
        f.write(svg)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("Resources", "Icons")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "io.github.quire.Quire.svg")
    write_svg(path)
    print(path)
    for size in SIZES:
        path = os.path.join(out, "quire-%d.png" % size)
        write_png(path, draw(size))
        print(path)


if __name__ == "__main__":
    main()
