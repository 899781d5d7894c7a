import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage

/// The photo scrap the copy-and-paste and tray window tests carry about: a 200×100 picture (a red ramp
/// on its left half, so a pixel out of place shows, blue on its right) cut with its lower right corner
/// off, a line of black ink across it, lying at (200, 200).
enum PhotoScrapFixture {
    static let photo: RGBAImage = {
        var image = RGBAImage(width: 200, height: 100, fill: (0, 0, 220, 255))
        for y in 0..<100 { for x in 0..<100 { image[x, y] = .init(r: 220, g: UInt8(x * 2), b: 0, a: 255) } }
        return image
    }()
    static let outline = BezierPath(polygon: [Point(0, 0), Point(200, 0), Point(200, 50), Point(150, 100), Point(0, 100)])
    static let ink = Stroke(samples: (0...30).map { InputSample(position: Point(20 + Double($0) * 4, 30), pressure: 0.8, time: Double($0) / 100) },
                            style: .defaults(for: .pen, color: .rgb(.black)))

    /// The scrap on the first page of the notebook at `path`, with its picture's bytes as stored.
    static func notebookScrap(of path: String) throws -> (item: PageItem, picture: BlobBytes)? {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        guard let item = try store.loadPage(try store.pageIDs()[0]).items.first,
              case let .scrap(scrap) = item.content, let blob = scrap.image?.reference.blob else { return nil }
        return (item, BlobBytes(try store.blob(blob), kind: .png))
    }

    /// A notebook at `path` of `pages` blank pages with the scrap on the first, left open for more.
    static func notebook(at path: String, title: String, pages: Int) throws -> NotebookStore {
        let store = try NotebookStore.create(at: path, title: title, pages: (0..<pages).map { _ in Page() })
        let blob = try store.storeBlob(PNG.encode(photo), kind: .png)
        let scrap = PageItem(.scrap(Scrap(outline: outline, transform: Homography(.translation(200, 200)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 200, pixelHeight: 100),
                                                            rect: Rect(x: 0, y: 0, width: 200, height: 100)),
                                          items: [.stroke(ink)])))
        try store.apply(Page().adding([scrap]), to: try store.pageIDs()[0])
        return store
    }
}
