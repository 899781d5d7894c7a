import QuireRender

extension PageRenderer {
    /// Carries out the canvas's queued work, in order: the one place strokes reach the renderer, for
    /// the window and for headless replay alike. The renderer has no undo of its own: undo removes the
    /// newest item and keeps it in `redoItems`, redo puts it back on top, and a new stroke ends the
    /// redo history (as the canvas's own does).
    public func perform(_ work: [InkRenderWork], redoItems: inout [RenderItem]) {
        for item in work {
            switch item {
            case let .beginStroke(style): beginLiveStroke(style)
            case let .sprites(sprites): appendToLiveStroke(sprites)
            case .endStroke:
                endLiveStroke()
                redoItems.removeAll()
            case .undo:
                guard !hasLiveStroke, count > 0, let undone = remove(at: count - 1) else { continue }
                redoItems.append(undone)
            case .redo:
                guard !hasLiveStroke, let redone = redoItems.popLast() else { continue }
                insert(redone, at: count)
            }
        }
    }
}
