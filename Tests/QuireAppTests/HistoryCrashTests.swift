import Foundation
import GRDB
import QuireApp
import QuireDocument
import QuireStorage
import QuireTestSupport
import XCTest

/// `kill -9` while strokes and undos are saved: the real `quire autosave-drill` draws numbered strokes
/// and undoes every third one through the page's stored history, and is killed at random moments, again
/// and again on the same notebook. After each kill the file passes SQLite's integrity check, holds
/// exactly the steps the drill said were saved (at most the one in flight past them), and undo, read back
/// from the file, reverses exactly the last saved step.
final class HistoryCrashTests: XCTestCase {
    func testSIGKILLWhileEditsAndUndosAreSavedLeavesAHistoryThatUndoesTheLastSavedStep() throws {
        let folder = NSTemporaryDirectory() + "quire-history-crash-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Crash.quire"
        let store = try NotebookStore.create(at: path, title: "Crash")
        let pageID = try store.pageIDs()[0]
        try store.close()

        var generator = SystemRandomNumberGenerator()
        var expected: [Int] = []   // the stroke numbers on the page, bottom first
        var next = 1
        var undosChecked = 0
        let kills = 15
        for round in 0..<kills {
            let drill = try QuireProcess(arguments: ["autosave-drill", path, "--first", "\(next)", "--count", "300",
                                                    "--pause-milliseconds", "1", "--undo-every", "3"], display: "")
            XCTAssertTrue(drill.waitForOutput(containing: "saved \(next)"), "round \(round): \(drill.text)")
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.08, using: &generator))
            drill.kill(SIGKILL)
            XCTAssertTrue(drill.waitForExit())
            XCTAssertFalse(drill.text.contains("problem"), drill.text)
            // The drill's steps in order: stroke n, and its undo when n is a multiple of 3.
            let steps = (next..<(next + 300)).flatMap { n in n % 3 == 0 ? [("saved", n), ("undid", n)] : [("saved", n)] }
            let said = drill.text.split(separator: "\n").compactMap { line -> (String, Int)? in
                let parts = line.split(separator: " ")
                guard parts.count == 2, let n = Int(parts[1]), parts[0] == "saved" || parts[0] == "undid" else { return nil }
                return (String(parts[0]), n)
            }
            XCTAssertTrue(said.elementsEqual(steps.prefix(said.count), by: ==), "round \(round): commits are reported in order")
            func carryOut(_ step: (String, Int)) {
                if step.0 == "saved" { expected.append(step.1) } else { XCTAssertEqual(expected.popLast(), step.1) }
            }
            said.forEach(carryOut)

            let check = try DatabaseQueue(path: path)
            XCTAssertEqual(try check.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }, "ok", "round \(round)")
            try check.close()
            let reopened = try NotebookStore(openingAt: path)
            var page = try reopened.loadPage(pageID)
            // At most the step in flight is there past what was said.
            var onPage = page.items.compactMap { item in item.stroke.map { AutosaveDrill.number(of: $0) } }
            if onPage != expected, said.count < steps.count {
                carryOut(steps[said.count])
            }
            onPage = page.items.compactMap { item in item.stroke.map { AutosaveDrill.number(of: $0) } }
            XCTAssertEqual(onPage, expected, "round \(round): the page holds exactly the saved steps")
            // Undo, as the window would after this restart, takes off the newest stroke still drawn.
            let history = try reopened.history(of: page)
            if let move = try history.nextUndo(on: page.items) {
                try page.apply(move.edit)
                XCTAssertEqual(page.items.compactMap { $0.stroke.map(AutosaveDrill.number(of:)) }, Array(expected.dropLast()),
                               "round \(round): undo reverses the last saved step")
                undosChecked += 1
            } else {
                XCTAssertTrue(expected.isEmpty)
            }
            try reopened.close()
            next += 300
        }
        print("history crash test: \(kills) SIGKILLs, \(expected.count) strokes on the page, \(undosChecked) undos checked")
        XCTAssertEqual(undosChecked, kills)
    }
}
