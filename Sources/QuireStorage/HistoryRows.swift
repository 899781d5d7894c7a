import Foundation
import GRDB
import QuireDocument
import QuireInk

/// Rows of the `history_step` table: one a step of a page's history (`HistoryEdit`), as JSON. Items the
/// step keeps by value are written as the `item` table holds them: a stroke's samples packed (base64
/// in the JSON), its style inline; a scrap without its own items, which follow as items of their own;
/// other kinds as their JSON. Items the page still holds are only their id and place.
enum HistoryRows {
    /// Deeper than this (combined edits in combined edits, scraps in scraps) is damage, not an edit.
    static let maximumDepth = 64

    /// Nearly every step is one item put in (a stroke): that is 21 bytes, the mark 1, the item's UUID and
    /// its place (UInt32, little-endian), so the row stays in its b-tree leaf (`SchemaV3Migration`).
    /// Every other step is JSON, which starts with `{`.
    static let oneInsertion: UInt8 = 1

    static func encode(_ edit: HistoryEdit) throws -> Data {
        if case let .insert(places) = edit, places.count == 1, let id = ItemKey.uuidBytes(places[0].id.rawValue),
           let index = UInt32(exactly: places[0].index) {
            return Data([oneInsertion] + id + withUnsafeBytes(of: index.littleEndian, Array.init))
        }
        return try JSONEncoder().encode(StoredEdit(edit))
    }

    static func decode(_ data: Data) throws -> HistoryEdit {
        if data.first == oneInsertion {
            guard data.count == 21 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a one-item step of \(data.count) bytes, not 21"))
            }
            let bytes = [UInt8](data)
            let index = bytes[17..<21].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard index <= StoredPlace.largestIndex else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "position \(index) is not on a page"))
            }
            return .insert([ItemPlace(ItemID(ItemKey.uuidString(Data(bytes[1..<17]))), at: index)])
        }
        return try JSONDecoder().decode(StoredEdit.self, from: data).edit
    }

    /// The blobs a step keeps alive (a removed photo's bytes), as the `blobs` column lists them: ids
    /// separated by spaces, NULL when none.
    static func blobColumn(_ edit: HistoryEdit) -> String? {
        let blobs = edit.keptItems.blobs.map(\.rawValue).sorted()
        return blobs.isEmpty ? nil : blobs.joined(separator: " ")
    }

    static func checkDepth(_ decoder: Decoder) throws {
        guard decoder.codingPath.count <= maximumDepth * 4 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "nested too deeply"))
        }
    }
}

/// A `HistoryEdit` as JSON: one key naming the kind of step.
private struct StoredEdit: Codable {
    let edit: HistoryEdit

    init(_ edit: HistoryEdit) { self.edit = edit }

    private enum Key: String, CodingKey { case insert, remove, replace, update, reorder, combined }
    private enum PartKey: String, CodingKey { case id, at, item, before, removed, inserted, from, to }

    init(from decoder: Decoder) throws {
        try HistoryRows.checkDepth(decoder)
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a step names one kind of edit"))
        }
        switch key {
        case .insert: edit = .insert(try container.decode([StoredPlace].self, forKey: key).map(\.place))
        case .remove: edit = .remove(try container.decode([StoredPlacedItem].self, forKey: key).map(\.placed))
        case .replace:
            let parts = try container.nestedContainer(keyedBy: PartKey.self, forKey: key)
            edit = .replace(removed: try parts.decode([StoredPlacedItem].self, forKey: .removed).map(\.placed),
                            inserted: try parts.decode([StoredPlace].self, forKey: .inserted).map(\.place))
        case .update: edit = .update(try container.decode([StoredBefore].self, forKey: key).map(\.change))
        case .reorder:
            let parts = try container.nestedContainer(keyedBy: PartKey.self, forKey: key)
            edit = .reorder(try parts.decode(ItemID.self, forKey: .id), from: try StoredPlace.index(parts, .from),
                            to: try StoredPlace.index(parts, .to))
        case .combined: edit = .combined(try container.decode([StoredEdit].self, forKey: key).map(\.edit))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch edit {
        case let .insert(places): try container.encode(places.map(StoredPlace.init), forKey: .insert)
        case let .remove(items): try container.encode(items.map(StoredPlacedItem.init), forKey: .remove)
        case let .replace(removed, inserted):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: .replace)
            try parts.encode(removed.map(StoredPlacedItem.init), forKey: .removed)
            try parts.encode(inserted.map(StoredPlace.init), forKey: .inserted)
        case let .update(changes): try container.encode(changes.map(StoredBefore.init), forKey: .update)
        case let .reorder(id, from, to):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: .reorder)
            try parts.encode(id, forKey: .id)
            try parts.encode(from, forKey: .from)
            try parts.encode(to, forKey: .to)
        case let .combined(edits): try container.encode(edits.map(StoredEdit.init), forKey: .combined)
        }
    }
}

