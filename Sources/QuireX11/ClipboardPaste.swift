import CX11
import Foundation

/// One paste from the CLIPBOARD selection: ask the owner what it offers (TARGETS), pick the best kind
/// Quire can use (another Quire's items, PNG, then JPEG, then a file list, then text; text first while
/// typing into a text box),
/// and fetch it, plainly or incrementally.
final class ClipboardPaste {
    /// The most a paste may bring: far above any photo a person pastes, far below what would hurt.
    static let limit = 256 << 20
    /// How long the owner may stay silent between answers.
    static let patience = 5.0
    /// TARGETS is a list of atoms; a few hundred is already generous.
    private static let targetsLimit = 64 << 10
    /// Text past a text box's 100,000 characters, at four bytes each, is refused before it comes.
    static let textLimit = 400_000
    private static let textKinds = ["UTF8_STRING", "text/plain;charset=utf-8"]

    /// The content, once known; nil while the owner is still being asked.
    private(set) var content: ClipboardContent?

    private let display: OpaquePointer
    private let window: Window
    private let clipboard: Atom
    private let targetsAtom: Atom
    /// The kinds Quire takes, best first.
    private let preferred: [(atom: Atom, name: String)]
    private var transfer: SelectionTransfer?

    /// `preferringText`: text is typed into a box, and text on the clipboard goes before pictures.
    init(display: OpaquePointer, window: Window, property: Atom, preferringText: Bool = false) {
        self.display = display
        self.window = window
        clipboard = XInternAtom(display, "CLIPBOARD", 0)
        targetsAtom = XInternAtom(display, "TARGETS", 0)
        let kinds = [ClipboardContent.quireItemsType, "image/png", "image/jpeg", "text/uri-list"]
        preferred = (preferringText ? Self.textKinds + kinds : kinds + Self.textKinds).map { (XInternAtom(display, $0, 0), $0) }
        guard XGetSelectionOwner(display, clipboard) != 0 else {
            content = .nothing(reason: "the clipboard is empty")
            return
        }
        // CurrentTime: the paste is asked for by the app, which holds no event timestamp here; every
        // owner seen in practice accepts it for CLIPBOARD.
        transfer = SelectionTransfer(display: display, window: window, selection: clipboard, target: targetsAtom,
                                     property: property, time: Time(CurrentTime), limit: Self.targetsLimit,
                                     patience: Self.patience)
    }

    /// When the current step gives up, if a step is under way.
    var deadline: Date? { content == nil ? transfer?.deadline : nil }

    func handle(_ event: XSelectionEvent) {
        guard content == nil, let outcome = transfer?.handle(event) else { return }
        advance(outcome)
    }

    func handle(_ event: XPropertyEvent) {
        guard content == nil, let outcome = transfer?.handle(event) else { return }
        advance(outcome)
    }

    func checkDeadline(now: Date = Date()) {
        guard content == nil, let outcome = transfer?.expired(now: now) else { return }
        advance(outcome)
    }

    private func advance(_ outcome: SelectionTransfer.Outcome) {
        guard let step = transfer else { return }
        switch outcome {
        case let .failed(reason):
            content = .nothing(reason: reason)
        case let .received(value) where step.target == targetsAtom:
            choose(from: value)
        case let .received(value):
            content = Self.content(value, kind: preferred.first { $0.atom == step.target }?.name ?? "")
        }
        if content != nil { transfer = nil }
    }

    /// Picks the best offered kind and asks for it.
    private func choose(from targets: WindowProperty) {
        guard targets.format == 32, !targets.items.isEmpty else {
            content = .nothing(reason: "the clipboard owner did not say what it holds")
            return
        }
        let offered = Set(targets.items.map { Atom($0) })
        guard let best = preferred.first(where: { offered.contains($0.atom) }) else {
            content = .nothing(reason: "the clipboard holds no picture, file or text (only \(names(of: targets.items)))")
            return
        }
        let limit = Self.textKinds.contains(best.name) ? Self.textLimit : Self.limit
        transfer = SelectionTransfer(display: display, window: window, selection: clipboard, target: best.atom,
                                     property: transfer!.property, time: Time(CurrentTime), limit: limit,
                                     patience: Self.patience)
    }

    private static func content(_ value: WindowProperty, kind: String) -> ClipboardContent {
        guard value.format == 8 else {
            return .nothing(reason: "the clipboard's \(kind) came as \(value.format)-bit items, not bytes")
        }
        switch kind {
        case ClipboardContent.quireItemsType: return .quireItems(value.bytes)
        case "image/png": return .png(value.bytes)
        case "image/jpeg": return .jpeg(value.bytes)
        case "text/uri-list": return .files(URIList.entries(in: value.bytes))
        default:
            guard let text = String(validating: value.bytes, as: UTF8.self) else {
                return .nothing(reason: "the clipboard's text is not UTF-8")
            }
            return .text(text)
        }
    }

    /// The offered kinds by name, for a message; atoms the server does not know are skipped (asking for
    /// their names would be an X error).
    private func names(of atoms: [UInt]) -> String {
        var names: [String] = []
        _ = XErrorTrap.catching(display) {
            for atom in atoms.prefix(8) {
                guard let name = XGetAtomName(display, Atom(atom)) else { continue }
                names.append(String(cString: name))
                XFree(name)
            }
        }
        return names.joined(separator: ", ") + (atoms.count > 8 ? ", …" : "")
    }
}
