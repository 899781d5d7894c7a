import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk

/// Rows of the `item` table: one a page item, in every kind. Ink is its `PackedSamples` blob and a
/// style id, as strokes always were; scraps, images, PDF pages and text are their content as JSON. A
/// scrap's own items are not in its JSON but rows of the same table whose `parent` is the scrap's id, so
/// ink on a scrap is packed samples too, and an edit to a scrap's ink rewrites rows, not a JSON tree.
enum ItemRows {
    /// Scraps inside scraps inside scraps…: deeper than this is a loop in damaged rows, not a drawing.
    static let maximumDepth = 32

    /// What a row holds besides its place and id.
    struct Content {
        var kind: String
        var styleID: Int64?
        var bounds: Rect
        var data: DatabaseValue

        /// The bounds columns `min_x, min_y, max_x, max_y`: NULL for an item with no extent.
        var box: [DatabaseValue] {
            bounds.isNull ? [.null, .null, .null, .null]
                : [bounds.minX.databaseValue, bounds.minY.databaseValue, bounds.maxX.databaseValue, bounds.maxY.databaseValue]
        }
    }

    static func content(of item: PageItem, page: PageID, in db: Database, styles: StyleCache, path: String) throws -> Content {
        let data: DatabaseValue
        var styleID: Int64?
        switch item.content {
        case let .stroke(stroke):
            // Read in place, sample by sample: `stroke.samples` would unpack them all into a new array.
            let samples = stroke.storedSamples
            if let bad = firstUnstorableSample(samples) {
                throw NotebookFileError.editRefused(path: path, page: page.rawValue, reason: """
                    sample \(bad) of stroke \(item.id) has a position, tilt or time that is not a finite number, which \
                    would make the page unreadable
                    """)
            }
            styleID = try styles.id(for: stroke.style, in: db)
            data = Data(PackedSamples.encode(samples)).databaseValue
        case var .scrap(scrap):
            scrap.items = []
            data = try NotebookStore.json(scrap).databaseValue
        case let .image(image): data = try NotebookStore.json(image).databaseValue
        case let .pdfPage(pdf): data = try NotebookStore.json(pdf).databaseValue
        case let .text(text): data = try NotebookStore.json(text).databaseValue
        case let .custom(custom):
            // Rows of a kind no type is registered under could not be read back.
            guard CustomItemKinds.type(named: custom.kindName) != nil else {
                throw NotebookFileError.editRefused(path: path, page: page.rawValue, reason: """
                    item \(item.id) is of the kind "\(custom.kindName)", which is not registered (CustomItemKinds.register)
                    """)
            }
            data = try NotebookStore.json(custom.content).databaseValue
        }
        return Content(kind: item.kind, styleID: styleID, bounds: item.bounds, data: data)
    }

    /// The first sample `PackedSamples` would store as something its decoder refuses (a position, tilt or
    /// time that is NaN or infinite, or too large for the Float32 it is stored as), or nil.
    static func firstUnstorableSample(_ samples: StrokeSamples) -> Int? {
        guard let start = samples.first?.time else { return nil }
        guard start.isFinite else { return 0 }
        return samples.firstIndex { sample in
            !(Float(sample.position.x).isFinite && Float(sample.position.y).isFinite && Float(sample.tiltX).isFinite
              && Float(sample.tiltY).isFinite && Float(sample.time - start).isFinite)
        }
    }

