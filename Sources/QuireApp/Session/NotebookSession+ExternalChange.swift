import Foundation
import QuireDocument
import QuireStorage

/// A notebook in a synced folder (Syncthing, Nextcloud): when another program replaces or rewrites the
/// file while the window has it open, nothing more is saved over it. The user's version, every change
/// saved so far and those still waiting, goes to a copy beside it, "NAME (conflict DATE).quire", and the
/// window goes on in that copy, the stroke being drawn included; the newer file stays as the other
/// program left it, and Ctrl+Shift+O opens it.
extension NotebookSession {
    /// How often the window asks whether the file was changed by another program: a notice within a
    /// second of a sync, for one `stat` each time.
    public static let fileCheckInterval = 0.5

    /// Seconds until the next check of the notebook's file is due (0: now).
    public func secondsUntilFileCheck(now: Double) -> Double {
        max(0, fileChecks.last + Self.fileCheckInterval - now)
    }

    /// Checks, when due, whether another program changed the notebook's file; when it did, carries on
    /// in a copy (`continueInCopy`) and returns true: the page shown is the same, now saved there.
    /// `shownPage` is the page as the window has it, for when the copy cannot be read from the file.
    public func checkFile(now: Double, shownPage: () -> Page) -> Bool {
        guard now - fileChecks.last >= Self.fileCheckInterval else { return false }
        fileChecks.last = now
        // Once no copy could be written of this open notebook, its change was said; it is not tried again.
        guard let change = store.externalChange(), fileChecks.unresolved !== store else { return false }
        continueInCopy(after: change, shownPage: shownPage())
        return true
    }

    /// Opens the file the conflict left behind (the newer copy another program put there); false when
    /// there is none, or it cannot be opened (said).
    func openChangedOriginal() throws -> Bool {
        guard let original = fileChecks.changedOriginal else {
            say("quire: no notebook was changed by another program while it was open here")
            return false
        }
        guard FileManager.default.fileExists(atPath: original) else {
            say("quire: \(original) is not there any more")
            return false
        }
        return try open(original)
    }

    private func continueInCopy(after change: ExternalFileChange, shownPage: Page) {
        let old = store, original = store.path, shown = currentPageID
        let waiting = autosaver?.handOver() ?? []
        let (copyPath, copyTitle) = Self.conflictName(for: original, title: title)
        let name = (original as NSString).lastPathComponent
        let copy: NotebookStore
        var lost = ""
        do {
            copy = try Self.userVersion(of: old, at: copyPath, title: copyTitle, waiting: waiting, shownPage: shownPage)
        } catch {
            // Rewritten in place, the log's pages may no longer fit what lies under them: the copy is the
            // page the window shows (its changes waiting included), without the pictures it would need
            // from the file.
            do {
                let kept = shownPage.items.filter { [$0].blobs.isEmpty }
                copy = try NotebookStore.create(at: copyPath, title: copyTitle, pages: [Page(id: shownPage.id, size: shownPage.size,
                                                                                            background: shownPage.background, items: kept)])
                lost = " Only the page shown could be kept (\(error))"
                    + (kept.count < shownPage.items.count ? ", without its pictures." : ".")
            } catch {
                say("quire: \(name) \(change) while it was open here; nothing more is saved over it, and your changes could "
                    + "not be written to a copy (\(error)): they are only in this window. Export the page (Ctrl+E) to keep it.")
                fileChecks.changedOriginal = original
                fileChecks.unresolved = old
                return
            }
        }
        try? old.close()
        do {
            try switchTo(copy, detaching: false)
        } catch {
            say("quire: \(name) \(change); your copy \(copyPath) could not be opened: \(error)")
            return
        }
        pageIndex = pageIDs.firstIndex(of: shown) ?? 0
        fileChecks.changedOriginal = original
        say("quire: \(name) \(change) while it was open here; nothing was saved over it. Your version, with every change, "
            + "is now \"\(copyTitle)\" beside it (\((copyPath as NSString).lastPathComponent)), and you go on there.\(lost) "
            + "Ctrl+Shift+O opens the newer \(name); keep both, or delete the one you do not want.")
    }

    /// The notebook as `old`'s connection sees it, written to `path` with the changes still `waiting`
    /// applied; refused (thrown) unless the page the window shows reads back with the window's items.
    /// After a rename over the file the connection still reads the user's whole file; after a rewrite
    /// in place its log lies over another program's bytes, and that check catches a copy that mixes them.
    private static func userVersion(of old: NotebookStore, at path: String, title: String,
                                    waiting: [(label: String, change: Autosaver.Change)], shownPage: Page) throws -> NotebookStore {
        let copy = try old.writeCopy(to: path, title: title)
        do {
            for (_, change) in waiting { try change(copy) }
            let stored = try copy.loadPage(shownPage.id).items.map(\.id)
            guard stored == shownPage.items.map(\.id) else {
                throw NotebookFileError.corrupt(path: path, reason: "the page shown did not read back as the window has it")
            }
            return copy
        } catch {
            try? copy.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// "NAME (conflict 2026-12-02 17-30-05).quire" beside `path` (a number added when that is taken),
    /// and the title to match. No colons: the file may sync to systems that refuse them.
    static func conflictName(for path: String, title: String, now: Date = Date()) -> (path: String, title: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        let stamp = formatter.string(from: now)
        let folder = (path as NSString).deletingLastPathComponent
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var n = 1
        while true {
            let suffix = "(conflict \(stamp)\(n == 1 ? "" : " \(n)"))"
            let candidate = folder + "/\(stem) \(suffix).\(NotebookLibrary.fileExtension)"
            // Past 10,000 copies in one second, the last name is taken anyway: creating it fails and says so.
            if !FileManager.default.fileExists(atPath: candidate) || n == 10_000 { return (candidate, "\(title) \(suffix)") }
            n += 1
        }
    }
}

/// When the notebook's file was last checked, the file a conflict left behind, and the open notebook
/// no copy could be made of (said once; another open of the same file is checked afresh).
final class FileChecks {
    var last = -Double.infinity
    var changedOriginal: String?
    weak var unresolved: NotebookStore?
}
