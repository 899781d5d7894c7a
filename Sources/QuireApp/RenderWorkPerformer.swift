import QuireRender

extension PageRenderer {
    /// Carries out the canvas's queued work, in order: the one place strokes reach the renderer, for
    /// the window and for headless replay alike.
    public func perform(_ work: [InkRenderWork]) {
        for item in work {
            switch item {
            case let .beginStroke(style): beginLiveStroke(style)
            case let .sprites(sprites): appendToLiveStroke(sprites)
            case .endStroke: endLiveStroke()
            case .undo: undo()
            case .redo: redo()
            }
        }
    }
}
