import ArgumentParser
import Foundation

struct QuireBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quire-bench",
        abstract: "Measures Quire's engines and prints figures (build with -c release).")

    @Option(help: "A pen-samples/1 JSON file of recorded handwriting, for the ink benchmarks.")
    var handwriting: String?

    @Option(help: "Run only the benchmark of this name, or when none has it, those whose name contains it.")
    var only: String?

    @Flag(help: "List the benchmarks and exit.")
    var list = false

    /// The notebook benchmark runs its open measurement in a fresh process through this.
    @Option(help: .hidden)
    var openNotebook: String?

    func run() throws {
        if let openNotebook { return try measureNotebookOpen(path: openNotebook) }
        if list {
            for b in allBenchmarks { print("\(b.name): \(b.summary)") }
            return
        }
        #if DEBUG
        print("warning: a debug build; figures are only meaningful from `swift run -c release quire-bench`")
        #endif
        let context = BenchmarkContext(handwritingPath: handwriting)
        // An exact name runs that one alone ("export" would otherwise also run "pdf-export").
        let exact = allBenchmarks.filter { $0.name == only }
        let chosen = exact.isEmpty ? allBenchmarks.filter { only == nil || $0.name.contains(only!) } : exact
        if chosen.isEmpty { throw ValidationError("no benchmark matches '\(only ?? "")'; see --list") }
        for b in chosen {
            print("\(b.name) — \(b.summary)")
            try b.run(context)
            fflush(nil)
        }
    }
}

QuireBenchCommand.main()
