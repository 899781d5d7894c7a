import ArgumentParser
import Foundation
import QuireDocument
import QuireStorage

/// `quire pages move|copy|add|delete`: pages within and between notebooks, ink and all.
struct PagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pages", abstract: "Move, copy, add and delete pages.",
                                                    subcommands: [Move.self, Copy.self, Add.self, Delete.self])

    struct Transfer: ParsableArguments {
        @Argument(help: "The notebook the page is in, by title or path.") var notebook: String
        @Argument(help: "The page: its number (1 is the first) or its id.") var page: String
        @Option(help: ArgumentHelp("The notebook to put it in (default: the same one).", valueName: "notebook")) var to: String?
        @Option(help: ArgumentHelp("Its page number there (default: after the last).", valueName: "number")) var at: Int?
        @OptionGroup var library: LibraryOption

        func run(move: Bool) {
            do {
                let source = try library.openForWriting(notebook)
                let id = try pageID(page, in: source)
                let sameNotebook = try to == nil || library.library.resolve(to!) == source.path
                let target = sameNotebook ? source : try library.openForWriting(to!)
                if let at, at < 1 { throw ValidationError("--at counts from 1") }
                let placed = try source.transferPage(id, to: target, at: at.map { $0 - 1 }, move: move)
                let number = (try target.pageIDs().firstIndex(of: placed) ?? 0) + 1
                print("\(move ? "Moved" : "Copied") page \(page) of \(try source.title) to page \(number) of \(try target.title)")
                try source.close()
                if !sameNotebook { try target.close() }
            } catch { fail(error) }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move a page to another place or notebook.")
        @OptionGroup var transfer: Transfer
        func run() { transfer.run(move: true) }
    }

    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Copy a page, ink and all, to another place or notebook.")
        @OptionGroup var transfer: Transfer
        func run() { transfer.run(move: false) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a blank page.")
        @Argument(help: "The notebook, by title or path.") var notebook: String
        @Option(help: ArgumentHelp("Its page number (default: after the last).", valueName: "number")) var at: Int?
        @Option(help: ArgumentHelp("blank, ruled, grid or dotted.", valueName: "pattern")) var background: String = "blank"
        @OptionGroup var library: LibraryOption

        func run() throws {
            guard let pattern = PageBackground.Pattern(rawValue: background) else {
                throw ValidationError("--background wants blank, ruled, grid or dotted; got '\(background)'")
            }
            do {
                let store = try library.openForWriting(notebook)
                let size = try store.pageIDs().first.map { try store.loadPage($0).size } ?? .letter
                try store.insertPage(Page(size: size, background: PageBackground(pattern: pattern)), at: at.map { $0 - 1 })
                print("\(try store.title) has \(counted(try store.pageIDs().count, "page"))")
                try store.close()
            } catch { fail(error) }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a page and its ink.")
        @Argument(help: "The notebook, by title or path.") var notebook: String
        @Argument(help: "The page: its number or its id.") var page: String
        @OptionGroup var library: LibraryOption

        func run() throws {
            do {
                let store = try library.openForWriting(notebook)
                try store.deletePage(try pageID(page, in: store))
                print("\(try store.title) has \(counted(try store.pageIDs().count, "page"))")
                try store.close()
            } catch { fail(error) }
        }
    }
}
