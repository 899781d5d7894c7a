import Foundation
import QuireTestSupport
import XCTest

/// A short pass of `quire-fuzz` over every loader (a few thousand seeded cases; `make fuzz` runs a long
/// one): each case is read or refused, none traps, hangs or changes its file. Seed 1 unless
/// QUIRE_FUZZ_SEED says otherwise (a failure names its seed and case: run `quire-fuzz --seed S
/// --only TARGET --save-last DIR` to keep it).
final class FuzzSmokeTests: XCTestCase {
    private var fuzzer: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("quire-fuzz").path
    }

    func testEveryLoaderReadsOrRefusesMutatedInputWithoutCrashingHangingOrChangingFiles() throws {
        guard FileManager.default.isExecutableFile(atPath: fuzzer) else {
            try Requirement.unmet("quire-fuzz built beside the tests (\(fuzzer)): `swift build` builds it")
        }
        let seed = ProcessInfo.processInfo.environment["QUIRE_FUZZ_SEED"] ?? "1"
        for target in ["samples", "log", "png", "jpeg", "notebook", "notebook-values", "pdf", "pdf-export", "xopp", "text", "clipboard"] {
            let (process, text) = try runFuzzer(["--only", target, "--cases", "1000", "--seed", seed, "--timeout", "20"])
            let crashed = process.terminationReason == .uncaughtSignal
            XCTAssertFalse(crashed, "\(target) crashed (signal \(process.terminationStatus)) on seed \(seed): \(text.suffix(2000))")
            XCTAssertEqual(process.terminationStatus, 0, "\(target), seed \(seed): \(text.suffix(2000))")
            XCTAssertTrue(text.contains("\(target): 1000 cases"), text)
            print(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Runs quire-fuzz with `arguments` to its end; the finished process and what it printed.
    private func runFuzzer(_ arguments: [String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fuzzer)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process, text)
    }

    /// A memory ceiling that makes no sense is refused before any case runs, naming the range.
    func testAnAbsurdMemoryCeilingIsRefused() throws {
        guard FileManager.default.isExecutableFile(atPath: fuzzer) else {
            try Requirement.unmet("quire-fuzz built beside the tests (\(fuzzer)): `swift build` builds it")
        }
        for ceiling in ["0", "-5", "99999999999", "nan"] {
            let (process, text) = try runFuzzer(["--only", "png", "--cases", "1", "--memory-ceiling", ceiling])
            XCTAssertEqual(process.terminationStatus, 64, "--memory-ceiling \(ceiling): \(text)")
            XCTAssertFalse(text.contains("cases in"), "no case runs with --memory-ceiling \(ceiling): \(text)")
        }
    }

    /// The corpus `make libfuzz` starts from is made here, by the tests, beside the build
    /// (`.build/fuzz-corpus/TARGET/seed-N`): every target's seeds, each one read by its own target.
    func testTheTestsMakeTheFuzzCorpusFromSeedsEveryTargetReads() throws {
        guard FileManager.default.isExecutableFile(atPath: fuzzer) else {
            try Requirement.unmet("quire-fuzz built beside the tests (\(fuzzer)): `swift build` builds it")
        }
        // .build/debug/quire-fuzz → .build/fuzz-corpus
        let corpus = URL(fileURLWithPath: fuzzer).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fuzz-corpus").path
        let (process, text) = try runFuzzer(["--write-seeds", corpus])
        XCTAssertEqual(process.terminationStatus, 0, text)
        for target in ["samples", "log", "png", "jpeg", "notebook", "notebook-values", "pdf", "pdf-export", "xopp", "text", "clipboard"] {
            let seeds = (try? FileManager.default.contentsOfDirectory(atPath: corpus + "/" + target)) ?? []
            XCTAssertFalse(seeds.isEmpty, "no seeds for \(target) in \(corpus)")
            for seed in seeds {
                let attributes = try FileManager.default.attributesOfItem(atPath: "\(corpus)/\(target)/\(seed)")
                XCTAssertGreaterThan((attributes[.size] as? NSNumber)?.intValue ?? 0, 0, "\(target)/\(seed) is empty")
            }
        }
    }
}
