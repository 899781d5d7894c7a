#!/usr/bin/env python3
"""Live drawing benchmark: Quire against Xournal++ under the very same pen stream.

Starts Xorg (dummy screen, the built-in `inputtest` pen driver), opens each program in turn, resizes
its window to the same size with xdotool, and streams pen samples at 1 kHz for --seconds (strokes of
200 samples inside the page), then prints each program's CPU (from /proc/PID/stat), its resident
memory growth (/proc/PID/status) and Quire ÷ Xournal++, and Quire's input → swap latency (p50, p99).
Run as root (Xorg with a config file).

    Tools/bench_live.py --quire .build/release/quire [--seconds 60] [--size 1024x768] [--checkpoints 1,10,300]

--checkpoints prints each program's resident growth after those strokes, with the mappings (the malloc
heap, anonymous memory, each library) that took it: where the memory goes, stroke by stroke.

Xournal++ is Debian's `xournalpp`; without it (or with --no-xournal) only Quire is measured.
"""
import argparse
import ctypes as C
import json
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SCREEN_W, SCREEN_H = 1280, 1024
CLK_TCK = os.sysconf("SC_CLK_TCK")
DEFAULT_HANDWRITING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data",
                                   "handwriting-1-page.json")

# --- inputtest protocol 1.1 (xf86-input-inputtest-protocol.h) -------------------------------------
MAXV = 64
EV_CLIENT_VERSION, EV_WAIT_FOR_SYNC, EV_MOTION, EV_PROXIMITY, EV_BUTTON = range(5)


class Header(C.Structure):
    _fields_ = [("length", C.c_uint32), ("type", C.c_int)]


