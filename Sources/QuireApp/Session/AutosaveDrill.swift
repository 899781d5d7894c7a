import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage

/// What `quire autosave-drill` does: draws numbered strokes into a notebook through the same
/// `Autosaver` the window uses, as fast as a hand, saying "saved N" after each commit. The crash test
/// kills it with SIGKILL at random moments and checks that every stroke it was told is saved is in the
/// file, byte for byte. Stroke N is always the same, so the test can rebuild what it expects.
///
/// With `undoEvery` K, stroke N is undone right after it is drawn when N is a multiple of K, through the
/// page's stored history as the window's Ctrl+Z does ("undid N" after that commit): the history crash
/// test checks that after any kill, undo reverses exactly the last step saved.
public enum AutosaveDrill {
    public static func stroke(number n: Int) -> Stroke {
        let samples = (0..<(30 + n % 50)).map { i -> InputSample in
            let t = Double(i)
            return InputSample(position: Point(Double(n % 20) * 35 + t * 1.5, Double(n / 20 % 30) * 30 + 8 * sin(t / 4 + Double(n))),
                               pressure: 0.2 + Double((n + i) % 7) / 10, tiltX: Double(n % 5), tiltY: -3,
                               time: Double(n) + t / 200, device: .pen)
        }
        return Stroke(samples: samples, style: .defaults(for: InkTool.allCases[n % InkTool.allCases.count]))
    }

    /// Which drill stroke `stroke` is (its first sample's time is its number), or -1.
    public static func number(of stroke: Stroke) -> Int {
        guard let time = stroke.storedSamples.first?.time, time.isFinite else { return -1 }
        return Int(time.rounded(.down))
    }

    /// Appends strokes `first..<first+count` to the notebook's first page; returns when all are saved.
    public static func run(path: String, first: Int, count: Int, pause: TimeInterval, undoEvery: Int = 0,
                           say: @escaping @Sendable (String) -> Void) throws {
        let store = try NotebookStore(openingAt: path)
        if let reason = store.readOnlyReason { throw NotebookFileError.readOnly(path: path, reason: reason) }
        let id = try store.pageIDs()[0]
        var page = try store.loadPage(id)
        var history = try store.history(of: page)
        let autosaver = Autosaver(store: store)
        autosaver.onProblem = { say("problem: \($0)") }
        let lines = LineQueue()
        autosaver.onSaved = { _ in say(lines.next()) }
        for n in first..<(first + count) {
            let edit = page.adding(stroke(number: n))
            try page.apply(edit)
            history.record(edit)
            lines.push("saved \(n)")
            autosaver.submit("stroke \(n)") { try $0.apply(edit, to: id) }
            Thread.sleep(forTimeInterval: pause)
            if undoEvery > 0, n % undoEvery == 0, let move = try history.nextUndo(on: page.items) {
                try page.apply(move.edit)
                history.commit(move)
                lines.push("undid \(n)")
                autosaver.submit("undo \(n)") { try $0.apply(move.edit, to: id, history: .undo(kept: move.kept)) }
                Thread.sleep(forTimeInterval: pause)
            }
        }
        autosaver.flush()
        try store.close()
    }
}

/// What each change says once committed, in submission order, taken off as their commits are reported.
private final class LineQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var taken = 0
    func push(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    func next() -> String {
        lock.lock()
        defer { lock.unlock() }
        taken += 1
        return lines[taken - 1]
    }
}
