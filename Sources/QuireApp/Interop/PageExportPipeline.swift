import Foundation
import QuireDocument
import QuireImageIO
import QuireRender

/// Writes pages as PNG files with the work overlapped: the GL thread renders page N+1 (a band at a
/// time, in tiles within the GL limits) while other threads encode page N's rows, straight from the
/// buffer they were read into (a mapped pixel buffer: no copy, no flip, no whole-image array). The
/// tile target, the renderer and the read-back buffers are reused for every page; the few read-back
/// slots bound the memory in flight, so it does not grow with the page count (the GL thread waits for
/// an encoder when all are taken). Each file is written under a temporary name and renamed into place
/// once complete, so a reader never sees half a file.
///
/// Needs a current GL context on the calling thread for its whole life; call `finish` before dropping it.
public final class PageExportPipeline {
    public let scale: Double
    public let compression: Int
    private let tileLimit: Int
    private let builder: RenderItemBuilder
    private let brushDirectory: String?
    private var renderer: PageBandRenderer?
    private let ring: PixelBufferRing
    private let encoders = DispatchQueue(label: "quire.export.encode", qos: .userInitiated, attributes: .concurrent)
    private let group = DispatchGroup()
    private let errors = FirstError()
    /// The band whose read was issued last: mapped (which waits for the read) only after the next band
    /// has been sent to GL, so on a real GPU the read and the next render overlap.
    private var pending: (slot: PixelBufferRing.Slot, band: Range<Int>, file: PageFile, last: Bool)?

    /// `tileLimit`: the largest side of one render (default: what this GL allows); lowered by tests to
    /// make tiles of a small page. `slots`: read-back buffers in flight. `usesPixelBuffers` false reads
    /// into plain memory instead of GL pixel buffers (to compare the two).
    public init(scale: Double, compression: Int = PNGWriter.fastLevel, brushDirectory: String? = ResourceLocator.brushesDirectory,
                builder: RenderItemBuilder = RenderItemBuilder(), tileLimit: Int? = nil, slots: Int = 3,
                usesPixelBuffers: Bool = true) {
        self.scale = scale
        self.compression = compression
        self.builder = builder
        self.brushDirectory = brushDirectory
        self.tileLimit = max(1, min(tileLimit ?? PageImageSize.currentMaximumSide(), PageImageSize.currentMaximumSide()))
        ring = PixelBufferRing(count: slots, usesPixelBuffers: usesPixelBuffers)
    }

    deinit {
        // Nothing may still be reading a slot when the ring (and its GL buffers) go.
        group.wait()
    }

    /// The size `page` is exported at, or an error stating the limits: the page's own size at the scale,
    /// rounded (not its size in whole pixels scaled, which the renderer draws: an A4 page at 100 dpi is
    /// 1,169 rows, as a PDF viewer shows it, not 1,170, the half pixel the renderer's page has past its
    /// bottom edge scaled into a row of its own).
    public func imageSize(of page: Page) throws -> PageImageSize {
        let (width, height) = page.size.clampedSize
        return try PageImageSize.tiled(pageWidth: width, pageHeight: height, scale: scale)
    }

    /// Renders `page` and queues its rows for encoding into `path`. Throws a render error at once, and
    /// an encoder's error from an earlier page as soon as it is known (then nothing more is queued).
    public func export(_ page: Page, to path: String) throws {
        try errors.check()
        let size = try imageSize(of: page)
        let renderer = try self.renderer(for: page)
        renderer.paperColor = page.background.paperColor
        renderer.paperPattern = PaperPattern(page.background)
        renderer.load(builder.renderItems(of: page))
        renderer.paperImage = builder.paperImage(of: page)
        let tiling = ExportTiling(width: size.width, height: size.height, tileLimit: tileLimit)
        // Paper covers the page wholly when it is opaque: no alpha channel to store or unpremultiply.
        let opaque = renderer.paperColor.alpha >= 1
        let file = try PageFile(path: path, width: size.width, height: size.height, opaque: opaque,
                                gray: opaque && renderer.drawsOnlyGray, level: compression, target: encoders)
        for (index, band) in tiling.bands.enumerated() {
            // The pending band holds a slot until the next is read: with a single slot it must go first.
            if ring.count < 2 { try flushPending() }
            let slot = ring.acquire(bytes: band.count * size.width * 4)
            do {
                try renderer.readBand(band, of: tiling, scale: scale, into: slot, ring: ring)
            } catch {
                ring.release(slot)
                try? flushPending()
                file.abandon(group: group)
                throw error
            }
            try flushPending()
            pending = (slot, band, file, index == tiling.bands.count - 1)
        }
    }

