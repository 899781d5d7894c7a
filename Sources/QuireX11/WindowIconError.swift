/// Why a window icon image was refused.
public enum WindowIconError: Error, Equatable, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case wrongByteCount(expected: Int, got: Int)

    public var description: String {
        switch self {
        case let .badSize(width, height):
            return "a window icon is 1 to \(WindowIconImage.maximumSide) pixels a side; got \(width)×\(height)"
        case let .wrongByteCount(expected, got):
            return "a window icon's RGBA pixels take \(expected) bytes; got \(got)"
        }
    }
}
