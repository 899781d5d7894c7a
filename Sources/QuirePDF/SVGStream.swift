import CCairo
import QuireDocument

/// Passes cairo's SVG on to where it goes (a file, the clipboard's bytes), swapping each text box's
/// marker (`SVGTextMarker`) for the box's `<text>` element on the way. Only a marker not yet whole is
/// held back (a few hundred bytes), so a page's pictures go through as cairo writes them.
final class SVGStream {
    /// Takes the bytes on; false when they could not be written.
    private let sink: (UnsafeBufferPointer<UInt8>) -> Bool
    /// The page's text boxes in the order the drawing numbered their markers, with the frames drawn.
    private let texts: [(item: TextItem, frame: TextFrame)]
    private var held: [UInt8] = []
    private var failed = false
    /// "<path" and "<rect" are as long.
    private static let elementStart = 5

    init(texts: [(item: TextItem, frame: TextFrame)], sink: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
        self.texts = texts
        self.sink = sink
    }

    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let stream = Unmanaged<SVGStream>.fromOpaque(closure).takeUnretainedValue()
        return stream.write(UnsafeBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    var cairoClosure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        held.append(contentsOf: bytes)
        pass(final: false)
        return !failed
    }

    /// Passes on the rest (cairo has finished); false when something could not be written.
    func finish() -> Bool {
        pass(final: true)
        return !failed
    }

    /// Passes on what is settled: everything before a `<path` or `<rect` that may yet turn out to be a marker.
    private func pass(final: Bool) {
        var settled = 0
        var kept = held.count
        held.withUnsafeBufferPointer { bytes in
            var scan = 0
            while let start = nextPath(in: bytes, from: scan) {
                switch SVGTextMarker.match(bytes, at: start) {
                case .other:
                    scan = start + Self.elementStart
                case .incomplete where final:
                    scan = start + Self.elementStart
                case .incomplete:
                    kept = start
                    scan = bytes.count
                case let .unreadable(length):
                    send(UnsafeBufferPointer(rebasing: bytes[settled..<start]))
                    settled = start + length
                    scan = settled
                case let .marker(length, index, corners):
                    send(UnsafeBufferPointer(rebasing: bytes[settled..<start]))
                    if index < texts.count, let frame = SVGTextMarker.frame(of: texts[index].item, drawn: texts[index].frame, corners: corners) {
                        send(Array(SVGTextElements.element(texts[index].item, frame: frame).utf8))
                    }
                    settled = start + length
                    scan = settled
                }
            }
            // A "<pat" at the very end may be the start of a marker's "<path".
            if kept == bytes.count && !final { kept = max(settled, bytes.count - (Self.elementStart - 1)) }
            send(UnsafeBufferPointer(rebasing: bytes[settled..<kept]))
        }
        held.removeFirst(kept)
    }

    /// Where the next "<path" or "<rect" starts: the elements a marker can be.
    private func nextPath(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard bytes.count >= Self.elementStart, from <= bytes.count - Self.elementStart else { return nil }
        for at in from...(bytes.count - Self.elementStart) where bytes[at] == UInt8(ascii: "<") {
            let (a, b, c, d) = (bytes[at + 1], bytes[at + 2], bytes[at + 3], bytes[at + 4])
            if (a, b, c, d) == (UInt8(ascii: "p"), UInt8(ascii: "a"), UInt8(ascii: "t"), UInt8(ascii: "h"))
                || (a, b, c, d) == (UInt8(ascii: "r"), UInt8(ascii: "e"), UInt8(ascii: "c"), UInt8(ascii: "t")) {
                return at
            }
        }
        return nil
    }

    private func send(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !failed, !bytes.isEmpty else { return }
        if !sink(bytes) { failed = true }
    }

    private func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { send($0) }
    }
}