    /// Writes `item` at `position` under `parent` (`ItemKey.onPage`, or a scrap's key), and a scrap's
    /// own items under it.
    static func insert(_ item: PageItem, page: PageID, parent: DatabaseValue, position: Double, revision: Int64,
                       in db: Database, styles: StyleCache, path: String) throws {
        let row = try content(of: item, page: page, in: db, styles: styles, path: path)
        // A cached statement: compiled once per connection, not once per item (a bulk write inserts thousands).
        let statement = try db.cachedStatement(sql: """
            INSERT INTO item(page_id, parent, position, id, kind, revision, style_id, min_x, min_y, max_x, max_y, data)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // Twelve values for its twelve placeholders, always: bound unchecked, since GRDB's check and its
        // generic conversions (a key path looked up per row) cost more than SQLite's insert itself.
        let bounds = row.bounds
        let box: (DatabaseValue, DatabaseValue, DatabaseValue, DatabaseValue) = bounds.isNull ? (.null, .null, .null, .null)
            : (bounds.minX.databaseValue, bounds.minY.databaseValue, bounds.maxX.databaseValue, bounds.maxY.databaseValue)
        statement.setUncheckedArguments([page.rawValue.databaseValue, parent, position.databaseValue, ItemKey.value(item.id),
                                         row.kind.databaseValue, revision.databaseValue, row.styleID.databaseValue,
                                         box.0, box.1, box.2, box.3, row.data])
        try statement.execute()
        try insertChildren(of: item, page: page, revision: revision, in: db, styles: styles, path: path)
    }

    static func insertChildren(of item: PageItem, from first: Int = 0, page: PageID, revision: Int64, in db: Database,
                               styles: StyleCache, path: String) throws {
        guard case let .scrap(scrap) = item.content, first < scrap.items.count else { return }
        let key = ItemKey.value(item.id)
        // A scrap's own items lie at positions 1, 2, … in order (only ever written here).
        for (index, child) in scrap.items.enumerated().dropFirst(first) {
            try insert(child, page: page, parent: key, position: Double(index + 1), revision: revision, in: db, styles: styles,
                       path: path)
        }
    }

    /// Rewrites the page item at `position` as `item` (same id), which was `previous`. A scrap's own
    /// items are rewritten only where they changed: a scrap moved, turned or scaled keeps its ink's rows,
    /// ink that sticks to it adds only the new strokes' rows and undoing that deletes only theirs (so a
    /// stroke drawn on a scrap with a thousand strokes costs one stroke's write, not a thousand).
    static func rewrite(_ item: PageItem, replacing previous: PageItem, page: PageID, position: Double, revision: Int64,
                        in db: Database, styles: StyleCache, path: String) throws {
        let row = try content(of: item, page: page, in: db, styles: styles, path: path)
        let kept = keptChildren(of: item, replacing: previous)
        if let kept {
            // Only plain items go past the kept ones here (see keptChildren): no rows of their own below.
            try db.execute(sql: "DELETE FROM item WHERE page_id = ? AND parent = ? AND position > ?",
                           arguments: [page.rawValue, ItemKey.value(item.id), Double(kept)])
        } else {
            try deleteChildren(of: item.id, page: page, in: db, path: path)
        }
        try db.execute(sql: """
            UPDATE item SET kind = ?, revision = ?, style_id = ?, min_x = ?, min_y = ?, max_x = ?, max_y = ?, data = ?
            WHERE page_id = ? AND parent = 0 AND position = ?
            """, arguments: StatementArguments([row.kind.databaseValue, revision.databaseValue, row.styleID.databaseValue]
                                               + row.box + [row.data, page.rawValue.databaseValue, position.databaseValue]))
        try insertChildren(of: item, from: kept ?? 0, page: page, revision: revision, in: db, styles: styles, path: path)
    }

    /// How many of a scrap's own items stay stored as they are when `previous` becomes `item`: the
    /// items the two share from the start, when one list begins with the whole other and what the old
    /// one had beyond it holds no scrap (whose own rows would need deleting too). Nil: rewrite them all.
    private static func keptChildren(of item: PageItem, replacing previous: PageItem) -> Int? {
        guard item.id == previous.id, case let .scrap(now) = item.content, case let .scrap(before) = previous.content
        else { return nil }
        if now.items.starts(with: before.items) { return before.items.count }
        if before.items.starts(with: now.items),
           !before.items.dropFirst(now.items.count).contains(where: { if case .scrap = $0.content { true } else { false } }) {
            return now.items.count
        }
        return nil
    }

    /// Deletes the rows under the item `id` (a scrap's own items, theirs, …). Nothing for other kinds.
    static func deleteChildren(of id: ItemID, page: PageID, in db: Database, path: String, depth: Int = 0) throws {
        guard depth < maximumDepth else {
            throw NotebookFileError.corrupt(path: path, reason: "the scraps of page \(page) contain each other")
        }
        let key = ItemKey.value(id)
        let scraps = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM item WHERE page_id = ? AND parent = ? AND kind = 'scrap'",
                                                arguments: [page.rawValue, key])
        for scrap in scraps {
            guard let scrapID = ItemKey.id(scrap) else {
                throw NotebookFileError.corrupt(path: path, reason: "an item of page \(page) has no readable id")
            }
            try deleteChildren(of: scrapID, page: page, in: db, path: path, depth: depth + 1)
        }
        try db.execute(sql: "DELETE FROM item WHERE page_id = ? AND parent = ?", arguments: [page.rawValue, key])
    }

    // MARK: Reading

    /// The page's items in order, scraps with their own items. Every row is checked: a damaged one
    /// throws `NotebookFileError.corrupt` naming the page and the item, a missing blob `.missingBlob`.
    static func items(of page: PageID, in db: Database, path: String) throws -> [PageItem] {
        let styles = try styles(of: page, table: "item", in: db, path: path)
        var children: [DatabaseValue: [PageItem]] = [:]
        // In key order: the page's items by position, then each scrap's.
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT parent, id, kind, style_id, data FROM item WHERE page_id = ? ORDER BY parent, position
            """, arguments: [page.rawValue])
        while let row = try cursor.next() {
            let parent: DatabaseValue = row["parent"]
            guard let id = ItemKey.id(row["id"]) else {
                throw NotebookFileError.corrupt(path: path, reason: "an item of page \(page) has no readable id")
            }
            let stored = StoredRow(row: row, table: "item", name: "item \(id) of page \(page)", path: path)
            let kindName = try stored.string("kind")
            func damaged(_ problem: String) -> NotebookFileError {
                .corrupt(path: path, reason: "item \(id) (\(kindName)) of page \(page) \(problem)")
            }
            guard let kind = ItemKind(rawValue: kindName) else { throw damaged("is of a kind this Quire does not know") }
            let content: PageItem.Content
            switch kind {
            case .stroke:
                content = .stroke(try stroke(stored, styleColumn: "style_id", samplesColumn: "data", styles: styles, damaged))
            case .scrap: content = .scrap(try decode(Scrap.self, row, damaged))
            case .image: content = .image(try decode(PlacedImage.self, row, damaged))
            case .pdfPage: content = .pdfPage(try decode(PDFPageItem.self, row, damaged))
            case .text: content = .text(try decode(TextItem.self, row, damaged))
            case let .custom(name):
                guard let type = CustomItemKinds.type(named: name) else { throw damaged("is of a kind this Quire does not know") }
                content = .custom(CustomItem(try decode(type, row, damaged)))
            }
            // Checked against the limits before anything is sized from it (`ItemLimits`).
            if let problem = content.problem { throw damaged("cannot be used: \(problem)") }
            children[parent, default: []].append(PageItem(id: id, content))
        }
        let items = try assemble(children[ItemKey.onPage] ?? [], children: children, page: page, path: path, depth: 0)
        let missing = try BlobRows.missing(items.blobs, in: db)
        if let first = missing.first { throw NotebookFileError.missingBlob(path: path, blob: first.rawValue, page: page.rawValue) }
        return items
    }

