import QuireX11

/// What the notebook keys ask for: page and notebook management until the on-canvas UI exists.
public enum NotebookCommand: Equatable, Sendable {
    case nextPage, previousPage
    case deletePage
    case movePageEarlier, movePageLater
    case newNotebook, duplicateNotebook, trashNotebook
    case nextNotebook, previousNotebook
    case copyPageToNextNotebook, movePageToNextNotebook
}

/// The notebook shortcuts (listed in README.md). None takes a key the canvas uses (P M H E, 1–9,
/// Ctrl+E, Ctrl+Q).
public enum NotebookKeys {
    static let pageUp: UInt = 0xff55, pageDown: UInt = 0xff56, delete: UInt = 0xffff

    public static func command(for key: KeyInput) -> NotebookCommand? {
        guard !key.alt else { return nil }
        switch (key.keysym, key.control, key.shift) {
        case (pageDown, false, false): return .nextPage
        case (pageUp, false, false): return .previousPage
        case (pageDown, true, false): return .movePageLater
        case (pageUp, true, false): return .movePageEarlier
        case (pageDown, true, true): return .nextNotebook
        case (pageUp, true, true): return .previousNotebook
        case (delete, true, false): return .deletePage
        case (delete, true, true): return .trashNotebook
        default: break
        }
        guard key.control, let character = key.character.map({ Character($0.lowercased()) }) else { return nil }
        switch (character, key.shift) {
        case ("n", false): return .newNotebook
        case ("d", false): return .duplicateNotebook
        case ("c", true): return .copyPageToNextNotebook
        case ("m", true): return .movePageToNextNotebook
        default: return nil
        }
    }
}
