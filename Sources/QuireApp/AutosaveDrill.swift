import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage

/// What `quire autosave-drill` does: draws numbered strokes into a notebook through the same
/// `Autosaver` the window uses, as fast as a hand, saying "saved N" after each commit. The crash test
/// kills it with SIGKILL at random moments and checks that every stroke it was told is saved is in the
/// file, byte for byte. Stroke N is always the same, so the test can rebuild what it expects.
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

    /// Appends strokes `first..<first+count` to the notebook's first page; returns when all are saved.
    public static func run(path: String, first: Int, count: Int, pause: TimeInterval, say: @escaping @Sendable (String) -> Void) throws {
        let store = try NotebookStore(openingAt: path)
        if let reason = store.readOnlyReason { throw NotebookFileError.readOnly(path: path, reason: reason) }
        let page = try store.pageIDs()[0]
        let autosaver = Autosaver(store: store)
        autosaver.onProblem = { say("problem: \($0)") }
        let numbers = NumberQueue()
        autosaver.onSaved = { _ in say("saved \(numbers.next())") }
        for n in first..<(first + count) {
            let stroke = stroke(number: n)
            numbers.push(n)
            autosaver.submit("stroke \(n)") { try $0.append(stroke, to: page) }
            Thread.sleep(forTimeInterval: pause)
        }
        autosaver.flush()
        try store.close()
    }
}

/// Stroke numbers in submission order, taken off as their commits are reported.
private final class NumberQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [Int] = []
    private var taken = 0
    func push(_ n: Int) { lock.lock(); numbers.append(n); lock.unlock() }
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        taken += 1
        return numbers[taken - 1]
    }
}
