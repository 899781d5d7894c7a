#!/usr/bin/env python3
"""Writes Packaging/desktop/screenshot-input.jsonl: a Quire input log (`quire replay` reads it) of real
handwriting, for the AppStream screenshot that `make test-deb` draws with the installed package.

Reads the recorded pen samples in ../shared/data/handwriting-1-page.json (pen-samples/1: per stroke,
[ms, x, y, pressure, tiltX, tiltY] in page pixels) and keeps the strokes of the page's top lines, every
third sample and no tilt, so the committed log stays small. Run from the repository root.
"""
import json
import sys

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/handwriting-1-page.json"
OUTPUT = sys.argv[2] if len(sys.argv) > 2 else "Packaging/desktop/screenshot-input.jsonl"
LOWEST_Y = 250  # page pixels: the strokes wholly above this line (four lines of text) are kept
STEP = 3


def sample(s):
    ms, x, y, pressure = s[:4]  # tilt left out: only a chisel brush uses it, and the pen is round
    return {"position": {"x": round(x, 2), "y": round(y, 2)}, "pressure": round(pressure, 3),
            "time": round(ms / 1000, 3), "device": "pen"}


def main():
    with open(SOURCE) as f:
        recording = json.load(f)
    lines = [{"format": "quire-input/1"}]
    clock = 0.0
    for stroke in recording["pages"][0]:
        samples = stroke["samples"]
        if max(s[2] for s in samples) >= LOWEST_Y:
            continue
        kept = samples[::STEP]
        if kept[-1] is not samples[-1]:
            kept.append(samples[-1])
        start = samples[0][0]
        # The recording's clock restarts with every stroke; the log's must run on.
        timed = [[clock + s[0] - start] + s[1:] for s in kept]
        clock = timed[-1][0] + 300
        lines.append({"event": {"pointerDown": {"_0": sample(timed[0]), "button": 1}}})
        lines += [{"event": {"pointerMoved": {"_0": sample(s)}}} for s in timed[1:-1]]
        lines.append({"event": {"pointerUp": {"_0": sample(timed[-1]), "button": 1}}})
    with open(OUTPUT, "w") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
    print(OUTPUT, len(lines) - 1, "events")


if __name__ == "__main__":
    main()
