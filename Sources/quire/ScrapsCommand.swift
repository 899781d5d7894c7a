import ArgumentParser
import Foundation
import QuireDocument
import QuireGeometry
import QuireStorage

/// `quire scraps list|delete|move|front`: the scraps on a notebook's pages, changed through the same
/// page edits the window makes.
struct ScrapsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scraps", abstract: "List, move, turn, scale and delete scraps.",
                                                    subcommands: [List.self, Delete.self, Move.self, Front.self])

    /// Scrap ids are long; a unique beginning of at least this many characters names one too.
    static let shortestPrefix = 4

    /// The scrap `name` names (its id, or a unique beginning of it) and the page it lies on.
    static func find(_ name: String, in store: NotebookStore) throws -> (page: Page, number: Int, index: Int) {
        let name = name.lowercased()
        guard name.count >= shortestPrefix else {
            throw ValidationError("a scrap is named by its id or its first \(shortestPrefix) or more characters; "
                                  + "`quire scraps list` shows them")
        }
        var found: [(page: Page, number: Int, index: Int)] = []
        for (number, summary) in try store.summary().pages.enumerated() where (summary.itemCounts["scrap"] ?? 0) > 0 {
            let page = try store.loadPage(summary.id)
            for (index, item) in page.items.enumerated() where item.itemKind == .scrap && item.id.rawValue.hasPrefix(name) {
                if item.id.rawValue == name { return (page, number + 1, index) }
                found.append((page, number + 1, index))
            }
        }
        guard let only = found.first else {
            throw ValidationError("\(store.path) has no scrap '\(name)'; `quire scraps list` shows its scraps")
        }
        guard found.count == 1 else {
            throw ValidationError("'\(name)' begins the ids of \(found.count) scraps; give more of the id")
        }
        return only
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the scraps, page by page, bottom first.")
        @Argument(help: "The notebook, by title or path.") var notebook: String
        @Option(help: ArgumentHelp("Only this page: its number or id.", valueName: "page")) var page: String?
        @OptionGroup var library: LibraryOption

        func run() throws {
            do {
                let store = try library.openForReading(notebook)
                defer { try? store.close() }
                let only = try page.map { try pageID($0, in: store) }
                var count = 0
                for (number, summary) in try store.summary().pages.enumerated() where only == nil || summary.id == only {
                    let scraps = (summary.itemCounts["scrap"] ?? 0) > 0 ? ScrapReport.all(on: try store.loadPage(summary.id)) : []
                    if scraps.isEmpty && only == nil { continue }
                    print("page \(number + 1): \(counted(scraps.count, "scrap"))")
                    for scrap in scraps { print("  \(scrap.line)") }
                    count += scraps.count
                }
                if count == 0 && only == nil { print("\(try store.title) has no scraps; `quire import` puts pictures on a page") }
            } catch { fail(error) }
        }
    }

    /// Finds `scrap` in `notebook`, applies the edit `change` makes of it (none: nothing to do) and
    /// prints what it says; errors are reported as every command reports them.
    static func edit(_ scrap: String, in notebook: String, library: LibraryOption,
                     _ change: (Page, ItemID, Int, String) -> (PageEdit?, String)) {
        do {
            let store = try library.openForWriting(notebook)
            let (page, number, index) = try find(scrap, in: store)
            let (edit, message) = change(page, page.items[index].id, number, try store.title)
            if let edit { try store.apply(edit, to: page.id) }
            print(message)
            try store.close()
        } catch { fail(error) }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a scrap, and the ink on it, off its page.")
        @Argument(help: "The notebook, by title or path.") var notebook: String
        @Argument(help: ArgumentHelp("The scrap's id (or its first few characters).", valueName: "scrap-id")) var scrap: String
        @OptionGroup var library: LibraryOption

        func run() throws {
            ScrapsCommand.edit(scrap, in: notebook, library: library) { page, id, number, title in
                (page.removing([id]), "Deleted scrap \(id) from page \(number) of \(title)")
            }
        }
    }

    struct Front: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bring a scrap to the top of its page's stacking order.")
        @Argument(help: "The notebook, by title or path.") var notebook: String
        @Argument(help: ArgumentHelp("The scrap's id (or its first few characters).", valueName: "scrap-id")) var scrap: String
        @OptionGroup var library: LibraryOption

        func run() throws {
            ScrapsCommand.edit(scrap, in: notebook, library: library) { page, id, number, title in
                let edit = page.moving(id, to: page.items.count - 1)
                return (edit, edit == nil ? "Scrap \(id) is already on top of page \(number) of \(title)"
                                          : "Brought scrap \(id) to the top of page \(number) of \(title)")
            }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move, turn or scale a scrap (about its centre), with the ink on it.",
            discussion: """
                Scaling and turning happen about the centre of the area the scrap covers, then the move. \
                Negative values may be written --by=-20,10 or --by -20,10.
                """)
        @Argument(help: "The notebook, by title or path.") var notebook: String
        @Argument(help: ArgumentHelp("The scrap's id (or its first few characters).", valueName: "scrap-id")) var scrap: String
        @Option(parsing: .unconditional,
                help: ArgumentHelp("Page pixels right and down, each within ±\(Int(Self.largestMove)).", valueName: "dx,dy"))
        var by: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("Degrees clockwise, -360 to 360.", valueName: "degrees"))
        var rotate: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("Size factor, \(Self.scales.lowerBound) to \(Int(Self.scales.upperBound)).",
                                                            valueName: "factor"))
        var scale: String?
        @OptionGroup var library: LibraryOption

        static let largestMove = 100_000.0
        static let scales = 0.01...100.0

        /// The three checked numbers: a value that is not a finite number in its range is refused with
        /// the option's name, before the notebook is opened.
        func parsed() throws -> (dx: Double, dy: Double, degrees: Double, factor: Double) {
            guard by != nil || rotate != nil || scale != nil else {
                throw ValidationError("say what to do: --by DX,DY, --rotate DEGREES and/or --scale FACTOR")
            }
            var (dx, dy) = (0.0, 0.0)
            if let by {
                let parts = by.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite,
                      abs(x) <= Self.largestMove, abs(y) <= Self.largestMove else {
                    throw ValidationError("--by wants two numbers DX,DY within ±\(Int(Self.largestMove)), like 40,-25; got '\(by)'")
                }
                (dx, dy) = (x, y)
            }
            var degrees = 0.0
            if let rotate {
                guard let value = Double(rotate), value.isFinite, abs(value) <= 360 else {
                    throw ValidationError("--rotate wants degrees from -360 to 360; got '\(rotate)'")
                }
                degrees = value
            }
            var factor = 1.0
            if let scale {
                guard let value = Double(scale), value.isFinite, Self.scales.contains(value) else {
                    throw ValidationError("--scale wants a factor from \(Self.scales.lowerBound) to \(Int(Self.scales.upperBound)); got '\(scale)'")
                }
                factor = value
            }
            return (dx, dy, degrees, factor)
        }

        func validate() throws { _ = try parsed() }

        func run() throws {
            do {
                let (dx, dy, degrees, factor) = try parsed()
                let store = try library.openForWriting(notebook)
                let (page, number, index) = try ScrapsCommand.find(scrap, in: store)
                let item = page.items[index]
                let centre = item.bounds.center
                // Page y runs down, so a positive angle turns clockwise as seen.
                let map = AffineTransform.translation(-centre.x, -centre.y)
                    .concatenating(.scale(factor, factor))
                    .concatenating(.rotation(degrees * .pi / 180))
                    .concatenating(.translation(centre.x + dx, centre.y + dy))
                guard let edit = page.transforming([item.id], by: Homography(map)),
                      let moved = edit.itemsAfter.first, !moved.bounds.isNull,
                      [moved.bounds.minX, moved.bounds.minY, moved.bounds.maxX, moved.bounds.maxY].allSatisfy(\.isFinite)
                else {
                    throw ValidationError("that would carry scrap \(item.id) off to infinity; nothing was changed")
                }
                try store.apply(edit, to: page.id)
                let b = moved.bounds
                print(String(format: "Moved scrap %@ on page %d of %@: now at %.0f,%.0f %.0f×%.0f", item.id.rawValue, number,
                             try store.title, b.minX, b.minY, b.width, b.height))
                try store.close()
            } catch { fail(error) }
        }
    }
}
