import Foundation

// libFuzzer's entry point, for `make libfuzz`: this library is built with `-sanitize=fuzzer` as a
// shared object and linked to a program with no code of its own (Tools/libfuzzer-main.swift), whose
// `main` is libFuzzer's. (An executable target cannot be used: SwiftPM points `main` at the module's own
// entry, which clashes with libFuzzer's.) QUIRE_FUZZ_TARGET names the target. The rules are
// `quire-fuzz`'s: a thrown error is a refusal (fine), a trap or a hang is libFuzzer's crash or
// timeout, and a read that changes its file is made a crash so libFuzzer keeps the case.

nonisolated(unsafe) private var chosenTarget: FuzzTarget?

@_cdecl("LLVMFuzzerTestOneInput")
public func libFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let target = chosenTarget ?? chooseTarget()
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try target.run(target.repair(bytes))
    } catch let problem as FuzzTarget.FileChanged {
        fatalError("\(target.name): \(problem)")
    } catch {
        // Refused with an error: the right answer to a bad input.
    }
    return 0
}

private func chooseTarget() -> FuzzTarget {
    let name = ProcessInfo.processInfo.environment["QUIRE_FUZZ_TARGET"] ?? ""
    let folder = NSTemporaryDirectory() + "quire-libfuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    do {
        guard let target = try allTargets(in: folder).first(where: { $0.name == name }) else {
            FileHandle.standardError.write(Data("quire-libfuzz: set QUIRE_FUZZ_TARGET to one of \(fuzzTargetNames.joined(separator: ", ")) (got \"\(name)\")\n".utf8))
            exit(2)
        }
        chosenTarget = target
        return target
    } catch {
        FileHandle.standardError.write(Data("quire-libfuzz: cannot set up the targets in \(folder): \(error)\n".utf8))
        exit(2)
    }
}