    /// The stroke styles the rows of `page` in `table` ("item", or v1's "stroke") name, by id.
    static func styles(of page: PageID, table: String, in db: Database, path: String) throws -> [Int64: StrokeStyle] {
        var styles: [Int64: StrokeStyle] = [:]
        for style in try Row.fetchAll(db, sql: """
            SELECT id, json FROM style WHERE id IN (SELECT DISTINCT style_id FROM \(table) WHERE page_id = ?)
            """, arguments: [page.rawValue]) {
            let row = StoredRow(row: style, table: "style", name: "a stroke style of page \(page)", path: path)
            let id = try row.int64("id")
            let json = try StoredRow(row: style, table: "style", name: "stroke style \(id)", path: path).string("json")
            let decoded: StrokeStyle
            do {
                decoded = try NotebookStore.decodeJSON(StrokeStyle.self, json)
            } catch {
                throw NotebookFileError.corrupt(path: path, reason: "stroke style \(id) does not read (\(error))")
            }
            // Checked here, where the row becomes a value: the renderer and the exporters size their
            // buffers from a style's widths.
            if let problem = decoded.problem {
                throw NotebookFileError.corrupt(path: path, reason: "stroke style \(id) of page \(page) cannot be used: \(problem)")
            }
            styles[id] = decoded
        }
        return styles
    }

