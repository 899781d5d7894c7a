import QuireDocument

/// How the window starts, from the command line.
public struct AppOptions: Sendable {
    /// Where Ctrl+E writes the page as PNG; nil: a time-stamped file in the current folder.
    public var exportPath: String?
    public var windowWidth: Int
    public var windowHeight: Int
    public var pageSize: PageSize
    /// The X display to use; nil: $DISPLAY.
    public var displayName: String?
    /// Where to record every input event (`--record-input`), and a log to replay at start.
    public var recordPath: String?
    public var replayPath: String?
    /// The folder of notebooks; nil: `NotebookLibrary.defaultDirectory`.
    public var libraryDirectory: String?
    /// The notebook to open (title or path); nil: the one open last.
    public var notebook: String?
    /// `--ui-scale`; nil: from the desktop (`InterfaceScale`).
    public var interfaceScale: Double?
    /// The window opens at the size and place it was closed at (no `--size` given), and keeps them
    /// when it is closed (`WindowPlacement`).
    public var restoresPlacement: Bool
    /// `--show-latency`: the input → swap latency of the last input frames, live, at the bottom right.
    public var showsLatency: Bool

    public init(exportPath: String? = nil, windowWidth: Int = 1024, windowHeight: Int = 768,
                pageSize: PageSize = .letter, displayName: String? = nil, libraryDirectory: String? = nil,
                notebook: String? = nil, recordPath: String? = nil, replayPath: String? = nil,
                interfaceScale: Double? = nil, restoresPlacement: Bool = false, showsLatency: Bool = false) {
        self.showsLatency = showsLatency
        self.interfaceScale = interfaceScale
        self.restoresPlacement = restoresPlacement
        self.recordPath = recordPath
        self.replayPath = replayPath
        self.exportPath = exportPath
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.pageSize = pageSize
        self.displayName = displayName
        self.libraryDirectory = libraryDirectory
        self.notebook = notebook
    }
}
