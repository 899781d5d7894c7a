import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireStorage

/// Another Quire's copied items as the clipboard brings them (`CopiedItems`): read with every check,
/// put on a page, and drawn as the tray's thumbnail and the clipboard's PNG are — any bytes are items or
/// an error, never a trap, a hang or a picture sized from a hostile number.
func clipboardTarget() -> FuzzTarget {
    var photo = RGBAImage(width: 24, height: 16, fill: (200, 40, 40, 255))
    for y in 0..<16 { for x in 12..<24 { photo[x, y] = .init(r: 30, g: 60, b: 210, a: 255) } }
    let blob = (try? PNG.encode(photo)).map { BlobBytes($0, kind: .png) }
    let ink = Stroke(samples: (0..<12).map { InputSample(position: Point(2 + Double($0) * 1.5, 8), pressure: 0.5, time: Double($0) / 100) },
                     style: .defaults(for: .pen))
    let seeds: [CopiedItems] = blob.map { blob in [
        CopiedItems(items: [PageItem(.scrap(Scrap(outline: BezierPath(polygon: [Point(0, 0), Point(24, 0), Point(24, 10), Point(14, 16), Point(0, 16)]),
                                                  transform: Homography(.translation(100, 80)),
                                                  image: ScrapImage(reference: ImageReference(blob: blob.id, pixelWidth: 24, pixelHeight: 16),
                                                                    rect: Rect(x: 0, y: 0, width: 24, height: 16)),
                                                  items: [.stroke(ink)])))], blobs: [blob]),
        CopiedItems(items: [PageItem(.text(TextItem(text: "copied words", origin: Point(40, 60), fontSize: 18)))], blobs: []),
    ] } ?? []
    return FuzzTarget(name: "clipboard", seeds: seeds.compactMap { try? $0.encoded() }, protectedPrefix: 14) { bytes in
        let copied = try CopiedItems(decoding: bytes)
        guard let (edit, _) = Page().pasting(copied.items, by: Homography(.translation(12, 12))) else { return }
        var page = Page()
        try page.apply(edit)
        let pictures = copied.blobs.bytesByID
        guard let drawn = CopiedItemPictures(copied.items, pictures: { pictures[$0] ?? [] }) else { return }
        _ = try drawn.image(fitting: 64)
    }
}
