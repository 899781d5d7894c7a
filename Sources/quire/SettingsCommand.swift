import ArgumentParser
import QuireApp

/// `quire settings`: every line the config file may hold, from the same table the settings are read,
/// checked and written by (`ConfigSettings`).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "List the settings of the config file, with their defaults.",
        discussion: "The file is \(InputSettings.path()) ($XDG_CONFIG_HOME/quire/config): lines of `key = value`, # starts a comment.")

    @Flag(help: "Print a Markdown table (as in README.md).")
    var markdown = false

    func run() {
        print(markdown ? ConfigSettings.markdown() : ConfigSettings.text())
    }
}
