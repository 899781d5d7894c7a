import CCairo

/// A failure reported by poppler through a GLib `GError`, as words: the message is copied out and the
/// GError freed at once, so no GLib type leaves this target.
public struct GLibError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    /// Takes ownership of `error` (frees it); nil when there was none.
    init?(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else { return nil }
        defer { g_error_free(error) }
        let text = error.pointee.message.map { String(cString: $0) } ?? ""
        self.init(message: text.isEmpty ? "unknown error (GLib domain \(error.pointee.domain), code \(error.pointee.code))" : text)
    }

    public var description: String { message }
}

/// The versions of the C libraries this target wraps, for `quire --version` and bug reports.
public enum PDFLibraries {
    public static var cairoVersion: String { String(cString: cairo_version_string()) }
    public static var popplerVersion: String { String(cString: poppler_get_version()) }
}
