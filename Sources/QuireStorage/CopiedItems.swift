import Foundation
import QuireDocument

/// Items copied out of a page (Ctrl+C, Ctrl+X) with the pictures and PDFs they show, exactly as they
/// were: a scrap's outline, picture, ink and place. Within one Quire they are kept as they are; between
/// two, over the X clipboard, as `encoded()` bytes, which the pasting Quire reads back with every check a
/// notebook's own rows get (another program wrote them).
///
/// The bytes: the line `QUIRE-ITEMS 1`, the length of a JSON header (4 bytes, little-endian), the
/// header — the items as the history table writes them, and each blob's id, kind and size — then the
/// blobs' bytes one after another, each checked against its id (SHA-256) when read.
public struct CopiedItems: Sendable, Equatable {
    /// Bottom first, as they lay on the page, with the ids they had there.
    public let items: [PageItem]
    /// Every blob the items show.
    public let blobs: [BlobBytes]

    public init(items: [PageItem], blobs: [BlobBytes]) {
        self.items = items
        self.blobs = blobs
    }

    public static func == (lhs: CopiedItems, rhs: CopiedItems) -> Bool {
        lhs.items == rhs.items && lhs.blobs.map(\.id) == rhs.blobs.map(\.id)
    }

    /// Why bytes on the clipboard are not items Quire can paste, in words for the notice line.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    static let magic = Array("QUIRE-ITEMS 1\n".utf8)
    /// Far above a page's worth of ink (the header holds samples packed): a bigger header is damage.
    static let maximumHeader = 64 << 20
    /// More items or blobs than this in one copy is not something a person selected.
    static let maximumItems = 100_000, maximumBlobs = 10_000

    private struct Header: Codable {
        var items: [StoredItem]
        var blobs: [BlobEntry]
    }

    private struct BlobEntry: Codable {
        var id: BlobID
        var kind: String
        var size: Int
    }

    public func encoded() throws -> [UInt8] {
        let header = Header(items: items.map(StoredItem.init),
                            blobs: blobs.map { BlobEntry(id: $0.id, kind: $0.kind.rawValue, size: $0.bytes.count) })
        let json = try JSONEncoder().encode(header)
        var bytes = Self.magic
        bytes.reserveCapacity(Self.magic.count + 4 + json.count + blobs.reduce(0) { $0 + $1.bytes.count })
        bytes += withUnsafeBytes(of: UInt32(json.count).littleEndian, Array.init)
        bytes += json
        for blob in blobs { bytes += blob.bytes }
        return bytes
    }

    /// Reads bytes another Quire put on the clipboard; throws `Problem` naming what is wrong.
    public init(decoding bytes: [UInt8]) throws {
        guard bytes.count >= Self.magic.count + 4, bytes.starts(with: Self.magic) else {
            throw Problem("the clipboard's Quire items do not start as Quire writes them")
        }
        let lengthStart = Self.magic.count
        let length = bytes[lengthStart..<lengthStart + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        let jsonStart = lengthStart + 4
        guard length <= Self.maximumHeader, length <= bytes.count - jsonStart else {
            throw Problem("the clipboard's Quire items are cut short (a header of \(length) bytes in \(bytes.count))")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(bytes[jsonStart..<jsonStart + length]))
        } catch let error as DecodingError {
            throw Problem("the clipboard's Quire items are damaged: \(Self.describe(error))")
        }
        guard header.items.count <= Self.maximumItems, header.blobs.count <= Self.maximumBlobs else {
            throw Problem("the clipboard holds \(header.items.count) items and \(header.blobs.count) pictures, more than a copy can")
        }
        var offset = jsonStart + length
        var blobs: [BlobBytes] = []
        for entry in header.blobs {
            guard let kind = BlobKind(rawValue: entry.kind) else {
                throw Problem("the clipboard's Quire items hold a blob of a kind this Quire does not know (\(entry.kind.prefix(40)))")
            }
            guard entry.size >= 0, entry.size <= NotebookStore.maximumBlobSize, entry.size <= bytes.count - offset else {
                throw Problem("the clipboard's Quire items are cut short (a picture of \(entry.size) bytes, \(bytes.count - offset) left)")
            }
            let blob = BlobBytes(Array(bytes[offset..<offset + entry.size]), kind: kind)
            guard blob.id == entry.id else {
                throw Problem("a picture on the clipboard is not the one its Quire items name (its bytes changed)")
            }
            blobs.append(blob)
            offset += entry.size
        }
        guard offset == bytes.count else {
            throw Problem("the clipboard's Quire items have \(bytes.count - offset) bytes past their end")
        }
        let items = header.items.map(\.item)
        let shown = blobs.map(\.id)
        if let missing = items.blobs.first(where: { !shown.contains($0) }) {
            throw Problem("an item on the clipboard shows a picture that did not come with it (\(missing.rawValue.prefix(12))…)")
        }
        self.items = items
        self.blobs = blobs
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context), let .valueNotFound(_, context):
            context.debugDescription
        @unknown default:
            "\(error)"
        }
    }
}

extension NotebookStore {
    /// `items` as they lie on a page of this notebook, with the blobs they show read from it.
    public func copying(_ items: [PageItem]) throws -> CopiedItems {
        let blobs = try read { db in
            try items.blobs.sorted { $0.rawValue < $1.rawValue }.map { id in
                let (bytes, kind) = try BlobRows.bytes(id, in: db, path: path)
                return BlobBytes(id: id, bytes: bytes, kind: kind)
            }
        }
        return CopiedItems(items: items, blobs: blobs)
    }
}
