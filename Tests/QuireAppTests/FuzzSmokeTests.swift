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
        for target in ["samples", "log", "png", "jpeg", "notebook", "pdf", "xopp"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: fuzzer)
            process.arguments = ["--only", target, "--cases", "1000", "--seed", seed, "--timeout", "20"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let crashed = process.terminationReason == .uncaughtSignal
            XCTAssertFalse(crashed, "\(target) crashed (signal \(process.terminationStatus)) on seed \(seed): \(text.suffix(2000))")
            XCTAssertEqual(process.terminationStatus, 0, "\(target), seed \(seed): \(text.suffix(2000))")
            XCTAssertTrue(text.contains("\(target): 1000 cases"), text)
            print(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
