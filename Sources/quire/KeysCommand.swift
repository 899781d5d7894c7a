import ArgumentParser
import QuireApp

/// `quire keys`: every key Quire knows, from the same table the window acts by.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keys", abstract: "List the keyboard shortcuts.")

    @Flag(help: "Print Markdown tables (as in README.md).")
    var markdown = false

    func run() {
        for section in KeyBinding.Section.allCases {
            print(section == .canvas ? "Drawing:" : "Pages and notebooks:")
            print(markdown ? KeyTable.markdown(section) : KeyTable.text(section))
            print()
        }
    }
}
