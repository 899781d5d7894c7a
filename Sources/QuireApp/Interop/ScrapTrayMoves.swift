import Foundation
import QuireDocument
import QuireGeometry
import QuireStorage

/// Scraps into and out of the tray (`ScrapTray`): a scrap dragged onto the window's right edge leaves
/// its page for the tray, one dragged out of the tray lands on the page shown, each move one undo step
/// on that page. The tray follows the page edits of those steps (`PageEditor.observe`, by the step's
/// label), so an undo or redo of a move — now, after a page turn or a restart — moves the scrap back
/// with it; any other edit (Delete, the eraser, a cut) of a scrap that once came from the tray leaves
/// the tray as it is.
final class ScrapTrayMoves {
    /// The labels of the two moves' undo steps, which the tray follows (kept in the notebook's history,
    /// so they must not change).
    static let intoTray = "moved to the tray"
    static let outOfTray = "taken from the tray"
    /// Nil when no tray file could be made (the notice said why); the window works without one.
    let tray: ScrapTray?
    private let shown: ShownPage
    private let session: NotebookSession
    private let say: @Sendable (String) -> Void
    private var canvas: CanvasController { shown.canvas }

    init(shown: ShownPage, session: NotebookSession, trayPath: String = ScrapTray.defaultPath, say: @escaping @Sendable (String) -> Void) {
        self.shown = shown
        self.session = session
        self.say = say
        var opened: ScrapTray?
        do {
            let (tray, problem) = try ScrapTray.open(at: trayPath)
            opened = tray
            if let problem { say("quire: warning: \(problem)") }
        } catch {
            say("quire: warning: there is no scrap tray this time: \(trayPath) cannot be made (\(FileSystemReason.text(for: error)))")
        }
        tray = opened
        guard let tray else { return }
        canvas.editor.observe { [session, say] edit, label in
            guard label == Self.intoTray || label == Self.outOfTray else { return }
            do {
                try tray.itemsLeftPage(edit.removedItems) { try session.store.copying([$0]).blobs }
                try tray.itemsJoinedPage(edit.insertedItems)
            } catch {
                say("quire: warning: the scrap tray could not follow the change: \(FileSystemReason.text(for: error))")
            }
        }
    }

    /// The scrap `id` let go over the tray: off its page and into the tray. From a read-only notebook it
    /// is copied in and stays where it was.
    func moveIntoTray(_ id: ItemID) {
        guard let tray, let index = canvas.page.index(of: id) else { return }
        let item = canvas.page.items[index]
        do {
            if let reason = session.store.readOnlyReason {
                try tray.add(item, blobs: try session.store.copying([item]).blobs)
                return say("quire: copied the scrap into the tray; it stays on the page, which cannot change (\(reason))")
            }
            try tray.link(id, to: ScrapTray.EntryID())
        } catch {
            return say("quire: the scrap stays on the page: \(FileSystemReason.text(for: error))")
        }
        guard let edit = canvas.page.removing([id]), canvas.editor.apply(edit, label: Self.intoTray) else { return }
        say("Moved the scrap to the tray")
    }

    /// Entry `entry` dragged out of the tray and let go at `windowPoint`: onto the page shown, centred
    /// there, at the size it had, under a new identity.
    func takeOut(_ entry: ScrapTray.EntryID, at windowPoint: Point) {
        guard let tray, let found = tray.entries.first(where: { $0.id == entry }) else { return }
        canvas.finishGesture()
        let target = canvas.pagePoint(atWindow: windowPoint)
        let centre = found.item.bounds.center
        do {
            try session.storePictures(try tray.blobs(of: found.item))
            guard let (edit, ids) = canvas.page.pasting([found.item], by: Homography(.translation(target.x - centre.x, target.y - centre.y))),
                  let placed = ids.first else { return }
            try tray.link(placed, to: entry)
            guard canvas.editor.apply(edit, label: Self.outOfTray) else { return }
        } catch {
            say("quire: the scrap stays in the tray: \(FileSystemReason.text(for: error))")
        }
    }

    /// How often the tray file is looked at for another window's changes (seconds).
    static let checkInterval = 0.5
    private var lastCheck = -Double.infinity
    /// Whether the last look found the file unreadable (said once, until it reads again).
    private var saidUnreadable = false

    /// Looks, at most every `checkInterval`, whether another Quire changed the tray file, and reads it
    /// again if so: a scrap dragged into the tray in one window shows in the other.
    func followOtherWindows(now: Double) {
        guard let tray, now - lastCheck >= Self.checkInterval else { return }
        lastCheck = now
        do {
            try tray.readAgainIfChangedElsewhere()
            saidUnreadable = false
        } catch {
            guard !saidUnreadable else { return }
            saidUnreadable = true
            say("quire: warning: another window's change to the scrap tray \(tray.path) could not be read "
                + "(\(FileSystemReason.text(for: error))); this window's tray stays as it was")
        }
    }

    /// The pictures an entry shows, for its thumbnail.
    func pictures(of item: PageItem) -> [BlobID: [UInt8]] {
        guard let tray, let blobs = try? tray.blobs(of: item) else { return [:] }
        return blobs.bytesByID
    }
}
