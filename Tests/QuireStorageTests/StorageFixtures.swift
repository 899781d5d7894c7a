import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest

/// A fresh folder per test, removed afterwards.
class StorageTestCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-storage-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Each test its own record of checked files, so no test trusts a file another test checked.
        _ = Self.usersRecord   // read before the first test replaces it
        NotebookStore.checkedFiles = CheckedNotebookFiles(path: folder + "/.checked-notebooks")
    }

    override func tearDown() {
        // Later tests in this process (the app's, the command line's) use the user's record again, and
        // nothing recreates this test's folder.
        NotebookStore.checkedFiles = Self.usersRecord
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static let usersRecord = NotebookStore.checkedFiles

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

/// Pages with every kind of item, for the store's scene tests.
enum Scene {
    /// Bytes standing in for a PNG and a PDF: the store keeps bytes, it does not decode them.
    static let photo: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 31) }
    static let pdf: [UInt8] = Array("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n".utf8)

    static func scrap(showing photo: BlobID, ink: [Stroke] = [Ink.stroke(.pen, from: Point(5, 5), count: 12)]) -> PageItem {
        let transform = Homography(from: [Point(0, 0), Point(200, 0), Point(200, 150), Point(0, 150)],
                                   to: [Point(300, 210), Point(510, 230), Point(500, 390), Point(290, 370)])!
        let outline = BezierPath(polygon: [Point(0, 0), Point(200, 10), Point(180, 150), Point(10, 140)])
        return PageItem(.scrap(Scrap(outline: outline, transform: transform,
                                     image: ScrapImage(reference: ImageReference(blob: photo, pixelWidth: 640, pixelHeight: 480),
                                                       rect: Rect(x: 0, y: 0, width: 200, height: 150)),
                                     items: ink.map { PageItem.stroke($0) })))
    }

    static func image(showing photo: BlobID) -> PageItem {
        PageItem(.image(PlacedImage(image: ImageReference(blob: photo, pixelWidth: 640, pixelHeight: 480),
                                    corners: Quadrilateral(Rect(x: 40, y: 500, width: 320, height: 240)))))
    }

    static func pdfPage(_ document: BlobID) -> PageItem {
        PageItem(.pdfPage(PDFPageItem(document: document, pageIndex: 2, rect: Rect(x: 0, y: 0, width: 612, height: 792))))
    }

    static let text = PageItem(.text(TextItem(text: "Lecture 3\nentropy", origin: Point(60, 80), fontFamily: "serif",
                                              fontSize: 22, color: InkColor(red: 0.2, green: 0.1, blue: 0.6))))

    /// A page holding a stroke, a scrap with its own stroke showing the photo, a placed image sharing
    /// that photo, a PDF page and a text item.
    static func everyKind(photo: BlobID, pdf: BlobID) -> Page {
        Page(size: .a4, background: PageBackground(pattern: .grid),
             items: [.stroke(Ink.stroke(.marker, seed: 2)), scrap(showing: photo), image(showing: photo), pdfPage(pdf), text])
    }
}
