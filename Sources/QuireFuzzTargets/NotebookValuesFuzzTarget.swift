import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireStorage

/// A notebook whose *values* are hostile, not its bytes: a page of every item kind (a stroke, a photo
/// scrap with ink on it, a placed picture, a PDF page, a text) and its styles, with numbers set to ones
/// that break arithmetic and allocation (10³⁰⁰, 4 × 10⁹, −1, 2³¹ …). The case is a program of three-byte
/// edits: which stored JSON (an item's or a style's) or page column, which of its numbers (every numeric
/// leaf, as SQLite's `json_tree` lists them), which value. The edited copy is opened read-only, every page
/// loaded and its ink drawn by the engines, as `quire info` and `quire export` do: each value is read
/// or refused (`ItemLimits`, `InkLimits`, page sizes), never a trap, a hang or an allocation sized from it.
func notebookValuesTarget(in folder: String) throws -> FuzzTarget {
    let seedPath = folder + "/values-seed.quire"
    try? FileManager.default.removeItem(atPath: seedPath)
    try everyKindNotebook(at: seedPath, folder: folder)
    let casePath = folder + "/values-case.quire"
    // The first is harmless wherever it goes (the seeds use it: a seed must be read); the rest are not.
    let values: [Double] = [1, 1e300, -1e300, 4e9, 2_147_483_648, -2_147_483_649, 1e9, 16_001, -1, 0, 1e-300, 0.5, 65_536]
    let seeds: [[UInt8]] = [[0, 0, 0], [1, 2, 0], [2, 1, 0, 3, 4, 0]]
    return FuzzTarget(name: "notebook-values", seeds: seeds, protectedPrefix: 0) { program in
        FuzzTarget.removeNotebook(at: casePath)
        try FileManager.default.copyItem(atPath: seedPath, toPath: casePath)
        defer { FuzzTarget.removeNotebook(at: casePath) }
        let writer = try DatabaseQueue(path: casePath)
        try writer.write { db in
            for edit in stride(from: 0, to: min(program.count, 24) - 2, by: 3) {
                let value = values[Int(program[edit + 2]) % values.count]
                try setNumber(choice: Int(program[edit]), leaf: Int(program[edit + 1]), to: value, in: db)
            }
        }
        try writer.close()
        try FuzzTarget.readWholeNotebook(at: casePath, holding: Array(try Data(contentsOf: URL(fileURLWithPath: casePath))))
    }
}

/// Sets one number of the notebook: `choice` picks an item row's JSON, a style's JSON or a page's
/// size (in turn), `leaf` which of its numbers.
private func setNumber(choice: Int, leaf: Int, to value: Double, in db: Database) throws {
    // Items are keyed by their id (the table has no rowid), styles by a number.
    let items = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM item WHERE kind <> 'stroke' ORDER BY id")
    let styles = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM style ORDER BY id")
    let rows = items.map { ("item", "data", $0) } + styles.map { ("style", "json", $0) }
    guard choice % (rows.count + 1) < rows.count else {
        // A page's width or height.
        try db.execute(sql: "UPDATE page SET \(leaf % 2 == 0 ? "width" : "height") = ?", arguments: [value])
        return
    }
    let (table, column, row) = rows[choice % (rows.count + 1)]
    let paths = try String.fetchAll(db, sql: """
        SELECT fullkey FROM \(table), json_tree(\(table).\(column)) WHERE \(table).id = ? AND type IN ('integer', 'real')
        """, arguments: [row])
    guard !paths.isEmpty else { return }
    try db.execute(sql: "UPDATE \(table) SET \(column) = json_set(\(column), ?, ?) WHERE id = ?",
                   arguments: [paths[leaf % paths.count], value, row])
}

/// A notebook with one page of every item kind.
private func everyKindNotebook(at path: String, folder: String) throws {
    let store = try NotebookStore.create(at: path, title: "Values", pages: [Page()])
    defer { try? store.close() }
    let pageID = try store.pageIDs()[0]
    var page = try store.loadPage(pageID)
    let pen = (0..<30).map { i in InputSample(position: Point(20 + Double(i) * 4, 40), pressure: 0.5, time: Double(i) / 100, device: .pen) }
    let photo = try store.storeBlob(PNG.encode(RGBAImage(width: 6, height: 4, fill: (200, 120, 40, 255))), kind: .png)
    let reference = ImageReference(blob: photo, pixelWidth: 6, pixelHeight: 4)
    let pdfPath = folder + "/values-seed.pdf"
    try SamplePDF.write([SamplePDF.Page(width: 200, height: 100)], to: pdfPath)
    let pdf = try store.storeBlob(Array(try Data(contentsOf: URL(fileURLWithPath: pdfPath))), kind: .pdf)
    let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                      transform: Homography(.translation(100, 100)),
                                      image: ScrapImage(reference: reference, rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                                      items: [.stroke(Stroke(samples: pen, style: .defaults(for: .marker)))])))
    let edit = page.adding([
        .stroke(Stroke(samples: pen, style: .defaults(for: .pen))), scrap,
        PageItem(.image(PlacedImage(image: reference, corners: Quadrilateral(Rect(x: 300, y: 100, width: 60, height: 40))))),
        PageItem(.pdfPage(PDFPageItem(document: pdf, pageIndex: 0, rect: Rect(x: 0, y: 300, width: 200, height: 100)))),
        PageItem(.text(TextItem(text: "Hello", origin: Point(40, 500)))),
    ])
    try page.apply(edit)
    try store.apply(edit, to: pageID)
}
