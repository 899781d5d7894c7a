import CX11

/// Xlib's default error handler exits the process. While creating a GL context a refusal (BadMatch,
/// GLXBadFBConfig) is an answer, not a crash, so it is caught here and turned into a Swift error.
enum XErrorTrap {
    // Xlib calls the handler synchronously on the thread that made the failing request, and only
    // `catching` installs it, so this state is touched by one thread at a time.
    nonisolated(unsafe) private static var lastErrorCode: UInt8 = 0

    /// Runs `body` with X errors recorded instead of fatal; returns the first error code (0 = none).
    static func catching<T>(_ display: OpaquePointer, _ body: () -> T) -> (T, UInt8) {
        XSync(display, 0)
        lastErrorCode = 0
        let previous = XSetErrorHandler { _, event in
            if let event, XErrorTrap.lastErrorCode == 0 { XErrorTrap.lastErrorCode = event.pointee.error_code }
            return 0
        }
        let result = body()
        XSync(display, 0)
        XSetErrorHandler(previous)
        return (result, lastErrorCode)
    }
}
