import ArgumentParser
import QuireApp

/// `quire keys`: every key and gesture Quire knows, from the same table the window acts by and its help
/// overlay (? or F1) shows.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keys", abstract: "List the keyboard shortcuts and gestures.")

    @Flag(help: "Print Markdown tables (as in README.md).")
    var markdown = false

    func run() {
        for section in KeyBinding.Section.allCases {
            print(section == .canvas ? "Drawing:" : "Pages and notebooks:")
            print(markdown ? KeyTable.markdown(section) : KeyTable.text(section))
            print()
        }
        print("Pen, mouse and fingers:")
        if markdown {
            print(KeyTable.gesturesMarkdown)
        } else {
            let width = KeyTable.gestures.map(\.gesture.count).max() ?? 0
            for (gesture, does) in KeyTable.gestures { print(gesture.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + does) }
        }
    }
}
