import ArgumentParser

/// The pages an export takes, as people write them: `3`, `1-5`, `2,4,7-9`, `10-` (to the end). Parsed
/// and checked against the notebook's page count before anything is written, so a range past the end
/// is a usage error naming the pages there are, not a shorter file.
struct PageRange: Equatable {
    /// 1-based, inclusive; `last` nil means the notebook's last page.
    struct Span: Equatable {
        var first: Int
        var last: Int?
    }

    var spans: [Span]

    /// The longest text accepted: no one types more, and the parse allocates nothing past it.
    static let maximumLength = 4096

    init(spans: [Span]) {
        self.spans = spans
    }

    init(parsing text: String) throws {
        guard text.utf8.count <= Self.maximumLength else {
            throw ValidationError("--pages is \(text.utf8.count) characters long; the most is \(Self.maximumLength)")
        }
        var spans: [Span] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let firstText = bounds.first, let first = Int(firstText), first >= 1 else {
                throw Self.malformed(text)
            }
            if bounds.count == 1 {
                spans.append(Span(first: first, last: first))
            } else if bounds[1].isEmpty {
                spans.append(Span(first: first, last: nil))
            } else if let last = Int(bounds[1]), last >= first {
                spans.append(Span(first: first, last: last))
            } else {
                throw Self.malformed(text)
            }
        }
        self.init(spans: spans)
    }

    /// The 0-based page indices, in the order written and without repeats, for a notebook of `count`
    /// pages; a page past the end is an error that says how many there are.
    func indices(pageCount count: Int) throws -> [Int] {
        var seen = Set<Int>()
        var result: [Int] = []
        for span in spans {
            let last = span.last ?? count
            guard span.first <= count, last <= count else {
                throw ValidationError("--pages asks for page \(max(span.first, last)), but the notebook has "
                                      + (count == 1 ? "1 page" : "pages 1 to \(count)"))
            }
            for number in span.first...max(span.first, last) where seen.insert(number - 1).inserted {
                result.append(number - 1)
            }
        }
        return result
    }

    private static func malformed(_ text: String) -> ValidationError {
        ValidationError("--pages wants page numbers from 1, like 3, 1-5, 2,4,7-9 or 10- (to the end); got \"\(text)\"")
    }
}
