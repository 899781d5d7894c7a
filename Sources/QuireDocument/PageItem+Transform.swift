import Foundation
import QuireGeometry

/// Moving, turning, scaling or warping items: what the select and stretch tools do to what they hold.
extension PageItem {
    /// The item carried through `map` (page coordinates in, page coordinates out), or nil when part of
    /// it would land on the map's line at infinity. A scrap keeps its own coordinates and composes the
    /// map onto its transform, so its ink and picture move with it; ink on the page has its samples
    /// moved; a placed picture its corners; text and PDF pages their anchor points.
    public func transformed(by map: Homography) -> PageItem? {
        var moved = self
        switch content {
        case var .stroke(stroke):
            var samples = stroke.samples
            for index in samples.indices {
                guard let point = map.apply(samples[index].position) else { return nil }
                samples[index].position = point
            }
            stroke.samples = samples
            moved.content = .stroke(stroke)
        case var .scrap(scrap):
            scrap.transform = scrap.transform.concatenating(map)
            moved.content = .scrap(scrap)
        case var .image(image):
            guard let corners = map.apply(to: image.corners) else { return nil }
            image.corners = corners
            moved.content = .image(image)
        case var .pdfPage(pdf):
            guard let a = map.apply(Point(pdf.rect.minX, pdf.rect.minY)), let b = map.apply(Point(pdf.rect.maxX, pdf.rect.maxY))
            else { return nil }
            pdf.rect = Rect(from: a, to: b)
            moved.content = .pdfPage(pdf)
        case var .text(text):
            // Its first baseline's start is carried, turned and scaled (its size and wrap width with it) as
            // the map turns and scales there.
            guard let origin = map.apply(text.origin), let frame = map.localFrame(at: text.origin),
                  frame.scale.isFinite, frame.scale > 0, text.fontSize * frame.scale <= ItemLimits.maximumFontSize else { return nil }
            let baseline = map.apply(text.origin + Point(cos(text.angle), sin(text.angle))).map { $0 - origin }
            text.origin = origin
            text.fontSize *= frame.scale
            text.wrapWidth = text.wrapWidth.map { $0 * frame.scale }
            if let baseline, baseline.length > 0 { text.angle = Self.angle(atan2(baseline.y, baseline.x)) }
            moved.content = .text(text)
        case let .custom(custom):
            guard let carried = custom.transformed(by: map) else { return nil }
            moved.content = .custom(carried)
        }
        return moved
    }
}

extension Page {
    /// Carries the items named through `map`, as one update edit (its inverse puts each back exactly);
    /// nil when an item is not on the page or would not survive the map.
    public func transforming(_ ids: [ItemID], by map: Homography) -> PageEdit? {
        var failed = false
        let edit = updating(ids) { item in
            guard let moved = item.transformed(by: map) else { failed = true; return item }
            return moved
        }
        return failed ? nil : edit
    }
}

extension PageItem {
    /// `radians` as the nearest angle in -π…π, and exactly 0 when within a millionth of it (a turn there
    /// and back leaves text level, as Xournal++ and the hit test want it).
    static func angle(_ radians: Double) -> Double {
        var a = remainder(radians, 2 * .pi)
        if abs(a) < 1e-6 { a = 0 }
        return a
    }
}
