import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireX11

/// One loader under fuzzing: the well-formed inputs mutations start from, and what is done with each
/// case — everything a real reader does with such input (decode, then use what was decoded). A thrown
/// error is the right answer to a bad input; a trap, a hang or a changed file is a failure.
///
/// A library of its own so that two drivers share the targets: `quire-fuzz` (seeded mutations, no
/// special build) and `make libfuzz` (libFuzzer, coverage-guided; see `LibFuzzerEntry`).
public struct FuzzTarget {
    public let name: String
    public let seeds: [[UInt8]]
    /// Bytes at the start that most mutations leave alone (a header refused at once teaches nothing).
    public let protectedPrefix: Int
    /// Applied to a mutated case before it runs (PNG: chunk checksums made right again, so cases reach
    /// the decoder rather than stopping at the checksum).
    public var repair: ([UInt8]) -> [UInt8] = { $0 }
    public let run: ([UInt8]) throws -> Void

    /// A case that changed a file it was only to read.
    public struct FileChanged: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "\(path) was changed by a read" }
    }
}

/// The targets' names, for help texts and messages.
public let fuzzTargetNames = ["samples", "log", "png", "jpeg", "notebook", "notebook-values", "history", "pdf", "pdf-export", "xopp", "text", "clipboard"]

/// The loaders of `quire`, each a target; `folder` is scratch space of the caller's.
public func allTargets(in folder: String) throws -> [FuzzTarget] {
    [packedSamplesTarget(), try inputLogTarget(in: folder), pngTarget(), try jpegTarget(), try notebookTarget(in: folder),
     try notebookValuesTarget(in: folder), try historyTarget(in: folder), pdfTarget(), pdfExportTarget(in: folder),
     try xoppTarget(in: folder), textTarget(), clipboardTarget()]
}

/// Samples as notebooks store them, then drawn by every engine (what loading a page does).
func packedSamplesTarget() -> FuzzTarget {
    let pen = (0..<40).map { i -> InputSample in
        let d = Double(i)
        let position = Point(10 + d * 3, 50 + 8 * sin(d / 4))
        return InputSample(position: position, pressure: 0.2 + d / 60, tiltX: 12, tiltY: -5, wheel: 0.5, time: d * 0.004, device: .pen)
    }
    let mouse = (0..<12).map { i in InputSample(position: Point(Double(i) * 9, 20), time: Double(i) * 0.01) }
    return FuzzTarget(name: "samples", seeds: [PackedSamples.encode(pen), PackedSamples.encode(mouse)], protectedPrefix: 1) { bytes in
        let samples = try PackedSamples.decode(bytes)
        for tool in [InkTool.pen, .marker, .highlighter, .eraser] {
            var engine = InkEngineRegistry.standard.makeEngine(for: .defaults(for: tool))
            _ = engine.sprites(for: samples)
        }
    }
}

/// An input log, replayed through the canvas as `quire replay` does (tools, gestures, engines).
func inputLogTarget(in folder: String) throws -> FuzzTarget {
    let seedPath = folder + "/seed.jsonl"
    let recorder = try InputRecorder(path: seedPath)
    var t = 1.0
    func sample(_ x: Double, _ y: Double, _ pressure: Double?) -> InputSample {
        t += 0.005
        return InputSample(position: Point(x, y), pressure: pressure, time: t, device: pressure == nil ? .mouse : .pen, deviceID: 7)
    }
    try recorder.record(.resized(width: 800, height: 600))
    try recorder.record(.pointerDown(sample(100, 100, 0.4), button: 1))
    for i in 1...20 { try recorder.record(.pointerMoved(sample(100 + Double(i) * 7, 100 + Double(i), 0.5))) }
    try recorder.record(.pointerUp(sample(240, 120, 0.3), button: 1))
    try recorder.record(.scroll(dx: 0, dy: 2, at: Point(300, 300), control: true))
    try recorder.record(.touchBegan(id: 1, at: Point(400, 400), time: t + 1))
    try recorder.record(.touchMoved(id: 1, at: Point(420, 410), time: t + 1.1))
    try recorder.record(.touchEnded(id: 1, at: Point(420, 410), time: t + 1.2))
    try recorder.record(.key(KeyInput(keysym: 0x76, text: "v")))
    try recorder.record(.pointerDown(sample(150, 110, nil), button: 1))
    try recorder.record(.pointerUp(sample(190, 150, nil), button: 1))
    let seed = Array(try Data(contentsOf: URL(fileURLWithPath: seedPath)))
    let casePath = folder + "/case.jsonl"
    return FuzzTarget(name: "log", seeds: [seed], protectedPrefix: 30) { bytes in
        try Data(bytes).write(to: URL(fileURLWithPath: casePath))
        let events = try InputLog.read(casePath)
        let canvas = CanvasController(page: Page())
        for event in events {
            _ = canvas.handle(event)
            _ = canvas.takeRenderWork()
        }
    }
}

private func decodeEveryWay(_ bytes: [UInt8]) throws {
    _ = try ImageFile.probe(bytes)
    _ = try ImageFile.decode(bytes, fittingIn: 48)
    _ = try ImageFile.decode(bytes)
}

