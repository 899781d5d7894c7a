import CCairo

/// Passes cairo's SVG on to the file, holding back its last bytes, so `finish` can put more elements
/// in before the closing `</svg>`.
final class SVGStream {
    private let file: PartialFile
    private var held: [UInt8] = []
    /// Enough for `</svg>` and the line breaks round it.
    private static let holdBack = 64

    init(file: PartialFile) {
        self.file = file
    }

    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let stream = Unmanaged<SVGStream>.fromOpaque(closure).takeUnretainedValue()
        return stream.write(UnsafeBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    var cairoClosure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        held.append(contentsOf: bytes)
        guard held.count > Self.holdBack else { return true }
        let passing = held.count - Self.holdBack
        let ok = held.withUnsafeBufferPointer { file.write($0.baseAddress, count: passing) }
        held.removeFirst(passing)
        return ok
    }

    /// Writes `markup` before the closing `</svg>` (at the end when there is none), then the rest.
    func finish(inserting markup: String) -> Bool {
        let close = Array("</svg>".utf8)
        var at = held.count
        if held.count >= close.count {
            for start in stride(from: held.count - close.count, through: 0, by: -1) where Array(held[start..<(start + close.count)]) == close {
                at = start
                break
            }
        }
        let whole = Array(held[..<at]) + Array(markup.utf8) + Array(held[at...])
        held = []
        return whole.withUnsafeBufferPointer { file.write($0.baseAddress, count: $0.count) }
    }
}
