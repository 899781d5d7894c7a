/// The picture formats Quire reads, told apart by their first bytes, never by a file name.
public enum ImageFormat: String, Sendable, Codable {
    case png
    case jpeg
}
