/// Why the window's icon could not be read.
public enum AppIconError: Error, Equatable, CustomStringConvertible {
    case wrongSize(path: String, expected: Int, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .wrongSize(path, expected, width, height):
            return "\(path) is \(width)×\(height), not \(expected)×\(expected)"
        }
    }
}
