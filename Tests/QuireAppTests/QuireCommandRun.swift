import Foundation
import QuireTestSupport
import XCTest

/// Runs the built `quire` with `arguments` (and `--library library` when one is given) to its end, as
/// the command-line tests do: a run still going after `timeout` seconds is a failure and is killed.
/// Returns the finished process, its output all read (`waitForExit`).
@discardableResult
func finishedQuire(_ arguments: [String], library: String?, timeout: TimeInterval = 120,
                   file: StaticString = #filePath, line: UInt = #line) throws -> QuireProcess {
    let process = try QuireProcess(arguments: arguments + (library.map { ["--library", $0] } ?? []), display: "")
    if !process.waitForExit(timeout: timeout) {
        XCTFail("quire \(arguments.joined(separator: " ")) still running after \(Int(timeout)) s", file: file, line: line)
        process.kill(SIGKILL)
        _ = process.waitForExit(timeout: 10)
    }
    return process
}

/// Runs the built `quire` against `library` and checks its exit status (64: the argument parser
/// refused the command line); returns what it printed.
@discardableResult
func runQuire(_ arguments: [String], library: String?, status: Int32 = 0, timeout: TimeInterval = 120,
              file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let process = try finishedQuire(arguments, library: library, timeout: timeout, file: file, line: line)
    XCTAssertEqual(process.exitStatus, status, process.text, file: file, line: line)
    return process.text
}
