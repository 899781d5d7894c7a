import QuireGeometry
import QuireInk

/// How the window offers a tool, given with the tool when it is registered: its name, the key that
/// selects it, what the help says of it, its toolbar icon, its pointer, and the word a pen button's
/// setting names it by. The toolbar, the key table, the help, the cursor and the settings all read it
/// from the registry, so a new tool is its own file and one `register` line.
public struct ToolOffer: Sendable {
    /// "Pen", "Scissors": the tooltip and the help.
    public var name: String
    /// The plain key that selects it ("p"), if any.
    public var key: Character?
    /// What the key table says it does: "scissors (cut scraps; a loop cuts ink out)".
    public var help: String
    /// Its toolbar button's picture; nil: no toolbar button.
    public var icon: ToolIcon?
    public var cursor: ToolCursorStyle
    /// The word that puts it on a pen's side button (`pen.lower-button = erase`), if it may be.
    public var penButtonName: String?

    public init(name: String, key: Character? = nil, help: String, icon: ToolIcon?, cursor: ToolCursorStyle,
                penButtonName: String? = nil) {
        self.name = name
        self.key = key
        self.help = help
        self.icon = icon
        self.cursor = cursor
        self.penButtonName = penButtonName
    }
}

/// What the pointer looks like while a tool is in hand.
public enum ToolCursorStyle: Sendable, Equatable {
    /// A ring as wide as the tool's widest ink at the zoom (filled faintly: the eraser's).
    case inkRing(filled: Bool)
    case crosshair
    case arrow
}

/// A toolbar icon as vector parts in a 24 × 24 design box (y down), drawn at any size and scale. Light
/// on the toolbar's dark panel unless a part gives its own colour.
public struct ToolIcon: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        /// A filled polygon.
        case shape([Point], color: InkColor? = nil)
        /// A line through the points, `width` design pixels wide.
        case line([Point], width: Double)
        /// A circle's outline.
        case ring(center: Point, radius: Double)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) { self.parts = parts }

    /// A polygon from design-box coordinates.
    public static func shape(_ points: [(Double, Double)], color: InkColor? = nil) -> Part {
        .shape(points.map { Point($0.0, $0.1) }, color: color)
    }

    /// A line from design-box coordinates.
    public static func line(_ points: [(Double, Double)], width: Double = 1.6) -> Part {
        .line(points.map { Point($0.0, $0.1) }, width: width)
    }
}
