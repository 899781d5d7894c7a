import QuireInk

/// What the renderer must do to catch up with the canvas, in order.
public enum InkRenderWork: Equatable, Sendable {
    case beginStroke(StrokeRenderStyle)
    case sprites([Sprite])
    case endStroke
    case undo
    case redo
}
