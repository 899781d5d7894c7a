/// What a paste found on the clipboard, in the order Quire prefers it: a picture's encoded bytes as the
/// owner offered them (decoding is the app's business), dropped-style file paths, or why there is
/// nothing to paste.
public enum ClipboardContent: Equatable, Sendable, Codable {
    /// Items copied in Quire (`ClipboardContent.quireItemsType`), exact: outline, picture, ink, place.
    /// Another Quire's bytes, checked by whoever reads them.
    case quireItems([UInt8])
    case png([UInt8])
    case jpeg([UInt8])
    /// The `text/uri-list` entries, read as `URIList.entries(in:)` reads them.
    case files([String])
    /// Text (UTF8_STRING or text/plain;charset=utf-8), checked to be UTF-8.
    case text(String)
    /// Nothing usable: the clipboard is empty, holds only other kinds, its owner did not answer, or the
    /// transfer was refused (too big, malformed). The reason is worded for the user.
    case nothing(reason: String)
}

extension ClipboardContent {
    /// The MIME type under which Quire offers its own copied items.
    public static let quireItemsType = "application/x-quire-items"
}
