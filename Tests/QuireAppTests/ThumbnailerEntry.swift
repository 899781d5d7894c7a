import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// `Packaging/desktop/quire.thumbnailer`, run the way a file manager runs it, for the thumbnailer tests.
enum ThumbnailerEntry {
    static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Packaging/desktop")

    /// The entry's keys, as the thumbnailer spec's key file reads them.
    static func entry() throws -> [String: String] {
        let text = try String(contentsOf: packaging.appendingPathComponent("quire.thumbnailer"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "[Thumbnailer Entry]")
        var keys: [String: String] = [:]
        for line in lines.dropFirst() where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            XCTAssertEqual(parts.count, 2, "not a key=value line: \(line)")
            if parts.count == 2 { keys[parts[0]] = parts[1] }
        }
        return keys
    }

    /// Runs the entry's Exec line as a file manager does: `%i` the notebook's path, `%o` the PNG to
    /// write, `%s` the size; `quire` is the one built beside the tests. Returns what it said.
    @discardableResult
    static func run(_ notebook: String, _ output: String, size: Int = 128, status: Int32 = 0,
                    file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let exec = try XCTUnwrap(try entry()["Exec"])
        var words = exec.split(separator: " ").map(String.init)
        XCTAssertEqual(words.first, "quire", "the entry runs \(exec)", file: file, line: line)
        words = words.dropFirst().map { word in
            switch word {
            case "%i": return notebook
            case "%o": return output
            case "%s": return String(size)
            default: return word
            }
        }
        let process = try QuireProcess(arguments: words, display: "")
        guard process.waitForExit(timeout: 30) else {
            process.kill(SIGKILL)
            XCTFail("the thumbnailer hung on \(notebook)", file: file, line: line)
            return process.text
        }
        _ = eventually(timeout: 2) { process.text.isEmpty || process.text.hasSuffix("\n") }
        XCTAssertEqual(process.exitStatus, status, process.text, file: file, line: line)
        return process.text
    }

    /// The names in the notebook's folder but the PNGs written there, and the notebook's bytes: what
    /// "never writes to the notebook" is checked by.
    static func state(of notebook: String) -> ([String], Data?) {
        let folder = (notebook as NSString).deletingLastPathComponent
        return (((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".png") }.sorted(),
                FileManager.default.contents(atPath: notebook))
    }

    /// A notebook `NAME.quire` in `folder` whose Letter page has one thick black stroke from its top left
    /// (80, 100) to its bottom right (730, 950).
    static func inkNotebook(in folder: String, name: String) throws -> String {
        let path = folder + "/\(name).quire"
        let samples = (0...60).map { i -> InputSample in
            let t = Double(i) / 60
            return InputSample(position: Point(80 + 650 * t, 100 + 850 * t), pressure: 1, time: t, device: .pen)
        }
        var style = StrokeStyle.defaults(for: .marker, color: .rgb(.black))
        style.minimumWidth = 24
        style.maximumWidth = 24
        try NotebookStore.create(at: path, title: name, pages: [Page(strokes: [Stroke(samples: samples, style: style)])]).close()
        return path
    }
}
