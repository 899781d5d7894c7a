import ArgumentParser
import Foundation
import QuireApp
import QuireStorage

/// `quire find NOTEBOOK WORDS [--json]`: where words are, in text boxes and in the text of PDF pages.
/// Exits 1 when they are nowhere (as grep does), so scripts can ask.
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find", abstract: "Find words in a notebook's text boxes and PDF pages.",
        discussion: "Any case and accents match (\"cafe\" finds Café). Lists each place: page, text box or PDF page, where on the page (page pixels) and the line. Exits 1 when the words are nowhere.")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Argument(help: "The words to find.") var words: String
    @Flag(help: "Print JSON: a list of {page, pageID, source, x, y, line}.") var json = false
    @OptionGroup var library: LibraryOption

    func validate() throws {
        guard !words.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ValidationError("give the words to find") }
        guard words.count <= 1_000 else { throw ValidationError("the words to find are \(words.count) characters; at most 1000 are looked for") }
    }

    func run() throws {
        let found: [FoundText]
        let path: String
        do {
            let store = try library.openForReading(notebook)
            path = store.path
            // Every page is read: a bar on a terminal for a long notebook.
            var progress: ProgressBar?
            found = try NotebookSearch.find(words, in: store) { done, total in
                if progress == nil { progress = ProgressBar(total: total, label: "pages") }
                progress?.update(done)
            }
            progress?.finish()
            try store.close()
        } catch { fail(error) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(found), as: UTF8.self))
        } else if found.isEmpty {
            print("\"\(words)\" is nowhere in \(path)")
        } else {
            print("\"\(words)\" in \(path), \(found.count) place\(found.count == 1 ? "" : "s"):")
            for place in found {
                let source = place.source == "pdf" ? "PDF page" : "text box"
                print(String(format: "  page %d, %@ at %.0f, %.0f: %@", place.page, source, place.x, place.y, place.line))
            }
        }
        if found.isEmpty { throw ExitCode(1) }
    }
}
