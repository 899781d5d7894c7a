import CX11
import Foundation

/// Quire's handler for X errors outside `XErrorTrap`: each is said on stderr and the program carries
/// on. Xlib's default handler exits the process on any error, and Mesa's software GLX (llvmpipe under
/// Xvfb or Xorg) makes requests of its own while presenting a frame: one of them refused as the window
/// is resized left Quire gone mid-quit, status 1, before it had saved the window's place. A refused
/// request costs at most that frame, which the next one redraws.
public enum XErrorLog {
    /// Errors said one by one; past this many, only every thousandth (a stream of them must not flood
    /// the terminal).
    static let spokenErrors = 20

    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var installed = false

    /// Installs the handler (once; it serves every display of the process). Called on the main thread
    /// as the window opens, before any GL context exists.
    public static func install() {
        guard !installed else { return }
        installed = true
        XSetErrorHandler { _, event in
            XErrorLog.count += 1
            guard let event, XErrorLog.count <= XErrorLog.spokenErrors || XErrorLog.count % 1000 == 0 else { return 0 }
            let error = event.pointee
            FileHandle.standardError.write(Data(("quire: the X server refused a request (error \(error.error_code), request "
                + "\(error.request_code).\(error.minor_code), resource 0x\(String(error.resourceid, radix: 16))); "
                + "carrying on\(XErrorLog.count > 1 ? " (\(XErrorLog.count) so far)" : "")\n").utf8))
            return 0
        }
    }

    /// How many errors the handler has seen (tests).
    public static var seen: Int { count }
}
