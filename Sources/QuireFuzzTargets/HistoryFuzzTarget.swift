import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage

/// A notebook's stored histories: the case is a step number (its first byte: a step of the page's
/// history below 128, of the notebook's page changes from 128) and the JSON that step is stored as,
/// written into a copy of a notebook whose page has a stroke, a scrap with ink, a move and an undone
/// step, and whose page changes are an added page, a move and an undone deletion; then both histories
/// are read and walked back and forth as the window would, and the file must read the same afterwards.
/// Each seed is one step as stored.
func historyTarget(in folder: String) throws -> FuzzTarget {
    let seedPath = folder + "/history-seed.quire"
    try? FileManager.default.removeItem(atPath: seedPath)
    let store = try NotebookStore.create(at: seedPath, title: "History")
    var page = try store.loadPage(try store.pageIDs()[0])
    let pen = (0..<20).map { i in InputSample(position: Point(20 + Double(i) * 4, 40), pressure: 0.5, time: Double(i) / 100, device: .pen) }
    let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                      transform: Homography(.translation(100, 100)),
                                      items: [.stroke(Stroke(samples: pen, style: .defaults(for: .marker)))])))
    var history = PageHistory()
    func apply(_ edit: PageEdit?) throws {
        guard let edit else { return }
        try page.apply(edit)
        try store.apply(edit, to: page.id)
        history.record(edit)
    }
    try apply(page.adding(Stroke(samples: pen, style: .defaults(for: .pen))))
    try apply(page.adding([scrap]))
    try apply(page.updating([scrap.id]) { item in
        guard case var .scrap(moved) = item.content else { return item }
        moved.transform = moved.transform.concatenating(Homography(.translation(30, 5)))
        return PageItem(id: item.id, .scrap(moved))
    })
    try apply(page.adding(Stroke(samples: pen, style: .defaults(for: .eraser))))
    if let undo = try history.nextUndo(on: page.items) {
        try page.apply(undo.edit)
        try store.apply(undo.edit, to: page.id, history: .undo(kept: undo.kept))
        history.commit(undo)
    }
    // The notebook's page changes: a page added, moved before the first, a page deleted and undone.
    let added = Page()
    try store.apply(.pageIn(added.id, at: 1), history: .record(label: nil, stamp: 1), inserting: [added])
    try store.apply(.pageMoved(added.id, from: 1, to: 0), history: .record(label: nil, stamp: 2))
    try store.apply(.pageOut(page.id, from: 1), history: .record(label: nil, stamp: 3))
    let deletion = try store.notebookHistory()
    if let (edit, kept) = deletion.nextUndo(stamp: 4) { try store.apply(edit, history: .undo(kept: kept)) }
    try store.close()
    let database = try DatabaseQueue(path: seedPath)
    // Seeds: each stored step, as its number (the notebook's page changes from 128) and its own JSON.
    let steps = try database.read { try Data.fetchAll($0, sql: "SELECT edit FROM page_history ORDER BY step") }
    let pageChanges = try database.read { try Data.fetchAll($0, sql: "SELECT edit FROM notebook_step ORDER BY seq") }
    let seeds = steps.enumerated().map { [UInt8($0)] + Array($1) } + pageChanges.enumerated().map { [UInt8(128 + $0)] + Array($1) }
    try database.close()
    let notebook = try Data(contentsOf: URL(fileURLWithPath: seedPath))
    let casePath = folder + "/history-case.quire"
    return FuzzTarget(name: "history", seeds: seeds, protectedPrefix: 1) { bytes in
        guard let first = bytes.first else { return }
        // A page's step `seq` is the row `slot << 32 + seq` of `page_history` (`PageStepRows`).
        let (table, seqColumn) = first < 128 ? ("page_history", "(step & 4294967295)") : ("notebook_step", "seq")
        let seq = Int(first % 128) % (first < 128 ? steps.count : pageChanges.count) + 1
        FuzzTarget.removeNotebook(at: casePath)
        defer { FuzzTarget.removeNotebook(at: casePath) }
        try notebook.write(to: URL(fileURLWithPath: casePath))
        let writer = try DatabaseQueue(path: casePath)
        try writer.write { db in
            try db.execute(sql: "UPDATE \(table) SET edit = ? WHERE \(seqColumn) = ?", arguments: [Data(bytes.dropFirst()), seq])
        }
        try writer.close()
        let before = Array(try Data(contentsOf: URL(fileURLWithPath: casePath)))
        let store = try NotebookStore(openingAt: casePath, readOnly: true)
        defer { try? store.close() }
        var shown = try store.loadPage(page.id)
        var walked = try store.history(of: shown)
        // Back to the first step and forward to the last, as Ctrl+Z and Ctrl+Y would; a step deeper down
        // that does not fit is refused (thrown), never applied to the wrong item.
        while let move = try walked.nextUndo(on: shown.items) {
            try shown.apply(move.edit)
            walked.commit(move)
        }
        while let move = try walked.nextRedo(on: shown.items) {
            try shown.apply(move.edit)
            walked.commit(move)
        }
        for item in shown.items { _ = item.bounds }
        // The page changes likewise, on the notebook's list of pages.
        var pages = try store.pageIDs()
        var changes = try store.notebookHistory()
        while let (edit, kept) = changes.nextUndo() {
            try edit.apply(to: &pages)
            changes.commit(undo: true, kept: kept)
        }
        while let (edit, kept) = changes.nextRedo() {
            try edit.apply(to: &pages)
            changes.commit(undo: false, kept: kept)
        }
        try FuzzTarget.requireUnchanged(casePath, before)
    }
}
