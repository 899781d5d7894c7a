import CX11

/// Whether the X server stamps events with this machine's CLOCK_MONOTONIC (as Xorg and Xvfb do on
/// Linux): told by changing a property and reading the time on the PropertyNotify it brings (the
/// ICCCM's way of asking the server for its time), which must fall between this clock's readings
/// before and after the round trip. A server on another machine, or one on another clock, fails it,
/// and then only the part of the latency measured on this machine's clock is known.
enum ServerClock {
    /// A little slack for a coarse clock (a millisecond tick) and the truncation to milliseconds.
    static let slackMilliseconds: Int64 = 2

    static func isMonotonic(display: OpaquePointer, window: Window) -> Bool {
        let property = XInternAtom(display, "QUIRE_SERVER_TIME", 0)
        let before = MonotonicClock.seconds()
        // A zero-length append changes nothing but still sends PropertyNotify with the server's time.
        XChangeProperty(display, window, property, XA_INTEGER, 32, PropModeAppend, nil, 0)
        XSync(display, 0)
        let after = MonotonicClock.seconds()
        var event = XEvent()
        var wanted = property
        let found = withUnsafeMutablePointer(to: &wanted) { atom in
            atom.withMemoryRebound(to: CChar.self, capacity: MemoryLayout<Atom>.size) { argument in
                XCheckIfEvent(display, &event, { _, event, argument in
                    guard let event, let argument, event.pointee.type == PropertyNotify else { return 0 }
                    let atom = UnsafeRawPointer(argument).load(as: Atom.self)
                    return event.pointee.xproperty.atom == atom ? 1 : 0
                }, argument)
            }
        }
        guard found != 0 else { return false }
        return agrees(serverTime: UInt32(truncatingIfNeeded: event.xproperty.time), before: before, after: after)
    }

    /// Whether `serverTime` lies between `before` and `after` (monotonic seconds), 32-bit wrap allowed.
    static func agrees(serverTime: UInt32, before: Double, after: Double) -> Bool {
        let start = UInt32(truncatingIfNeeded: Int64((before * 1000).rounded(.down)))
        let offset = Int64(Int32(bitPattern: serverTime &- start))
        let span = Int64(((after - before) * 1000).rounded(.up))
        return offset >= -slackMilliseconds && offset <= span + slackMilliseconds
    }
}
