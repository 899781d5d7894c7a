import ArgumentParser
import Foundation
import QuireFuzzTargets

/// `quire-fuzz`: a seeded mutation fuzzer over every loader Quire has (packed samples, input logs, PNG,
/// JPEG, notebook files, PDFs). Each case must be read or refused with an error: a trap or a crash stops the
/// run (the process dies: run again with the same seed and `--save-last` to keep the case), a case that
/// runs past `--timeout` is a hang (reported, exit 3), a read that changes its file or whose peak resident
/// memory passes `--memory-ceiling` is a failure (exit 1; one growing past the ceiling while it runs ends
/// the run at once, exit 4). Each target's line gives its slowest case and its peak resident memory.
/// `make test` runs a short pass; `make fuzz` a long one.
struct QuireFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "quire-fuzz",
                                                    abstract: "Mutation-fuzz every loader of Quire with seeded cases.")

    @Option(help: "Cases per target.") var cases = 2000
    @Option(help: "The seed (the same seed gives the same cases).") var seed: UInt64 = 1
    @Option(help: ArgumentHelp("Only these targets (\(fuzzTargetNames.joined(separator: ", "))), comma-separated.", valueName: "names"))
    var only: String?
    @Option(help: "Seconds a case may take before it counts as a hang.") var timeout = 10.0
    @Option(help: "Megabytes of resident memory no case may pass (the process's own, its code and libraries included).")
    var memoryCeiling = 1536
    @Option(help: ArgumentHelp("Write each case to DIR/last-TARGET before running it (to keep a crashing case).", valueName: "dir"))
    var saveLast: String?
    @Option(help: ArgumentHelp("Write every target's seeds to DIR/TARGET/ (libFuzzer's starting corpus) and stop.", valueName: "dir"))
    var writeSeeds: String?

    func validate() throws {
        guard (1...10_000_000).contains(cases) else { throw ValidationError("--cases must be 1…10000000") }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be 0…3600 seconds") }
        guard (64...1_048_576).contains(memoryCeiling) else { throw ValidationError("--memory-ceiling must be 64…1048576 MB") }
    }

    func run() throws {
        let folder = NSTemporaryDirectory() + "quire-fuzz-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let writeSeeds { return try write(seedsOf: try allTargets(in: folder), to: writeSeeds) }
        let wanted = only.map { Set($0.split(separator: ",").map(String.init)) }
        let targets = try allTargets(in: folder).filter { wanted?.contains($0.name) ?? true }
        guard !targets.isEmpty else { throw ValidationError("no such target; choose from \(fuzzTargetNames.joined(separator: ", "))") }
        let watchdog = Watchdog(limit: timeout, memoryCeiling: Double(memoryCeiling))
        var failures = 0
        for target in targets {
            var mutator = Mutator(seed: seed &+ fnv(target.name))
            var refused = 0, read = 0, changed = 0, overCeiling = 0
            var figures = CaseFigures()
            let start = Date()
            for index in 0..<cases {
                let seedBytes = target.seeds[mutator.below(target.seeds.count)]
                let bytes = target.repair(mutator.mutate(seedBytes, protectedPrefix: target.protectedPrefix))
                if let saveLast { FileManager.default.createFile(atPath: "\(saveLast)/last-\(target.name)", contents: Data(bytes)) }
                watchdog.begin("\(target.name) case \(index) (seed \(seed))")
                CaseFigures.resetPeak()
                let caseStart = DispatchTime.now().uptimeNanoseconds
                do {
                    try target.run(bytes)
                    read += 1
                } catch let problem as FuzzTarget.FileChanged {
                    changed += 1
                    print("FAILED: \(target.name) case \(index) (seed \(seed)): \(problem)")
                } catch {
                    refused += 1
                }
                watchdog.end()
                let peak = figures.note(case: index, seconds: Double(DispatchTime.now().uptimeNanoseconds - caseStart) / 1e9)
                if peak > Double(memoryCeiling) {
                    overCeiling += 1
                    print("FAILED: \(target.name) case \(index) (seed \(seed)): peak resident memory \(Int(peak)) MB, over the "
                          + "\(memoryCeiling) MB ceiling")
                }
            }
            failures += changed + overCeiling
            let seconds = Date().timeIntervalSince(start)
            print("\(target.name): \(cases) cases in \(String(format: "%.1f", seconds)) s — \(read) read, \(refused) refused, "
                  + "\(changed) changed files, \(overCeiling) over \(memoryCeiling) MB, 0 hangs, 0 crashes; \(figures.summary)")
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// Each target's seeds as files, `DIR/TARGET/seed-N`, for a corpus-driven fuzzer to start from. Every
/// seed must be read by its target, not refused: a corpus of refused inputs teaches a fuzzer nothing.
private func write(seedsOf targets: [FuzzTarget], to folder: String) throws {
    for target in targets {
        let directory = folder + "/" + target.name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (index, seed) in target.seeds.enumerated() {
            do {
                try target.run(target.repair(seed))
            } catch {
                throw ValidationError("seed \(index + 1) of \(target.name) is refused by its own target: \(error)")
            }
            try Data(seed).write(to: URL(fileURLWithPath: "\(directory)/seed-\(index + 1)"))
        }
    }
    print("Wrote the seeds of \(targets.count) targets to \(folder)")
}

/// FNV-1a: each target gets its own stream of cases from one seed, the same on every run.
private func fnv(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

/// Ends the process when one case runs too long, or grows past the memory ceiling while it runs: a
/// hang is a failure the run must report, not wait out, and a case taking all the machine's memory
/// must be stopped before the kernel stops something else.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (label: String, started: Date)?
    private let limit: Double
    private let memoryCeiling: Double
    private var thread: Thread?

    init(limit: Double, memoryCeiling: Double) {
        self.limit = limit
        self.memoryCeiling = memoryCeiling
        // The thread holds the watchdog strongly: it runs until the process ends, and an unowned
        // reference read after the run's last use of the watchdog (Swift may release it there, before
        // the summary lines) trapped as a crash of whichever target ran last.
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: min(0.5, self.limit / 4))
                self.lock.lock()
                let running = self.current
                self.lock.unlock()
                if let running, Date().timeIntervalSince(running.started) > self.limit {
                    FileHandle.standardOutput.write(Data("HANG: \(running.label) ran over \(self.limit) s\n".utf8))
                    exit(3)
                }
                let resident = CaseFigures.residentMegabytes("VmRSS:")
                if let running, resident > self.memoryCeiling {
                    FileHandle.standardOutput.write(Data("OVER MEMORY: \(running.label) holds \(Int(resident)) MB, over the \(Int(self.memoryCeiling)) MB ceiling\n".utf8))
                    exit(4)
                }
            }
        }
        self.thread = thread
        thread.start()
    }

    func begin(_ label: String) {
        lock.lock()
        current = (label, Date())
        lock.unlock()
    }

    func end() {
        lock.lock()
        current = nil
        lock.unlock()
    }
}

QuireFuzz.main()