    /// A stroke from a row's style id and `PackedSamples` columns, unpacked straight from SQLite's bytes.
    static func stroke(_ row: StoredRow, styleColumn: String, samplesColumn: String, styles: [Int64: StrokeStyle],
                       _ damaged: (String) -> NotebookFileError) throws -> Stroke {
        guard let styleID = try row.optionalInt64(styleColumn), let style = styles[styleID] else { throw damaged("names a missing style") }
        // Packed ink is a blob; anything else in its place (text, a number) is damage, not "no samples".
        switch row[samplesColumn].storage {
        case .blob: break
        case .null: throw damaged("has no ink (\(row.table).\(samplesColumn) is NULL)")
        default: throw damaged("has \(row.table).\(samplesColumn) = \(StoredRow.describe(row[samplesColumn])), which is not packed ink")
        }
        do {
            let samples = try row.row.withUnsafeData(named: samplesColumn) { data -> [InputSample] in
                guard let data else { return [] }
                return try data.withUnsafeBytes { try PackedSamples.decode($0.bindMemory(to: UInt8.self)) }
            }
            return Stroke(samples: samples, style: style)
        } catch {
            throw damaged("has damaged ink: \(error)")
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ row: Row, _ damaged: (String) -> NotebookFileError) throws -> T {
        let data: Data
        switch (row["data"] as DatabaseValue).storage {
        case let .string(text): data = Data(text.utf8)
        case let .blob(bytes): data = bytes
        default: throw damaged("has no content")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw damaged("does not read: \(Self.describe(error))")
        } catch {
            throw damaged("does not read: \(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context),
             let .valueNotFound(_, context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "\(path): ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    private static func assemble(_ items: [PageItem], children: [DatabaseValue: [PageItem]], page: PageID, path: String,
                                 depth: Int) throws -> [PageItem] {
        guard depth < maximumDepth else {
            throw NotebookFileError.corrupt(path: path, reason: "the scraps of page \(page) contain each other")
        }
        return try items.map { item in
            guard case var .scrap(scrap) = item.content else { return item }
            scrap.items = try assemble(children[ItemKey.value(item.id)] ?? [], children: children, page: page, path: path,
                                       depth: depth + 1)
            return PageItem(id: item.id, .scrap(scrap))
        }
    }

    // MARK: Blobs items name

    struct UnknownKind: Error {}

    /// The blobs one stored row names (its JSON only: a scrap's own items are rows of their own). A kind
    /// this Quire does not know throws: what it names is unknown, so nothing may be collected.
    static func blobs(ofRowKind kindName: String, json: Data) throws -> [BlobID] {
        guard let kind = ItemKind(rawValue: kindName) else { throw UnknownKind() }
        let decoder = JSONDecoder()
        switch kind {
        // A stroke row holds samples, not JSON, and names no blob.
        case .stroke, .text: return []
        case .scrap: return (try decoder.decode(Scrap.self, from: json).image?.reference.blob).map { [$0] } ?? []
        case .image: return [try decoder.decode(PlacedImage.self, from: json).image.blob]
        case .pdfPage: return [try decoder.decode(PDFPageItem.self, from: json).document]
        case let .custom(name):
            guard let type = CustomItemKinds.type(named: name) else { throw UnknownKind() }
            return Array(try decoder.decode(type, from: json).blobs)
        }
    }
}
