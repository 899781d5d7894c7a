import CX11
import Foundation

/// The properties that make a window a good desktop citizen: its title in both the old and the EWMH
/// form, its class (for window rules and task bars), its process (so "force quit" works), a minimum
/// size, and WM_DELETE_WINDOW so the close button asks rather than kills.
enum WindowManagerHints {
    static func apply(display: OpaquePointer, window: Window, title: String, instanceName: String,
                      className: String, minimumSize: (Int32, Int32), position: (x: Int, y: Int)? = nil) -> Atom {
        XStoreName(display, window, title)
        setUTF8(display, window, "_NET_WM_NAME", title)

        instanceName.withCString { instance in
            className.withCString { cls in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(display, window, &hint)
            }
        }

        // _NET_WM_PID is only meaningful with WM_CLIENT_MACHINE beside it.
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let hostBytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        _ = hostBytes.withUnsafeBufferPointer {
            XChangeProperty(display, window, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace,
                            $0.baseAddress, Int32($0.count))
        }
        // Format-32 properties are passed to Xlib as C longs, whatever their size on the wire.
        var pid = Int(getpid())
        _ = withUnsafeBytes(of: &pid) {
            XChangeProperty(display, window, atom(display, "_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                            $0.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }

        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = minimumSize.0
            hints.pointee.min_height = minimumSize.1
            if let position {
                // Where the person last left it: window managers place a window with USPosition there.
                hints.pointee.flags |= USPosition
                hints.pointee.x = Int32(clamping: position.x)
                hints.pointee.y = Int32(clamping: position.y)
            }
            XSetWMNormalHints(display, window, hints)
            XFree(hints)
        }

        var deleteWindow = atom(display, "WM_DELETE_WINDOW")
        XSetWMProtocols(display, window, &deleteWindow, 1)
        return deleteWindow
    }

    static func atom(_ display: OpaquePointer, _ name: String) -> Atom {
        XInternAtom(display, name, 0)
    }

    private static func setUTF8(_ display: OpaquePointer, _ window: Window, _ property: String, _ value: String) {
        let bytes = Array(value.utf8)
        _ = bytes.withUnsafeBufferPointer {
            XChangeProperty(display, window, atom(display, property), atom(display, "UTF8_STRING"), 8,
                            PropModeReplace, $0.baseAddress, Int32($0.count))
        }
    }
}
