import QuireGeometry

/// The limits an item read from a notebook is held to (`PageItem.Content.problem`), before the
/// renderer, an exporter or the hit test sizes anything from it. They are far past anything Quire makes
/// itself: a cut scrap's outline, a photo's size, a PDF's pages. A notebook holding more is damaged.
public enum ItemLimits {
    /// Every coordinate of an outline, a picture's rect or corners, a PDF page's rect or a text's origin,
    /// page or scrap pixels either way of zero: 625 Letter pages side by side.
    public static let maximumCoordinate = 10_000_000.0
    /// Path elements in a scrap's outline: cuts along the scissors' longest path (`ScissorsPath.maximumPoints`),
    /// many times over.
    public static let maximumOutlineElements = 1 << 18
    /// A picture's width and height in pixels, as Quire reads pictures (`ImageFile.maximumSide`).
    public static let maximumPictureSide = 32_768
    /// PDF pages are numbered from 0 below this (PDFs of at most 10,000 pages are read: `PDFDocument`).
    public static let maximumPDFPages = 10_000
    /// A text's characters and font size in page pixels.
    public static let maximumTextLength = 1 << 20
    public static let maximumFontSize = 2000.0
}

extension PageItem.Content {
    /// What makes this item unusable, in words for a message (naming the value), or nil. Strokes' styles
    /// and samples are checked where they are read (`StrokeStyle.problem`, `PackedSamples`); a scrap's own
    /// items are rows of their own, each checked as it is read.
    public var problem: String? {
        switch self {
        case .stroke: nil
        case let .scrap(scrap): scrap.problem
        case let .image(image): image.image.problem ?? Self.problem(of: image.corners, "corner")
        case let .pdfPage(pdf):
            (0..<ItemLimits.maximumPDFPages).contains(pdf.pageIndex) ? Self.problem(of: pdf.rect, "rect")
                : "its PDF page number is \(pdf.pageIndex); a PDF's pages are numbered from 0 to \(ItemLimits.maximumPDFPages - 1)"
        case let .text(text): text.problem
        case let .custom(custom): custom.problem
        }
    }

    /// A coordinate that is not a finite number within `ItemLimits.maximumCoordinate`, named.
    static func problem(of value: Double, _ name: String) -> String? {
        guard value.isFinite, abs(value) <= ItemLimits.maximumCoordinate else {
            return "its \(name) is at \(value); coordinates lie within ±\(Int(ItemLimits.maximumCoordinate)) px"
        }
        return nil
    }

    static func problem(of point: Point, _ name: String) -> String? {
        problem(of: point.x, name) ?? problem(of: point.y, name)
    }

    static func problem(of rect: Rect, _ name: String) -> String? {
        guard rect.width >= 0, rect.height >= 0 else { return "its \(name) is \(rect.width)×\(rect.height) px" }
        return problem(of: Point(rect.minX, rect.minY), name) ?? problem(of: Point(rect.maxX, rect.maxY), name)
    }

    static func problem(of quad: Quadrilateral, _ name: String) -> String? {
        quad.corners.lazy.compactMap { problem(of: $0, name) }.first
    }
}

extension Scrap {
    /// An outline too long or off the limits, or a picture that is not one.
    var problem: String? {
        guard outline.elements.count <= ItemLimits.maximumOutlineElements else {
            return "its outline has \(outline.elements.count) parts; at most \(ItemLimits.maximumOutlineElements) are read"
        }
        for element in outline.elements {
            for point in element.points {
                if let problem = PageItem.Content.problem(of: point, "outline") { return problem }
            }
        }
        guard let image else { return nil }
        return image.reference.problem ?? PageItem.Content.problem(of: image.rect, "picture's rect")
    }
}

extension ImageReference {
    /// A size no picture Quire reads has.
    var problem: String? {
        let side = 1...ItemLimits.maximumPictureSide
        guard side.contains(pixelWidth), side.contains(pixelHeight) else {
            return "its picture is \(pixelWidth)×\(pixelHeight) pixels; pictures are 1 to \(ItemLimits.maximumPictureSide) pixels a side"
        }
        return nil
    }
}

extension TextItem {
    var problem: String? {
        guard text.utf8.count <= ItemLimits.maximumTextLength else {
            return "its text is \(text.utf8.count) bytes; at most \(ItemLimits.maximumTextLength) are read"
        }
        guard fontSize.isFinite, fontSize > 0, fontSize <= ItemLimits.maximumFontSize else {
            return "its font size is \(fontSize) px; it must be above 0 and at most \(Int(ItemLimits.maximumFontSize))"
        }
        let parts = [color.red, color.green, color.blue, color.alpha]
        guard parts.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else { return "its colour is \(parts); each part is from 0 to 1" }
        guard angle.isFinite, abs(angle) <= 64 else { return "it is turned \(angle) radians; at most 64 either way are read" }
        if let wrapWidth, !(wrapWidth.isFinite && wrapWidth > 0 && wrapWidth <= ItemLimits.maximumCoordinate) {
            return "its lines wrap at \(wrapWidth) px; it must be above 0 and at most \(Int(ItemLimits.maximumCoordinate))"
        }
        return PageItem.Content.problem(of: origin, "origin")
    }
}