private func gradient(_ width: Int, _ height: Int, alpha: Bool) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = .init(r: UInt8(x * 255 / max(1, width - 1)), g: UInt8(y * 255 / max(1, height - 1)), b: 90,
                                a: alpha ? UInt8((x + y) * 255 / max(1, width + height - 2)) : 255)
        }
    }
    return image
}

func pngTarget() -> FuzzTarget {
    let seeds = [(try? PNG.encode(gradient(37, 21, alpha: true))) ?? [], (try? PNG.encode(gradient(8, 64, alpha: false), speed: .fast)) ?? []]
    return FuzzTarget(name: "png", seeds: seeds, protectedPrefix: 8, repair: withPNGChecksumsRepaired, run: decodeEveryWay)
}

/// `bytes` with every whole chunk's CRC recomputed (a chunk cut short is left as it is).
func withPNGChecksumsRepaired(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var at = 8
    while at + 12 <= out.count {
        let length = Int(out[at]) << 24 | Int(out[at + 1]) << 16 | Int(out[at + 2]) << 8 | Int(out[at + 3])
        guard length <= out.count - at - 12 else { break }
        let crc = crc32(out[(at + 4)..<(at + 8 + length)])
        for i in 0..<4 { out[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
        at += 12 + length
    }
    return out
}

private let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

/// PNG's CRC-32 (ISO 3309), over a chunk's type and data.
func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xff)] ^ ($0 >> 8) }
}

func jpegTarget() throws -> FuzzTarget {
    FuzzTarget(name: "jpeg", seeds: [try JPEG.encode(gradient(40, 30, alpha: false), quality: 80),
                                     try JPEG.encode(gradient(17, 9, alpha: false), quality: 30)],
               protectedPrefix: 2, run: decodeEveryWay)
}

/// A notebook file (SQLite: pages, items, styles, blobs) opened read-only and every page loaded and
/// drawn by the engines, as `quire info` and `quire export` do; the file must not change.
func notebookTarget(in folder: String) throws -> FuzzTarget {
    let seedPath = folder + "/seed.quire"
    var page = Page()
    let store = try NotebookStore.create(at: seedPath, title: "Fuzz", pages: [page, Page(size: .a4)])
    let pen = (0..<30).map { i in InputSample(position: Point(20 + Double(i) * 4, 40), pressure: 0.5, time: Double(i) / 100, device: .pen) }
    let blob = try store.storeBlob(PNG.encode(gradient(6, 4, alpha: false)), kind: .png)
    let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                      transform: Homography(.translation(100, 100)),
                                      image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 6, pixelHeight: 4),
                                                        rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                      items: [.stroke(Stroke(samples: pen, style: .defaults(for: .marker)))])))
    let edit = page.adding([.stroke(Stroke(samples: pen, style: .defaults(for: .pen))), scrap])
    try page.apply(edit)
    try store.apply(edit, to: page.id)
    try store.close()
    let seed = Array(try Data(contentsOf: URL(fileURLWithPath: seedPath)))
    let casePath = folder + "/case.quire"
    return FuzzTarget(name: "notebook", seeds: [seed], protectedPrefix: 100) { bytes in
        FuzzTarget.removeNotebook(at: casePath)
        try Data(bytes).write(to: URL(fileURLWithPath: casePath))
        defer { FuzzTarget.removeNotebook(at: casePath) }
        try FuzzTarget.readWholeNotebook(at: casePath, holding: bytes)
    }
}

/// Ink as the renderer would get it: every stroke's sprites, scraps' own strokes included.
func drawInk(_ item: PageItem) {
    switch item.content {
    case let .stroke(stroke):
        var engine = InkEngineRegistry.standard.makeEngine(for: stroke.style)
        _ = engine.sprites(for: stroke.samples)
    case let .scrap(scrap):
        for child in scrap.items { drawInk(child) }
    case .image, .pdfPage, .text, .custom:
        break
    }
}

extension FuzzTarget {
    /// Opens the notebook at `path` read-only as the app does, reads its summary and every page, and
    /// inks every stroke; throws what the loader throws, and `FileChanged` unless the file still holds
    /// exactly `bytes` afterwards, whether it was read or refused.
    static func readWholeNotebook(at path: String, holding bytes: [UInt8]) throws {
        do {
            let store = try NotebookStore(openingAt: path, readOnly: true)
            defer { try? store.close() }
            _ = try store.summary()
            for id in try store.pageIDs() {
                let page = try store.loadPage(id)
                _ = page.items.map(\.bounds)
                for item in page.items { drawInk(item) }
            }
        } catch {
            try requireUnchanged(path, bytes)
            throw error
        }
        try requireUnchanged(path, bytes)
    }

    /// Removes a case's notebook and the log and index SQLite may have left beside it.
    static func removeNotebook(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Throws `FileChanged` unless the file at `path` still holds exactly `bytes` (a case only reads it).
    static func requireUnchanged(_ path: String, _ bytes: [UInt8]) throws {
        guard (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Array.init) == bytes else {
            throw FileChanged(path: path)
        }
    }
}
