import Foundation

/// The `text/uri-list` format (RFC 2483) that file managers drop and copy: one URI a line, CRLF or LF,
/// `#` comment lines. Pure, so it is tested without an X server.
public enum URIList {
    /// The entries in `bytes`: `file://` URIs become absolute, percent-decoded paths; any other URI is
    /// kept as given, so the caller can name what it cannot read. Comments and blank lines are skipped.
    public static func entries(in bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { path(fromFileURI: $0) ?? $0 }
    }

    /// The path a `file:` URI names, or nil when `uri` is not one that names a local path
    /// (another scheme, another host, a bad escape, a path that is not absolute).
    /// `file:///a%20b`, `file://localhost/a%20b` and `file:/a%20b` all name "/a b".
    static func path(fromFileURI uri: String) -> String? {
        let lowered = uri.lowercased()
        var rest: Substring
        if lowered.hasPrefix("file://") {
            rest = uri.dropFirst("file://".count)
            // The authority runs to the next "/": empty or localhost is this machine. Another host
            // cannot be opened as a path, so the URI is kept as given.
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[..<slash].lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        } else if lowered.hasPrefix("file:/") {
            rest = uri.dropFirst("file:".count)
        } else {
            return nil
        }
        // A query or fragment is not part of a path.
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard let decoded = percentDecoded(rest), decoded.hasPrefix("/"), !decoded.contains("\0") else { return nil }
        return decoded
    }

    /// `text` with every %XX replaced by its byte, read as UTF-8; nil for a malformed escape or bytes
    /// that are not UTF-8 (a path that cannot be named as a String cannot be opened either).
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
