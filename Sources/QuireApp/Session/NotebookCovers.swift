import Foundation
import QuireImageIO
import QuireStorage

/// The notebook list's covers: each notebook's first page as its stored thumbnail shows it, read and
/// decoded on another thread so the window never waits on a file or PNG. A notebook without a
/// thumbnail (or one that cannot be read) has no cover image, and the list draws a plain cover.
final class NotebookCovers: @unchecked Sendable {
    /// What is known of a notebook's cover.
    enum Cover: Equatable {
        case loading
        /// The decoded thumbnail; `serial` names these pixels for the overlay's texture.
        case image(RGBAImage, serial: Int)
        /// No thumbnail, or it could not be read: a plain cover.
        case none
    }

    private let lock = NSLock()
    private let queue = DispatchQueue(label: "quire.notebook-covers", qos: .userInitiated)
    private var covers: [String: Cover] = [:]
    private var arrived = false
    private var serial = 0
    /// Bumped by `forget`: covers read for an older generation are dropped when they arrive.
    private var generation = 0

    /// The cover of the notebook at `path`, asking for it to be read when it is not known yet.
    func cover(of path: String) -> Cover {
        lock.lock()
        defer { lock.unlock() }
        if let known = covers[path] { return known }
        covers[path] = .loading
        let asked = generation
        queue.async { [self] in
            let image = Self.read(path)
            lock.lock()
            defer { lock.unlock() }
            guard generation == asked else { return }
            serial += 1
            covers[path] = image.map { .image($0, serial: serial) } ?? Cover.none
            arrived = true
        }
        return .loading
    }

    /// Forgets every cover (they are read again when next asked for): the list opened, or its notebooks
    /// changed.
    func forget() {
        lock.lock()
        covers.removeAll()
        generation += 1
        lock.unlock()
    }

    /// True once after covers arrived since the last call: the list should be drawn again.
    func takeArrived() -> Bool {
        lock.lock()
        defer { arrived = false; lock.unlock() }
        return arrived
    }

    /// Whether covers asked for are still being read, or arrived and not yet taken: the run loop keeps
    /// looking until `takeArrived` has seen them (a cover that arrives between its look at this and its
    /// wait would otherwise wait for the next input event).
    var isLoading: Bool {
        lock.lock()
        defer { lock.unlock() }
        return arrived || covers.values.contains(.loading)
    }

    /// The first page's thumbnail of the notebook at `path`, decoded; nil when it has none or it
    /// cannot be read (the list is no place to report a damaged file: opening it says why).
    private static func read(_ path: String) -> RGBAImage? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        guard let first = try? store.pageIDs().first, let thumbnail = try? store.thumbnail(of: first) else { return nil }
        return try? PNG.decode(thumbnail.png)
    }
}
