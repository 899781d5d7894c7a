import Foundation
import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// The window's notice line: the newest message for the person at the window (a save that failed, a
/// read-only notebook, a cut that could not be made, a file refused) shown on a dark rounded band at
/// the bottom, centred, for long enough to read it, then faded out. Drawn in the overlay, so it never
/// reaches the page or an export. Messages may be posted from any thread; the run loop takes them.
final class NoticeLine: @unchecked Sendable {
    /// Seconds a message stays: enough to read it (about 15 characters a second), within these.
    static let holdSeconds = 4.0...12.0
    static let fadeSeconds = 0.8
    /// Text height and margins in interface pixels (× `scale`).
    static let textSize = 15.0
    static let padding = 10.0
    static let bottomMargin = 24.0

    private let text: TextRasterizer?
    /// Interface pixels per window pixel's worth of design (HiDPI).
    var scale = 1.0
    private var shown: Shown?
    private var drawnOpacity = 0.0
    /// Counts messages taken; `drawnSerial` is the one last drawn, so a message replacing another at
    /// full opacity is drawn too.
    private var serial = 0
    private var drawnSerial = 0
    private let lock = NSLock()
    private var posted: [String] = []

    private struct Shown {
        var message: String
        var shownAt: Double
        var hold: Double
        /// The text laid out for a window this wide (again, cut shorter, when it narrows).
        var run: GlyphRun?
        var laidOutForWidth: Int
        var laidOutForScale: Double
    }

    /// `text` nil: no font could be loaded, and messages reach only the terminal.
    init(text: TextRasterizer?) {
        self.text = text
    }

    /// Queues `message` for the window (any thread).
    func post(_ message: String) {
        lock.lock()
        posted.append(message)
        lock.unlock()
    }

    /// Shows the newest posted message, if any arrived; true when the line changed.
    func takePosted(now: Double) -> Bool {
        lock.lock()
        let newest = posted.last
        posted.removeAll()
        lock.unlock()
        guard let newest, text != nil else { return false }
        serial += 1
        let hold = min(Self.holdSeconds.upperBound, max(Self.holdSeconds.lowerBound, Double(newest.count) / 15))
        shown = Shown(message: newest, shownAt: now, hold: hold, run: nil, laidOutForWidth: 0, laidOutForScale: 0)
        return true
    }

    /// The message on screen now, if any (tests and the frame logic).
    var message: String? { shown?.message }

    /// 1 while the message holds, falling to 0 over the fade.
    func opacity(now: Double) -> Double {
        guard let shown else { return 0 }
        let age = now - shown.shownAt
        if age <= shown.hold { return 1 }
        return max(0, 1 - (age - shown.hold) / Self.fadeSeconds)
    }

    /// Whether a frame must be drawn for the line to look as it should now.
    func needsFrame(now: Double) -> Bool {
        abs(opacity(now: now) - drawnOpacity) > 1.0 / 64 || (shown != nil && serial != drawnSerial)
    }

    /// Seconds until the line next needs a frame by itself (the fade beginning), or nil.
    func secondsUntilChange(now: Double) -> Double? {
        guard let shown, opacity(now: now) == 1 else { return nil }
        return max(0, shown.shownAt + shown.hold - now)
    }

    /// The band and its text, in window pixels, at the opacity of `now`; the drawn opacity is noted.
    func overlay(windowWidth: Int, windowHeight: Int, now: Double) -> [OverlayItem] {
        let opacity = opacity(now: now)
        drawnOpacity = opacity
        drawnSerial = serial
        guard opacity > 0, var current = shown, let text else {
            if opacity == 0 { shown = nil }
            return []
        }
        let padding = Self.padding * scale
        let widest = Int(Double(windowWidth) - 2 * padding - 16 * scale)
        guard widest > 20 else { return [] }
        if current.run == nil || current.laidOutForWidth != windowWidth || current.laidOutForScale != scale {
            current.run = try? text.run(current.message, size: Self.textSize * scale, maximumWidth: widest)
            current.laidOutForWidth = windowWidth
            current.laidOutForScale = scale
            shown = current
        }
        guard let run = current.run else { return [] }
        let (width, height) = (Double(run.layout.width), Double(run.layout.height))
        let band = Rect(x: (Double(windowWidth) - width) / 2 - padding,
                        y: Double(windowHeight) - Self.bottomMargin * scale - height - 2 * padding * 0.6,
                        width: width + 2 * padding, height: height + 2 * padding * 0.6)
        return [
            .polygon(InterfaceShape.roundedRect(band, radius: min(band.height / 2, 12 * scale)),
                     color: InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: Float(0.88 * opacity))),
            .text(run, at: Point(band.minX + padding, band.minY + padding * 0.6), color: (r: 245, g: 245, b: 245, a: 255),
                  opacity: opacity),
        ]
    }

    /// The words a terminal line becomes on screen: the program's name dropped, the first letter capital,
    /// and each file path shortened to its folder-less name (the line is one line of a window; the
    /// terminal keeps the whole path).
    static func windowText(for line: String) -> String? {
        guard line.hasPrefix("quire: ") else { return nil }
        var rest = Substring(line.dropFirst("quire: ".count))
        var shortened = ""
        while let slash = rest.firstIndex(of: "/") {
            let before = rest[..<slash]
            // A path starts a word: "/home/…", "(/tmp/…", not "and/or".
            guard before.isEmpty || before.last == " " || before.last == "(" else {
                shortened += rest[...slash]
                rest = rest[rest.index(after: slash)...]
                continue
            }
            let end = rest[slash...].firstIndex { " ;,)".contains($0) } ?? rest.endIndex
            let path = rest[slash..<end]
            shortened += before + (path.split(separator: "/").last.map(String.init) ?? String(path))
            rest = rest[end...]
        }
        shortened += rest
        return shortened.prefix(1).uppercased() + shortened.dropFirst()
    }
}
