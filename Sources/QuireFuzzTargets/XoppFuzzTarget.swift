import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireXournal

/// A Xournal++ file, read as `quire import-xopp` reads it (unpacked, parsed, checked, its pictures
/// probed and decoded small) and its strokes then drawn as vector ink. Seeds: plain XML as Xournal++
/// writes it, and a gzip'ed file as Quire's own export writes it.
func xoppTarget(in folder: String) throws -> FuzzTarget {
    var pixels = [UInt8](repeating: 255, count: 12 * 8 * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = UInt8(i % 251) }
    let png = Data(try PNG.encode(RGBAImage(width: 12, height: 8, pixels: pixels))).base64EncodedString()
    let plain = """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="Xournal++ 1.1.3" fileversion="4">
        <title>Xournal++ document</title>
        <page width="595.27" height="841.89">
        <background type="solid" color="#ffffffff" style="lined"/>
        <layer>
        <stroke tool="pen" color="#3333ccff" width="1.41 1.2 2.4 3.0 1.8">10 10 20 22.5 31 12 40 20.25 55 30</stroke>
        <stroke tool="highlighter" color="yellow" width="8.5">10 100 200 100</stroke>
        <text font="Sans" size="12" x="1" y="2" color="#000000ff">text</text>
        </layer>
        <layer>
        <image left="100" top="200" right="160" bottom="240">\(png)</image>
        <stroke tool="eraser" color="#ffffffff" width="5">30 30 60 60</stroke>
        </layer>
        </page>
        <page width="300" height="200"><background type="pdf" domain="absolute" filename="a.pdf" pageno="2"/><layer/></page>
        </xournal>
        """
    let exported = folder + "/seed.xopp"
    let writer = try XournalWriter(path: exported, creator: "quire-fuzz")
    let samples = (0..<16).map { i in
        InputSample(position: Point(20 + Double(i) * 9, 40 + 6 * sin(Double(i))), pressure: Double(i) / 16, time: Double(i) * 0.01, device: .pen)
    }
    var export = XournalExport(picture: { _ in [] })
    try writer.add(try export.convert(Page(items: [PageItem(.stroke(Stroke(samples: samples, style: .defaults(for: .pen))))])))
    try writer.finish()
    let casePath = folder + "/case.xopp"
    let seeds = [Array(plain.utf8), Array(try Data(contentsOf: URL(fileURLWithPath: exported)))]
    return FuzzTarget(name: "xopp", seeds: seeds, protectedPrefix: 2) { bytes in
        try Data(bytes).write(to: URL(fileURLWithPath: casePath))
        let imported = try XournalImport.read(casePath)
        for page in imported.pages {
            for stroke in page.strokes { _ = InkEngineRegistry.standard.vectorInk(for: stroke.samples, style: stroke.style) }
        }
    }
}
