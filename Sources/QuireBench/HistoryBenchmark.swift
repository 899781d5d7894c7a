import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage

/// A page's stored history: what undo and redo of a cut cost on a 10,000-stroke page (the window's
/// part, on the main thread, and the file's, on the autosave queue), against applying the same cut as
/// a new edit; and opening a 500-page notebook whose pages each keep 1,000 steps, against the same
/// notebook with no history. The bytes a stroke and its step write are the notebook benchmark's
/// "written per stroke" (every append records its step).
let historyBenchmark = Benchmark(name: "history",
                                 summary: "undo/redo of a cut on a 10,000-stroke page; open 500 pages × 1,000 steps") { context in
    let folder = NSTemporaryDirectory() + "quire-bench-history-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try measureCutUndo(folder: folder, context: context)
    try measureOpenWithHistory(folder: folder, context: context)
}

private func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

private func report(_ context: BenchmarkContext, _ label: String, _ times: [Double], target: String? = nil) {
    let sorted = times.sorted()
    context.report("\(label) median", percentile(sorted, 0.5), "ms", target: target)
    context.report("\(label) p99", percentile(sorted, 0.99), "ms", target: target)
}

private func measureCutUndo(folder: String, context: BenchmarkContext) throws {
    // 10,000 strokes of handwriting, a transparent scrap carrying 40 strokes of its own on top.
    var page = Page(strokes: (0..<10_000).map { BenchmarkStrokes.handwriting(seed: $0, samples: 80) })
    let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 300, height: 200)),
                                      transform: Homography(.translation(200, 300)),
                                      items: (0..<40).map { .stroke(BenchmarkStrokes.handwriting(seed: 20_000 + $0, samples: 80)) })))
    try page.apply(page.adding([scrap]))
    let path = folder + "/cut.quire"
    let store = try NotebookStore.create(at: path, title: "Cut", pages: [page])
    defer { try? store.close() }
    try store.prepareEdits(of: page.id)
    let line = try ScissorsPath(points: (0...20).map { Point(340, 280 + Double($0) * 12) }, closingReach: 0)
    let cut = page.cutting(along: line)
    guard let edit = cut.edit else { throw BenchmarkFailure(description: "the benchmark's cut cut nothing: \(cut)") }
    print("  a 10,000-stroke page, a scrap with 40 strokes of its own \(cut.label)")

    // The baseline: the cut applied as a new edit on the page model (and taken back, untimed).
    var baseline: [Double] = []
    for _ in 0..<50 {
        let start = DispatchTime.now().uptimeNanoseconds
        try page.apply(edit)
        baseline.append(milliseconds(since: start))
        try page.apply(edit.inverse)
    }
    var history = PageHistory()
    try page.apply(edit)
    try store.apply(edit, to: page.id, history: .record(label: cut.label))
    history.record(edit, label: cut.label)
    var window: [Double] = [], file: [Double] = []
    for round in 0..<100 {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let move = try (round % 2 == 0 ? history.nextUndo(on: page.items) : history.nextRedo(on: page.items)) else {
            throw BenchmarkFailure(description: "nothing to \(round % 2 == 0 ? "undo" : "redo")")
        }
        try page.apply(move.edit)
        history.commit(move)
        window.append(milliseconds(since: start))
        let saving = DispatchTime.now().uptimeNanoseconds
        try store.apply(move.edit, to: page.id, history: move.direction == .undo ? .undo(kept: move.kept) : .redo(kept: move.kept))
        file.append(milliseconds(since: saving))
    }
    report(context, "baseline: cut applied as a new edit", baseline)
    report(context, "undo/redo, window (main thread)", window, target: "≤ 2 ms")
    report(context, "undo/redo, file (autosave queue)", file)
}

private func measureOpenWithHistory(folder: String, context: BenchmarkContext) throws {
    let path = folder + "/steps.quire"
    let build = DispatchTime.now().uptimeNanoseconds
    let pages = (0..<500).map { pageIndex in
        Page(strokes: (0..<1_000).map { BenchmarkStrokes.handwriting(seed: pageIndex * 1_000 + $0, samples: 10) })
    }
    try NotebookStore.create(at: path, title: "Steps", pages: pages).close()
    context.report("build 500 pages × 1,000 strokes", milliseconds(since: build) / 1000, "s")
    context.report("file size, no history", Double((try? fileSize(path)) ?? 0) / 1e6, "MB")
    print("  baseline: the same notebook with no history")
    try measureNotebookOpenInChild(path)

    // Each stroke's step, as the window records it (its id and place, in the page's order), stamped.
    let database = try DatabaseQueue(path: path)
    try database.write { db in
        let insert = try db.makeStatement(sql: "INSERT INTO page_history(step, undone, label, edit, stamp) VALUES (?, 0, 'stroke', ?, ?)")
        for (slot, page) in zip(Int64(1)..., pages) {
            try db.execute(sql: "UPDATE page SET history_slot = ? WHERE id = ?", arguments: [slot, page.id.rawValue])
            for (index, item) in page.items.enumerated() {
                let row = try NotebookStore.storedHistoryStep(slot: slot, seq: Int64(index + 1), edit: .insert([ItemPlace(item.id, at: index)]))
                try insert.execute(arguments: [row.key, row.edit, 1_800_000_000_000_000 + index])
            }
        }
    }
    try database.close()
    let store = try NotebookStore(openingAt: path, readOnly: true)
    let steps = try store.historyDepths().values.reduce(0) { $0 + $1.undo }
    try store.close()
    print("  with \(steps) steps stored")
    context.report("file size, with history", Double((try? fileSize(path)) ?? 0) / 1e6, "MB")
    try measureNotebookOpenInChild(path)
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}
