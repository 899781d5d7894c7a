import Foundation
import QuireTestSupport

/// What the benchmarks that run `quire` itself share: `quire` built beside `quire-bench`, a scratch
/// folder of their own, and an Xvfb of their own.
enum QuireRun {
    /// Whether `quire` is beside `quire-bench`; says what to do when it is not.
    static func quireIsBuilt() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: QuireProcess.executablePath) else {
            print("  (no quire beside quire-bench: build it with `swift build -c release --product quire`; not measured)")
            return false
        }
        return true
    }

    /// A new folder for this run, named after the benchmark (the caller removes it).
    static func scratchFolder(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "quire-bench-\(name)-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A 1280×1024 Xvfb, or nil having said why there is none.
    static func server() -> XvfbServer? {
        do {
            return try XvfbServer(width: 1280, height: 1024)
        } catch {
            print("  (\(error); not measured)")
            return nil
        }
    }
}
