import Dispatch
import Foundation
import QuireDocument
import QuirePDF
import QuireStorage
import QuireX11

/// Copy, cut and paste of what is selected (Ctrl+C, Ctrl+X, Ctrl+V), through the X CLIPBOARD. A copy
/// is offered as Quire's own items (`CopiedItems`: exact, pictures and ink included, for this Quire or
/// another), as `image/png` (the items as shown, transparent outside a scrap's outline, at its picture's
/// detail; drawn in the background as soon as it is copied) and `image/svg+xml`, and a text box's words
/// as text. While this window still owns the clipboard a paste takes the copy as it is, without a round
/// trip through the X server.
final class ItemClipboard {
    private let shown: ShownPage
    private let session: NotebookSession
    private let window: X11Window
    private let say: @Sendable (String) -> Void
    /// What this Quire last put on the clipboard.
    private var copied: CopiedItems?
    /// The items last pasted and how many times in a row: each paste beside the original lies a step
    /// further from it.
    private var lastPasted: (first: ItemID, times: Int)?
    private var canvas: CanvasController { shown.canvas }

    init(shown: ShownPage, session: NotebookSession, window: X11Window, say: @escaping @Sendable (String) -> Void) {
        self.shown = shown
        self.session = session
        self.window = window
        self.say = say
    }

    /// Ctrl+C (and Ctrl+X, `cutting`: the items then leave the page, one undo step).
    func copy(cutting: Bool) {
        let items = canvas.selectedItems
        guard !items.isEmpty else {
            return say("quire: nothing to \(cutting ? "cut" : "copy"): select a scrap, picture or text box first (V, then press it)")
        }
        canvas.finishGesture()
        let copy: CopiedItems
        do {
            copy = try session.store.copying(items)
        } catch {
            return say("quire: could not copy: \(FileSystemReason.text(for: error))")
        }
        guard window.offerClipboard(Self.offer(for: copy)) else {
            return say("quire: could not copy: another program holds the clipboard and the X server kept it there")
        }
        copied = copy
        lastPasted = nil
        let what = Self.name(of: items)
        if cutting, let reason = session.store.readOnlyReason {
            say("Copied \(what) to the clipboard; it stays on the page, which cannot change (\(reason))")
        } else if cutting {
            canvas.removeCopied(items)
            say("Cut \(what) to the clipboard")
        } else {
            say("Copied \(what) to the clipboard")
        }
    }

    /// Ctrl+V: this Quire's own copy while the clipboard is still ours, else whatever the clipboard's
    /// owner offers (`X11Window.requestPaste`; its answer comes back as `paste(_:)` or a picture).
    func paste(preferringText: Bool) {
        if !preferringText, window.ownsClipboard, let copied {
            return place(copied)
        }
        window.requestPaste(preferringText: preferringText)
    }

    /// Another Quire's items, as the clipboard carried them.
    func paste(_ bytes: [UInt8]) {
        do {
            place(try CopiedItems(decoding: bytes))
        } catch {
            say("quire: nothing to paste: \(error)")
        }
    }

    /// Before the window closes: a clipboard manager, if one runs, is asked to keep the copy.
    func handOver() {
        guard window.ownsClipboard else { return }
        if window.handClipboardToManager() { say("The clipboard manager keeps what was copied") }
    }

    private func place(_ copy: CopiedItems) {
        guard let first = copy.items.first?.id else { return }
        do {
            try session.storePictures(copy.blobs)
        } catch {
            return say("quire: could not paste: \(FileSystemReason.text(for: error))")
        }
        let times = lastPasted?.first == first ? lastPasted!.times + 1 : 1
        guard canvas.paste(copy.items, repeats: times) else {
            return say("quire: could not paste: the items cannot be placed on this page")
        }
        lastPasted = (first, times)
    }

    private static func name(of items: [PageItem]) -> String {
        guard items.count == 1 else { return "\(items.count) items" }
        switch items[0].content {
        case .scrap: return "the scrap"
        case .image: return "the picture"
        case .text: return "the text box"
        default: return "the item"
        }
    }

    /// What other programs are offered: Quire's own items first (another Quire takes those), then a
    /// picture, then an SVG, and a text box's words.
    static func offer(for copy: CopiedItems) -> ClipboardOffer {
        let blobs = copy.blobs.bytesByID
        let pictures = CopiedItemPictures(copy.items) { id in
            guard let bytes = blobs[id] else { throw ImportError(path: "the clipboard", reason: "picture \(id) was not copied") }
            return bytes
        }
        var kinds = [ClipboardOffer.Kind(type: ClipboardContent.quireItemsType, bytes: ClipboardBytes(later: { try? copy.encoded() }).wait)]
        if let pictures {
            kinds.append(ClipboardOffer.Kind(type: "image/png", bytes: ClipboardBytes(now: { try? pictures.png() }).wait))
            kinds.append(ClipboardOffer.Kind(type: "image/svg+xml", bytes: ClipboardBytes(later: { try? pictures.svg() }).wait))
        }
        let words = copy.items.compactMap { item -> String? in
            if case let .text(text) = item.content { return text.text }
            return nil
        }
        if !words.isEmpty {
            let text = ClipboardBytes(later: { Array(words.joined(separator: "\n").utf8) }).wait
            kinds += ["UTF8_STRING", "text/plain;charset=utf-8"].map { ClipboardOffer.Kind(type: $0, bytes: text) }
        }
        return ClipboardOffer(kinds)
    }
}

/// One kind of a copy's bytes, made once: in the background from the moment of copying (`now`: a
/// picture a program will likely ask for, slow to draw) or when first asked for (`later`). Asking waits
/// for them.
final class ClipboardBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var made: [UInt8]??
    private var make: (@Sendable () -> [UInt8]?)?

    init(now make: @escaping @Sendable () -> [UInt8]?) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let bytes = make()
            condition.lock()
            made = .some(bytes)
            condition.broadcast()
            condition.unlock()
        }
    }

    init(later make: @escaping @Sendable () -> [UInt8]?) {
        self.make = make
    }

    @Sendable func wait() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        if made == nil, let make {
            made = .some(make())
            self.make = nil
        }
        while made == nil { condition.wait() }
        return made!
    }
}