    /// Waits until every queued page is written; throws the first error any of them met.
    public func finish() throws {
        try flushPending()
        group.wait()
        ring.drain()
        try errors.check()
    }

    /// Maps the pending band's slot and hands it to its page's encoder.
    private func flushPending() throws {
        guard let (slot, band, file, last) = pending else { return }
        pending = nil
        do {
            try ring.map(slot)
        } catch {
            ring.release(slot)
            file.abandon(group: group)
            throw error
        }
        let ring = ring, errors = errors, rows = band.count
        file.queue.async(group: group) {
            defer { ring.release(slot) }
            guard let bytes = slot.bytes else { return }
            do {
                let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: slot.count)
                try file.write(rows: buffer, count: rows)
                if last { try file.finish() }
            } catch {
                file.discard()
                errors.record(error)
            }
        }
    }

    /// A renderer whose page is the page's size in whole pixels rounded up, so that it covers every
    /// pixel of the image (`imageSize`), which is cut at the page's own edge.
    private func renderer(for page: Page) throws -> PageBandRenderer {
        let sides = page.size.clampedSize
        let (width, height) = (Int(sides.width.rounded(.up)), Int(sides.height.rounded(.up)))
        if let renderer, renderer.pageWidth == width, renderer.pageHeight == height { return renderer }
        renderer = nil
        let made = try PageBandRenderer(pageWidth: width, pageHeight: height, brushDirectory: brushDirectory)
        renderer = made
        return made
    }
}

/// One page's PNG on its way to disk: its writer, used only on its own serial queue, in band order.
private final class PageFile: @unchecked Sendable {
    let queue: DispatchQueue
    private let path: String
    private let temporary: String
    private let opaque: Bool
    private var writer: PNGWriter?
    private let width: Int

    /// `gray`: the page draws only gray (`PageBandRenderer.drawsOnlyGray`), stored gray from the start;
    /// else an opaque page is still stored gray when it fits one band and turns out to be.
    init(path: String, width: Int, height: Int, opaque: Bool, gray: Bool, level: Int, target: DispatchQueue) throws {
        self.path = path
        temporary = try PageExporter.temporaryPath(for: path)
        self.opaque = opaque
        self.width = width
        queue = DispatchQueue(label: "quire.export.page", target: target)
        writer = try PNGWriter(path: temporary, width: width, height: height, channels: gray ? .gray : opaque ? .rgb : .rgba,
                               level: level, grayWhenPossible: opaque && !gray)
    }

    /// Rows as GL read them: bottom-up, premultiplied (made straight here unless the page is opaque).
    func write(rows: UnsafeMutableRawBufferPointer, count: Int) throws {
        guard let writer else { return }
        if !opaque { PremultipliedAlpha.unpremultiply(UnsafeMutableRawBufferPointer(rebasing: rows[..<(count * width * 4)])) }
        try writer.write(rows: UnsafeRawBufferPointer(rows), count: count, stride: width * 4, bottomUp: true)
    }

    func finish() throws {
        guard let writer else { return }
        self.writer = nil
        try writer.finish()
        try PageExporter.moveIntoPlace(temporary, path)
    }

    /// Drops the file (after an error): no temporary is left behind.
    func discard() {
        writer = nil
        try? FileManager.default.removeItem(atPath: temporary)
    }

    /// `discard`, after the bands already queued.
    func abandon(group: DispatchGroup) {
        queue.async(group: group) { self.discard() }
    }
}

/// The first error any encoder met.
private final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var error: Error?

    func record(_ new: Error) {
        lock.lock()
        if error == nil { error = new }
        lock.unlock()
    }

    func check() throws {
        lock.lock()
        let found = error
        lock.unlock()
        if let found { throw found }
    }
}
