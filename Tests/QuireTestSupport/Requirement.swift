import Foundation
import XCTest

/// Tests that need a real X server or real GL either run or say exactly why they did not. Plain
/// `swift test` skips them where the machine lacks the pieces; `make test` sets QUIRE_REQUIRE_ALL=1 so a
/// missing piece is a failure, never a silent skip.
public enum Requirement {
    public static var everythingRequired: Bool {
        ProcessInfo.processInfo.environment["QUIRE_REQUIRE_ALL"] == "1"
    }

    /// Throws `XCTSkip` (or, under `make test`, a failure) naming what is missing and how to get it.
    public static func unmet(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws -> Never {
        let message = "\(what) — run `make test`, which installs and starts what the tests need"
        if everythingRequired {
            XCTFail("required but unavailable: \(message)", file: file, line: line)
            throw XCTSkip("failed above: \(what)")
        }
        throw XCTSkip(message)
    }

    /// The path of an executable on PATH, or nil.
    public static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
