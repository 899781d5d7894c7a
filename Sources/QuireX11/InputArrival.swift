/// When the oldest pen, mouse or touch event of a batch happened and when Quire took it in: what the
/// input → swap latency is measured from.
public struct InputArrival: Equatable, Sendable {
    /// The X server's time stamp on the event: milliseconds, 32 bits, wrapping every 49.7 days.
    public var serverTime: UInt32
    /// `MonotonicClock.seconds()` when the event was read from the connection.
    public var received: Double

    public init(serverTime: UInt32, received: Double) {
        self.serverTime = serverTime
        self.received = received
    }
}
