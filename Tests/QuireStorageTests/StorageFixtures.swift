import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// A fresh folder per test, removed afterwards.
class StorageTestCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-storage-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func bytes(of path: String) -> Data? { FileManager.default.contents(atPath: path) }
}

enum Ink {
    /// A stroke of `count` samples; pen strokes have pressure and tilt, others are mouse strokes.
    static func stroke(_ tool: InkTool = .pen, from start: Point = Point(100, 100), count: Int = 40, seed: Double = 0,
                       color: StrokeColor = .rgb(.black)) -> Stroke {
        let pen = tool != .highlighter
        let samples = (0..<count).map { i -> InputSample in
            let d = Double(i)
            return InputSample(position: Point(start.x + d * 2.5, start.y + 10 * sin(d / 5 + seed)),
                               pressure: pen ? 0.3 + 0.01 * d : nil, tiltX: pen ? 15 : 0, tiltY: pen ? -4 : 0,
                               time: 50 + seed + d / 200, device: pen ? .pen : .mouse)
        }
        return Stroke(samples: samples, style: .defaults(for: tool, color: color))
    }

    /// What `stroke` is after a save and a load (positions and times are Float32 on disk).
    static func stored(_ stroke: Stroke) -> Stroke {
        Stroke(samples: PackedSamples.roundTripped(stroke.samples), style: stroke.style)
    }

    /// What `page` is after a save and a load: the same items with the same ids, ink rounded to Float32.
    static func stored(_ page: Page) -> Page {
        Page(id: page.id, size: page.size, background: page.background, items: page.items.map(stored))
    }

    static func stored(_ item: PageItem) -> PageItem {
        switch item.content {
        case let .stroke(stroke): return PageItem(id: item.id, .stroke(stored(stroke)))
        case var .scrap(scrap):
            scrap.items = scrap.items.map(stored)
            return PageItem(id: item.id, .scrap(scrap))
        default: return item
        }
    }
}
