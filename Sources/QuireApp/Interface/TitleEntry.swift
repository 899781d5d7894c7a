import Foundation
import QuireStorage
import QuireX11

/// A notebook's title being typed in the notebook list: it starts as the title it had; typed text
/// (UTF-8, whatever the keyboard gives) is added at the end, BackSpace takes a character back, Enter
/// applies, Escape cancels. A title that is empty, too long or one the library could not find again
/// by name is refused where it is typed (the field turns red and says why); nothing typed is fatal.
struct TitleEntry: Equatable {
    /// Longer titles are typed only by mistake, and would not show on a cover; the file name is cut
    /// shorter still (`NotebookLibrary.freePath`).
    static let maximumLength = 100

    /// The notebook being renamed.
    let path: String
    private(set) var text: String
    /// Why the last Enter (or key) was refused; nil while the text is acceptable so far.
    private(set) var refusal: String?

    init(path: String, title: String) {
        self.path = path
        text = String(title.prefix(Self.maximumLength))
    }

    /// What a key did to the entry.
    enum Outcome: Equatable {
        /// The text changed, or the key was refused: the entry goes on.
        case editing
        /// Enter with an acceptable title (trimmed of spaces at its ends): apply it.
        case entered(String)
        case cancelled
    }

    mutating func type(_ key: KeyInput) -> Outcome {
        switch key.keysym {
        case Keysym.escape:
            return .cancelled
        case Keysym.returnKey, Keysym.keypadEnter:
            let title = text.trimmingCharacters(in: .whitespaces)
            if let problem = Self.problem(with: title) {
                refusal = problem
                return .editing
            }
            return .entered(title)
        case Keysym.backspace:
            if !text.isEmpty { text.removeLast() }
            refusal = nil
        default:
            // Control characters (and a modifier alone, which types nothing) are not part of a title.
            let typed = TextEntryKeys.typed(by: key)
            guard !typed.isEmpty, !key.control, !key.alt else { break }
            if text.count + typed.count <= Self.maximumLength {
                text += typed
                refusal = nil
            } else {
                refusal = Self.tooLong
            }
        }
        return .editing
    }

    static let tooLong = "a title has at most \(maximumLength) characters"

    /// Why `title` cannot be a notebook's title, or nil when it can.
    static func problem(with title: String) -> String? {
        if title.trimmingCharacters(in: .whitespaces).isEmpty { return "a title cannot be empty" }
        if title.count > maximumLength { return tooLong }
        do {
            try NotebookLibrary.checkTitle(title)
        } catch let LibraryError.unusableTitle(_, reason) {
            return reason
        } catch {
            return "\(error)"
        }
        return nil
    }
}
