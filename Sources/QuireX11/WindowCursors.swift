import CX11

/// The X cursors made for one window: each desktop cursor made once and kept, Quire's own picture made
/// when it changes (the old one freed), and the window's cursor set only when it is a different one.
final class WindowCursors {
    private let display: OpaquePointer
    private let window: Window
    private var standard: [StandardCursor: Cursor] = [:]
    private var picture: (image: CursorImage, cursor: Cursor)?
    private var shown: WindowCursor?

    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
    }

    /// The largest cursor picture the server takes, a side (at least 16, at most `CursorImage.largestSide`).
    lazy var largestSide: Int = {
        var width: UInt32 = 0, height: UInt32 = 0
        let side = UInt32(CursorImage.largestSide)
        guard XQueryBestCursor(display, window, side, side, &width, &height) != 0 else { return 32 }
        return max(16, min(CursorImage.largestSide, Int(min(width, height))))
    }()

    func show(_ cursor: WindowCursor) {
        guard cursor != shown else { return }
        let old = picture
        let made: Cursor
        switch cursor {
        case let .standard(kind):
            guard let cursor = standardCursor(kind) else { return }
            made = cursor
            picture = nil
        case let .image(image):
            if let old, old.image == image {
                made = old.cursor
            } else {
                guard let cursor = Self.load(image, display: display) else { return }
                made = cursor
                picture = (image, cursor)
            }
        }
        XDefineCursor(display, window, made)
        shown = cursor
        // The old picture is no longer the window's (freed only now: the window showed it until here).
        if let old, old.cursor != made { XFreeCursor(display, old.cursor) }
        XFlush(display)
    }

    /// Frees every cursor made; before the connection closes.
    func release() {
        for cursor in standard.values { XFreeCursor(display, cursor) }
        standard = [:]
        if let picture { XFreeCursor(display, picture.cursor) }
        picture = nil
        shown = nil
    }

    private func standardCursor(_ kind: StandardCursor) -> Cursor? {
        if let made = standard[kind] { return made }
        var made = XcursorLibraryLoadCursor(display, kind.rawValue)
        if made == 0 { made = XCreateFontCursor(display, kind.fontShape) }
        guard made != 0 else { return nil }
        standard[kind] = made
        return made
    }

    private static func load(_ image: CursorImage, display: OpaquePointer) -> Cursor? {
        guard let xImage = XcursorImageCreate(Int32(image.width), Int32(image.height)) else { return nil }
        defer { XcursorImageDestroy(xImage) }
        xImage.pointee.xhot = UInt32(image.hotX)
        xImage.pointee.yhot = UInt32(image.hotY)
        image.pixels.withUnsafeBufferPointer { source in
            xImage.pointee.pixels.update(from: source.baseAddress!, count: source.count)
        }
        let cursor = XcursorImageLoadCursor(display, xImage)
        return cursor == 0 ? nil : cursor
    }
}