class Valuators(C.Structure):
    _fields_ = [("has_unaccelerated", C.c_uint32), ("mask", C.c_uint8 * ((MAXV + 7) // 8)),
                ("valuators", C.c_double * MAXV), ("unaccelerated", C.c_double * MAXV)]


class ClientVersion(C.Structure):
    _fields_ = [("header", Header), ("major", C.c_uint16), ("minor", C.c_uint16)]


class Motion(C.Structure):
    _fields_ = [("header", Header), ("is_absolute", C.c_uint32), ("valuators", Valuators)]


class Proximity(C.Structure):
    _fields_ = [("header", Header), ("is_prox_in", C.c_uint32), ("valuators", Valuators)]


class Button(C.Structure):
    _fields_ = [("header", Header), ("is_absolute", C.c_int32), ("button", C.c_int32),
                ("is_press", C.c_uint32), ("valuators", Valuators)]


class Pen:
    """An inputtest pen: window pixels in, 0…65535 axes and 0…1000 pressure out."""

    def __init__(self, path, timeout=10.0):
        deadline = time.time() + timeout
        while True:
            try:
                self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.s.connect(path)
                break
            except OSError:
                self.s.close()
                if time.time() > deadline:
                    raise
                time.sleep(0.05)
        ev = ClientVersion(major=1, minor=1)
        self._send(ev, EV_CLIENT_VERSION)
        self._recv(C.sizeof(Header) + 4)

    def _recv(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.s.recv(n - len(buf))
            if not chunk:
                raise EOFError("inputtest socket closed")
            buf += chunk
        return buf

    def _send(self, ev, kind):
        ev.header.length, ev.header.type = C.sizeof(ev), kind
        self.s.sendall(bytes(ev))

    @staticmethod
    def _axes(v, x, y, pressure):
        for axis, value in ((0, x * 65536.0 / SCREEN_W), (1, y * 65536.0 / SCREEN_H), (4, pressure)):
            v.mask[axis // 8] |= 1 << (axis % 8)
            v.valuators[axis] = min(65535.0, value)

    def proximity(self, inside, x, y):
        ev = Proximity(is_prox_in=int(inside))
        if inside:
            self._axes(ev.valuators, x, y, 0)
        self._send(ev, EV_PROXIMITY)

    def motion(self, x, y, pressure):
        ev = Motion(is_absolute=1)
        self._axes(ev.valuators, x, y, pressure)
        self._send(ev, EV_MOTION)

    def button(self, down, x, y, pressure):
        ev = Button(is_absolute=1, button=1, is_press=int(down))
        self._axes(ev.valuators, x, y, pressure)
        self._send(ev, EV_BUTTON)

    def sync(self):
        self.s.sendall(bytes(Header(C.sizeof(Header), EV_WAIT_FOR_SYNC)))
        self._recv(C.sizeof(Header))


# --- the X server -----------------------------------------------------------------------------------
XORG_CONF = """Section "ServerFlags"
    Option "AutoAddDevices" "false"
    Option "AutoEnableDevices" "false"
    Option "AllowEmptyInput" "true"
    Option "DontVTSwitch" "true"
EndSection
Section "Device"
    Identifier "dummy"
    Driver "dummy"
    VideoRam 256000
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0-1000.0
    VertRefresh 5.0-200.0
    Modeline "1280x1024" 108.00 1280 1328 1440 1688 1024 1025 1028 1066 +hsync +vsync
EndSection
Section "Screen"
    Identifier "screen"
    Device "dummy"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Modes "1280x1024"
        Virtual 1280 1024
    EndSubSection
EndSection
Section "InputDevice"
    Identifier "Bench Pen"
    Driver "inputtest"
    Option "SocketPath" "{pen}"
    Option "DeviceType" "PointerAbsoluteProximity"
    Option "PointerHasPressure" "true"
    Option "PointerButtonCount" "7"
EndSection
Section "InputDevice"
    Identifier "Bench Keyboard"
    Driver "inputtest"
    Option "SocketPath" "{keyboard}"
    Option "DeviceType" "Keyboard"
EndSection
Section "ServerLayout"
    Identifier "layout"
    Screen "screen"
    InputDevice "Bench Pen" "SendCoreEvents"
    InputDevice "Bench Keyboard" "SendCoreEvents"
EndSection
"""


def start_xorg(folder):
    number = next(n for n in range(70, 200) if not os.path.exists(f"/tmp/.X11-unix/X{n}")
                  and not os.path.exists(f"/tmp/.X{n}-lock"))
    pen_socket = os.path.join(folder, "pen.sock")
    with open(os.path.join(folder, "xorg.conf"), "w") as f:
        f.write(XORG_CONF.replace("{pen}", pen_socket).replace("{keyboard}", os.path.join(folder, "kbd.sock")))
    server = subprocess.Popen(["/usr/lib/xorg/Xorg", f":{number}", "-noreset", "-nolisten", "tcp",
                               "-config", os.path.join(folder, "xorg.conf"),
                               "-logfile", os.path.join(folder, "xorg.log"), "-novtswitch", "-sharevts"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while not os.path.exists(f"/tmp/.X11-unix/X{number}"):
        if time.time() > deadline or server.poll() is not None:
            sys.exit(f"bench-live: Xorg :{number} did not start (see {folder}/xorg.log)")
        time.sleep(0.05)
    return server, f":{number}", pen_socket


# --- measuring a process ----------------------------------------------------------------------------
def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime + stime


def resident_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def resident_by_mapping(pid):
    """Resident bytes per kind of mapping (/proc/PID/smaps): the malloc heap, anonymous memory (large
    allocations, other threads' malloc arenas, drivers' own), and each mapped file by its name."""
    kinds = {}
    name = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = line.split(None, 5)
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                name = head[5].strip() if len(head) > 5 else "anonymous"
                name = os.path.basename(name) if name.startswith("/") else name
            elif head and head[0] == "Rss:":
                kinds[name] = kinds.get(name, 0) + int(head[1]) * 1024
    return kinds


class Checkpoints:
    """Resident memory after chosen strokes, and where it grew since the stroke before the first
    (the baseline): which mappings took the growth."""

    def __init__(self, pid, strokes):
        self.pid, self.strokes = pid, set(strokes)
        self.base = resident_by_mapping(pid)
        self.base_total = sum(self.base.values())

    def __call__(self, stroke):
        if stroke not in self.strokes:
            return
        now = resident_by_mapping(self.pid)
        grown = sorted(((now.get(k, 0) - self.base.get(k, 0), k) for k in set(now) | set(self.base)), reverse=True)
        parts = ", ".join(f"{k} {d / 2**20:+.2f}" for d, k in grown[:4] if abs(d) >= 64 << 10)
        print(f"  after stroke {stroke}: resident +{(sum(now.values()) - self.base_total) / 2**20:.2f} MiB ({parts})",
              flush=True)


def find_window(display, pid, title, timeout=30):
    """The program's window: by its process id, or by its title (a program started by a wrapper)."""
    env = dict(os.environ, DISPLAY=display)
    deadline = time.time() + timeout
    while time.time() < deadline:
        for query in (["--pid", str(pid)], ["--name", title]):
            found = subprocess.run(["xdotool", "search", "--onlyvisible"] + query, env=env,
                                   capture_output=True, text=True).stdout.split()
            if found:
                return found[-1]
        time.sleep(0.1)
    return None


class Pacer:
    """Sends at `rate` Hz from its start: `wait()` sleeps until the next sample is due."""

    def __init__(self, rate):
        self.rate, self.start, self.sent = rate, time.monotonic(), 0

    def wait(self):
        self.sent += 1
        ahead = self.start + self.sent / self.rate - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)


def draw_stroke(pen, points, pacer):
    """One stroke through `points` (window x, y and pressure 0…1000): the pen comes into proximity,
    touches at the first point, moves through every one at the pacer's rate, lifts and leaves.
    Returns the samples sent."""
    x, y, pressure = points[0]
    pen.proximity(True, x, y)
    pen.button(True, x, y, pressure)
    for x, y, pressure in points:
        pen.motion(x, y, pressure)
        pacer.wait()
    pen.button(False, x, y, 0)
    pen.proximity(False, x, y)
    return len(points)


def stream_pen(pen, seconds, width, height, rate=1000, per_stroke=200, after_stroke=None):
    """Strokes of `per_stroke` samples at `rate` Hz, zigzags in rows across the middle of a window at the
    screen's top left (inside the page in both programs); returns the samples sent and strokes drawn.
    `after_stroke(n)` is called once the n-th stroke's pen has lifted."""
    pacer = Pacer(rate)
    total = int(seconds * rate)
    left, right = width * 0.3, width * 0.7
    top, bottom = height * 0.35, height * 0.85
    rows = max(1, int((bottom - top) / 18))
    sent = 0
    stroke = 0
    while sent < total:
        y0 = top + (stroke % rows) * 18
        x0 = left + ((stroke // rows) % 7) * 4
        n = min(per_stroke, total - sent)
        points = [(x0 + (right - left) * i / per_stroke, y0 + 6 * math.sin(i / 6.0), 300 + (i * 7) % 500) for i in range(n)]
        sent += draw_stroke(pen, points, pacer)
        stroke += 1
        if after_stroke:
            after_stroke(stroke)
    pen.sync()
    return sent, stroke


def hover_pen(pen, seconds, width, height, rate=1000):
    """The pen in proximity over the page, moving in slow zigzags with its tip up, at `rate` Hz: what a
    hand resting between strokes sends. Returns the samples sent."""
    pacer = Pacer(rate)
    total = int(seconds * rate)
    left, right = width * 0.3, width * 0.7
    top, bottom = height * 0.35, height * 0.85
    pen.proximity(True, left, top)
    for i in range(total):
        phase = (i % 4000) / 4000.0
        x = left + (right - left) * (phase * 2 if phase < 0.5 else 2 - phase * 2)
        y = top + (bottom - top) * ((i // 4000) % 5) / 5 + 8 * math.sin(i / 50.0)
        pen.motion(x, y, 0)
        pacer.wait()
    pen.proximity(False, left, top)
    pen.sync()
    return total


def load_handwriting(path):
    """The strokes of a pen-samples/1 recording (every page): lists of (ms, x, y, pressure) in page
    pixels, and the page's width and height."""
    with open(path) as f:
        data = json.load(f)
    if data.get("format") != "pen-samples/1":
        sys.exit(f"bench-live: {path} is not a pen-samples/1 recording")
    page = data["page"]
    strokes = [[(s[0], s[1], s[2], s[3]) for s in stroke["samples"]] for sheet in data["pages"] for stroke in sheet
               if len(stroke["samples"]) >= 2]
    return strokes, float(page["width"]), float(page["height"])


def write_handwriting(pen, seconds, width, height, handwriting, rate=1000, after_stroke=None):
    """Recorded handwriting at its own speed, its samples filled in to `rate` Hz (linear between two
    recorded ones, as a 1 kHz pen would report the same hand), the page fitted into the middle of the
    window; strokes follow one another after a 30 ms lift, over and over, for `seconds`. Returns the
    samples sent with the tip down and the strokes drawn."""
    strokes, page_w, page_h = handwriting
    scale = min(width * 0.8 / page_w, height * 0.8 / page_h)
    ox, oy = width * 0.1, height * 0.1
    pacer = Pacer(rate)
    deadline = time.monotonic() + seconds
    sent = drawn = 0
    while time.monotonic() < deadline:
        stroke = strokes[drawn % len(strokes)]
        points = []
        for (t0, x0, y0, p0), (t1, x1, y1, p1) in zip(stroke, stroke[1:]):
            steps = max(1, int(round((t1 - t0) * rate / 1000)))
            points += [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps, p0 + (p1 - p0) * k / steps)
                       for k in range(steps)]
        points.append(stroke[-1][1:])
        sent += draw_stroke(pen, [(ox + x * scale, oy + y * scale, max(1.0, p * 1000)) for x, y, p in points], pacer)
        drawn += 1
        if after_stroke:
            after_stroke(drawn)
        for _ in range(30):
            pacer.wait()
    pen.sync()
    return sent, drawn


def run_phase(pid, label, body):
    """CPU and resident growth of process `pid` while `body()` streams; `body` returns (samples, strokes)."""
    cpu0, rss0, t0 = cpu_seconds(pid), resident_bytes(pid), time.monotonic()
    samples, strokes = body()
    elapsed = time.monotonic() - t0
    time.sleep(0.5)  # let the last frame land
    cpu1, rss1 = cpu_seconds(pid), resident_bytes(pid)
    return {"label": label, "cpu": 100 * (cpu1 - cpu0) / elapsed, "rss": rss1 - rss0, "rss0": rss0, "rss1": rss1,
            "samples": samples, "strokes": strokes, "elapsed": elapsed, "rate": samples / elapsed}


def measure(name, title, command, env, display, pen, seconds, size, handwriting=None, hover_seconds=0,
            settle=3.0, checkpoints=()):
    """Starts the program, then streams the phases into it one after another — hovering, long strokes,
    handwriting — and returns each phase's figures by label (None where the program did not run)."""
    width, height = size
    # The program's output goes to a file, read at the end: a pipe nobody reads while it runs fills at
    # 64 KiB, and the program then blocks in its next write and stops drawing (Quire's statistics lines,
    # printed twice a second, filled one in about 24 s).
    log = tempfile.TemporaryFile(mode="w+")
    process = subprocess.Popen(command, env=dict(env, DISPLAY=display), stdout=log,
                               stderr=subprocess.STDOUT, text=True)
    results = {}
    try:
        window = find_window(display, process.pid, title)
        if window is None:
            print(f"bench-live: {name}: no window appeared")
            return None
        xenv = dict(os.environ, DISPLAY=display)
        subprocess.run(["xdotool", "windowmove", window, "0", "0"], env=xenv)
        subprocess.run(["xdotool", "windowsize", "--sync", window, str(width), str(height)], env=xenv,
                       timeout=10)
        time.sleep(settle)  # start-up work (first frames, autosave set-up) is not what is measured
        phases = []
        if hover_seconds > 0:
            phases.append(("hover", lambda: (hover_pen(pen, hover_seconds, width, height), 0)))
        after = Checkpoints(process.pid, checkpoints) if checkpoints else None
        phases.append(("long strokes", lambda: stream_pen(pen, seconds, width, height, after_stroke=after)))
        if handwriting:
            phases.append(("handwriting", lambda: write_handwriting(pen, seconds, width, height, handwriting)))
        for label, body in phases:
            result = run_phase(process.pid, label, body)
            if process.poll() is not None:
                print(f"bench-live: {name} exited (status {process.returncode}) during {label}: not measured")
                return None
            results[label] = result
            per_sample = f", {result['rss'] / result['samples']:.0f} B a sample" if result["strokes"] else ""
            what = (f"{result['samples']} samples in {result['strokes']} strokes" if result["strokes"]
                    else f"{result['samples']} hover samples")
            print(f"{name}, {label}: {what} over {result['elapsed']:.1f} s ({result['rate']:.0f}/s); CPU "
                  f"{result['cpu']:.1f} % of a core; resident {result['rss0'] / 2**20:.1f} → "
                  f"{result['rss1'] / 2**20:.1f} MiB (+{result['rss'] / 2**20:.2f} MiB{per_sample})", flush=True)
        return results
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.seek(0)
        output = log.read()
        log.close()
        frames = re.findall(r"Frames: (\d+) drawn \((\d+) partial\)", output or "")
        if frames:
            drawn = int(frames[-1][0])
            print(f"{name}: {drawn} frames drawn in all ({frames[-1][1]} partial)")
        # Quire's own input → swap latency (QUIRE_LATENCY_STATS=1): the last line covers every input frame.
        latency = [line for line in (output or "").splitlines() if line.startswith("Latency: ") and "input frames" in line]
        if latency:
            print(f"{name}: {latency[-1]}")


def ensure_xournalpp():
    if shutil.which("xournalpp"):
        return True
    print("bench-live: installing xournalpp (Debian's package) to compare with")
    if os.geteuid() == 0:
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", "xournalpp"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return shutil.which("xournalpp") is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quire", default=".build/release/quire")
    parser.add_argument("--seconds", type=float, default=60, help="seconds of each drawing phase")
    parser.add_argument("--hover-seconds", type=float, default=20, help="seconds of hovering first (0: none)")
    parser.add_argument("--handwriting", default=DEFAULT_HANDWRITING if os.path.exists(DEFAULT_HANDWRITING) else None,
                        help="a pen-samples/1 recording for the handwriting phase (default: ../shared/data's, "
                             "when there)")
    parser.add_argument("--size", default="1024x768")
    parser.add_argument("--no-xournal", action="store_true")
    parser.add_argument("--checkpoints", default="", metavar="N,N,…",
                        help="print resident growth (and the mappings that took it) after these long strokes")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    checkpoints = [int(n) for n in args.checkpoints.split(",") if n.strip()]
    if not shutil.which("xdotool"):
        sys.exit("bench-live: xdotool is missing (apt-get install xdotool)")
    handwriting = load_handwriting(args.handwriting) if args.handwriting else None
    with tempfile.TemporaryDirectory(prefix="quire-bench-live-") as folder:
        server, display, pen_socket = start_xorg(folder)
        try:
            home = os.path.join(folder, "home")
            os.makedirs(home)
            env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
                       XDG_CONFIG_HOME=os.path.join(home, "config"), QUIRE_FRAME_STATS="1",
                       QUIRE_LATENCY_STATS="1")
            env.pop("WAYLAND_DISPLAY", None)
            phases = ", ".join(filter(None, [f"{args.hover_seconds:g} s hovering" if args.hover_seconds > 0 else None,
                                             f"{args.seconds:g} s of 200-sample strokes",
                                             f"{args.seconds:g} s of handwriting" if handwriting else None]))
            print(f"bench-live: Xorg {display} (dummy {SCREEN_W}x{SCREEN_H} at 60 Hz, inputtest pen), "
                  f"windows {size[0]}x{size[1]}; pen at 1 kHz into each: {phases}")
            # One connection for both: the driver takes one client in its life.
            pen = Pen(pen_socket)
            common = dict(handwriting=handwriting, hover_seconds=args.hover_seconds, checkpoints=checkpoints)
            quire = measure("Quire", "^Quire", [args.quire, "--library", os.path.join(folder, "library")], env, display,
                            pen, args.seconds, size, **common)
            xournal = None
            if args.no_xournal:
                print("bench-live: Xournal++ left out (--no-xournal)")
            elif not ensure_xournalpp():
                print("bench-live: Xournal++ could not be installed: no comparison")
            else:
                xournal = measure("Xournal++", "Xournal", ["xournalpp"], env, display, pen, args.seconds, size, **common)
            if quire:
                summarize(quire, xournal)
        finally:
            server.terminate()
            server.wait(timeout=10)


def summarize(quire, xournal):
    """One line a phase: CPU and memory per stored sample for both, and Quire ÷ Xournal++."""
    print("summary (phase: Quire | Xournal++ | Quire ÷ Xournal++):")
    for label, mine in quire.items():
        theirs = (xournal or {}).get(label)
        cpu = f"CPU {mine['cpu']:.1f} %" + (f" | {theirs['cpu']:.1f} % | {mine['cpu'] / max(theirs['cpu'], 1e-9):.2f}"
                                            if theirs else "")
        line = f"  {label}: {cpu} (goal ≤ 1.0)" if theirs else f"  {label}: {cpu}"
        if mine["strokes"]:
            per = mine["rss"] / mine["samples"]
            line += f"; resident growth {per:.0f} B a stored sample (goal ≤ 200)"
            if theirs:
                line += f" | {theirs['rss'] / theirs['samples']:.0f} B"
        print(line)


if __name__ == "__main__":
    main()
