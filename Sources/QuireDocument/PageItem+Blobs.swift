/// The stored blobs items show: what a store must hold before it takes an edit, and what the window
/// draws again when a picture arrives.
extension PageItem {
    /// Every blob this item shows, its scrap's own items' included.
    public var blobs: Set<BlobID> {
        switch content {
        case .stroke, .text: []
        case let .scrap(scrap): scrap.items.blobs.union(scrap.image.map { [$0.reference.blob] } ?? [])
        case let .image(image): [image.image.blob]
        case let .pdfPage(pdf): [pdf.document]
        case let .custom(custom): custom.blobs
        }
    }
}

extension Sequence where Element == PageItem {
    public var blobs: Set<BlobID> {
        reduce(into: []) { $0.formUnion($1.blobs) }
    }
}
