/// The most a Xournal++ file may ask for, checked while it is read and before anything is allocated
/// from what it says: a file past any of them is refused, naming the limit. Stated in `quire
/// import-xopp --help` and INSTALL.md.
public enum XournalLimits {
    /// Bytes of XML once unpacked; checked while inflating, so a small file that unpacks to gigabytes
    /// (a zip bomb) stops as soon as it passes this.
    public static let maximumXMLBytes = 1 << 30
    public static let maximumPages = 10_000
    /// Points in one stroke, and in the whole file (each becomes an ink sample of about 80 bytes).
    public static let maximumPointsPerStroke = 1_000_000
    public static let maximumPoints = 20_000_000
    /// How far from the page's corner a coordinate may lie, in points (a page is at most 12,000 pt a side).
    public static let maximumCoordinate = 500_000.0
    /// The widest stroke, in points.
    public static let maximumWidth = 1_000.0
    /// A text element's characters (a Quire text box's most), its bytes as UTF-8 at most four each, and
    /// its font size in points.
    public static let maximumTextCharacters = 100_000
    public static let maximumTextBytes = 4 * maximumTextCharacters
    public static let maximumFontSize = 1_000.0
    /// Bytes of one embedded picture, decoded from base64 (a notebook stores at most 256 MiB as one).
    public static let maximumImageBytes = 256 << 20
    /// XML comments and processing instructions, and their bytes, in the whole file. Xournal++ writes
    /// none; libxml2's pull parser keeps each one until the element around it ends (at the top level:
    /// the end of the file), so without a bound a file of comments would hold memory with its size.
    public static let maximumComments = 10_000
    public static let maximumCommentBytes = 1 << 20
}
