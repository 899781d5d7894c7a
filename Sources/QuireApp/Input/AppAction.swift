/// What a key (and later a button of the on-canvas interface) asks Quire to do.
public enum AppAction: Equatable, Sendable {
    case selectTool(ToolID)
    /// A palette slot (0-based) for the current tool.
    case selectColor(slot: Int)
    case undo, redo
    case zoomIn, zoomOut, resetView
    /// Pan by whole steps (`CanvasController.scrollStep` window pixels), positive right and down: the
    /// direction the page moves.
    case pan(dx: Int, dy: Int)
    /// Take the selected scrap or picture off the page; put it on top of the others.
    case deleteSelection, bringSelectionToFront
    /// Put the clipboard's picture (or picture files) on the page.
    case paste
    /// Copy the selected scrap, picture or text box to the clipboard; copy it and take it off the page.
    case copy, cut
    /// Put a copy of the selection just beside it (the clipboard left alone).
    case duplicateSelection
    case exportPNG, quit
    /// Write the whole notebook as a PDF.
    case exportPDF
    /// Show (or hide) every key and gesture on the window.
    case showHelp
    /// Show (or hide) the current inking tool's settings: widths, opacities, smoothing, pressure curve.
    case showPenSettings
    /// Hide or show the toolbar and status.
    case toggleInterface
    /// Fullscreen on or off (the window manager's).
    case toggleFullscreen
    /// Open or close the colour picker.
    case toggleColorPicker
    /// Open or close the notebook list.
    case showNotebooks
    /// Open or close the page sorter: every page as a thumbnail, to open, move, add and remove pages.
    case showPageSorter
    /// Show or hide the ruler; hide it (Escape).
    case toggleRuler, hideRuler
    /// Open the find bar (Ctrl+F).
    case find
    case notebook(NotebookCommand)
}