struct StoredPlace: Codable {
    let place: ItemPlace
    init(_ place: ItemPlace) { self.place = place }

    private enum Key: String, CodingKey { case id, at }

    /// A position on a page: a page holds far fewer items than this (a stroke is at least a tap).
    static let largestIndex = 100_000_000

    static func index<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Int {
        let index = try container.decode(Int.self, forKey: key)
        guard (0...largestIndex).contains(index) else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: "position \(index) is not on a page"))
        }
        return index
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        place = ItemPlace(try container.decode(ItemID.self, forKey: .id), at: try Self.index(container, .at))
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(place.id, forKey: .id)
        try container.encode(place.index, forKey: .at)
    }
}

private struct StoredPlacedItem: Codable {
    let placed: PlacedItem
    init(_ placed: PlacedItem) { self.placed = placed }

    private enum Key: String, CodingKey { case at, item }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        placed = PlacedItem(try container.decode(StoredItem.self, forKey: .item).item, at: try StoredPlace.index(container, .at))
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(placed.index, forKey: .at)
        try container.encode(StoredItem(placed.item), forKey: .item)
    }
}

private struct StoredBefore: Codable {
    let change: ItemBefore
    init(_ change: ItemBefore) { self.change = change }

    private enum Key: String, CodingKey { case at, before, shared }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let shared = try container.decodeIfPresent(Int.self, forKey: .shared) ?? 0
        guard (0...StoredPlace.largestIndex).contains(shared) else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [Key.shared], debugDescription: "\(shared) shared items"))
        }
        change = ItemBefore(index: try StoredPlace.index(container, .at), before: try container.decode(StoredItem.self, forKey: .before).item,
                            sharedItems: shared)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(change.index, forKey: .at)
        try container.encode(StoredItem(change.before), forKey: .before)
        if change.sharedItems > 0 { try container.encode(change.sharedItems, forKey: .shared) }
    }
}

/// A page item by value, as compact as the `item` table keeps it.
struct StoredItem: Codable {
    let item: PageItem
    init(_ item: PageItem) { self.item = item }

    private enum Key: String, CodingKey { case id, kind, style, samples, content, items }

    init(from decoder: Decoder) throws {
        try HistoryRows.checkDepth(decoder)
        let container = try decoder.container(keyedBy: Key.self)
        let id = try container.decode(ItemID.self, forKey: .id)
        let kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = ItemKind(rawValue: kindName) else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [Key.kind], debugDescription: "an item of a kind this Quire does not know (\(kindName))"))
        }
        switch kind {
        case .stroke:
            let packed = try container.decode(Data.self, forKey: .samples)
            let samples: [InputSample]
            do {
                samples = try PackedSamples.decode([UInt8](packed))
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [Key.samples], debugDescription: "damaged ink: \(error)"))
            }
            let style = try container.decode(StrokeStyle.self, forKey: .style)
            if let problem = style.problem {
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [Key.style], debugDescription: "a stroke style that cannot be used: \(problem)"))
            }
            item = PageItem(id: id, .stroke(Stroke(samples: samples, style: style)))
        case .scrap:
            var scrap = try container.decode(Scrap.self, forKey: .content)
            scrap.items = try container.decode([StoredItem].self, forKey: .items).map(\.item)
            item = PageItem(id: id, .scrap(scrap))
        case .image: item = PageItem(id: id, .image(try container.decode(PlacedImage.self, forKey: .content)))
        case .pdfPage: item = PageItem(id: id, .pdfPage(try container.decode(PDFPageItem.self, forKey: .content)))
        case .text: item = PageItem(id: id, .text(try container.decode(TextItem.self, forKey: .content)))
        case let .custom(name):
            item = PageItem(id: id, .custom(try CustomItem.decode(kind: name, from: container.superDecoder(forKey: .content))))
        }
        if let problem = item.content.problem {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [Key.content], debugDescription: "an item that cannot be used: \(problem)"))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(item.id, forKey: .id)
        try container.encode(item.kind, forKey: .kind)
        switch item.content {
        case let .stroke(stroke):
            try container.encode(Data(PackedSamples.encode(stroke.storedSamples)), forKey: .samples)
            try container.encode(stroke.style, forKey: .style)
        case var .scrap(scrap):
            let own = scrap.items
            scrap.items = []
            try container.encode(scrap, forKey: .content)
            try container.encode(own.map(StoredItem.init), forKey: .items)
        case let .image(image): try container.encode(image, forKey: .content)
        case let .pdfPage(pdf): try container.encode(pdf, forKey: .content)
        case let .text(text): try container.encode(text, forKey: .content)
        case let .custom(custom): try custom.encodeContent(to: container.superEncoder(forKey: .content))
        }
    }
}
