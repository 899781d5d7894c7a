import Foundation
import QuireGeometry
import QuireInk

/// Strokes from a `pen-samples/1` file: every page's strokes, samples `[t_ms, x, y, pressure, tiltX, tiltY]`.
func loadHandwriting(_ path: String) throws -> [[InputSample]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let pages = root["pages"] as? [[[String: Any]]] else {
        throw CocoaError(.fileReadCorruptFile)
    }
    var strokes: [[InputSample]] = []
    for page in pages {
        for stroke in page {
            guard let rows = stroke["samples"] as? [[Double]], !rows.isEmpty else { continue }
            strokes.append(rows.map { r in
                InputSample(position: Point(r[1], r[2]), pressure: r[3], tiltX: r[4], tiltY: r[5],
                            time: r[0] / 1000, device: .pen)
            })
        }
    }
    return strokes
}

/// A deterministic page: 1,200 loopy strokes of 30 samples, 5 ms apart, about 1.5 px between samples,
/// pressure swelling and fading like a pen's.
func synthesizedHandwriting() -> [[InputSample]] {
    var seed: UInt64 = 0x5eed
    func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    var strokes: [[InputSample]] = []
    for s in 0..<1200 {
        let origin = Point(72 + Double(s % 60) * 11.5, 110 + Double(s / 60) * 42)
        let turn = 0.25 + 0.3 * random(), size = 4 + 4 * random()
        strokes.append((0..<30).map { i in
            let a = Double(i) * turn
            let p = origin + Point(Double(i) * 0.6 + size * sin(a), size * cos(a * 1.3))
            let pressure = 0.2 + 0.7 * sin(Double(i) / 29 * .pi)
            return InputSample(position: p, pressure: pressure, tiltX: 25, tiltY: -15, time: Double(i) * 0.005, device: .pen)
        })
    }
    return strokes
}
