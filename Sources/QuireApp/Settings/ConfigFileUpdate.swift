import Foundation

/// Rewrites some keys of the config file and leaves everything else as the person wrote it: their
/// other settings, comments, blank lines and order. A key already in the file keeps its place (and a
/// comment after its value); one that is not is added at the end. The new file replaces the old in
/// one rename, so a crash mid-write leaves the old file whole.
public enum ConfigFileUpdate {
    /// `text` with each of `values` set: the first line with that key gets the new value, later lines
    /// with the same key (which the reader would let win) are dropped.
    public static func updating(_ text: String, with values: [(key: String, value: String)]) -> String {
        var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        // A file ending in a newline splits into a last empty piece: put it back at the end.
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        var written: Set<String> = []
        let wanted = Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        var result: [String] = []
        for line in lines {
            guard let key = key(of: line), let value = wanted[key] else {
                result.append(line)
                continue
            }
            if written.contains(key) { continue }
            written.insert(key)
            result.append(replacingValue(of: line, key: key, with: value))
        }
        for (key, value) in values where !written.contains(key) {
            written.insert(key)
            result.append("\(key) = \(value)")
        }
        return result.joined(separator: "\n") + "\n"
    }

    /// The key a `key = value` line sets, or nil for a comment, a blank or a line without `=`.
    static func key(of line: String) -> String? {
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = content.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let key = parts[0].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }

    /// The line with its value replaced; a comment after the value stays.
    private static func replacingValue(of line: String, key: String, with value: String) -> String {
        let comment = line.firstIndex(of: "#").map { "  " + line[$0...] } ?? ""
        return "\(key) = \(value)\(comment)"
    }

    /// Sets `values` in the file at `path` (made, with its folder, when missing), through a temporary
    /// file beside it renamed over it. Throws when the file exists but cannot be read (it is then left
    /// alone, not replaced by a file of only these keys) or the new one cannot be written.
    public static func write(_ values: [(key: String, value: String)], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var old = ""
        var permissions: Any?
        if FileManager.default.fileExists(atPath: path) {
            old = try String(contentsOf: url, encoding: .utf8)
            permissions = try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(updating(old, with: values).utf8).write(to: temporary)
            // The person's file keeps its permissions (one kept private stays private).
            if let permissions { try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path) }
            guard rename(temporary.path, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                                                                NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
